package dev.ttftgap.preflight;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Drives the recorder on a clock of the test's own: every time below is exact. */
class StreamEvaluationTest {
  private static final String URL = "http://h/v1/chat/completions";
  private static final String ROLE = "{\"choices\":[{\"delta\":{\"role\":\"assistant\"}}]}";
  private static final String TOKEN = "{\"choices\":[{\"delta\":{\"content\":\"x\"}}]}";

  private long nowMillis;
  private final SseRecorder recorder =
      new SseRecorder(() -> TimeUnit.MILLISECONDS.toNanos(nowMillis));

  private void headersAt(long millis, String contentType) {
    nowMillis = millis;
    recorder.apply(info(contentType));
    recorder.onSubscribe(new NoOpSubscription());
  }

  private void readAt(long millis, String... data) {
    nowMillis = millis;
    StringBuilder text = new StringBuilder();
    for (String d : data) {
      text.append("data: ").append(d).append("\n\n");
    }
    recorder.onNext(List.of(ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8))));
  }

  private PreflightResult endAt(long millis) throws PreflightStop {
    nowMillis = millis;
    recorder.onComplete();
    return StreamEvaluation.evaluate(
        recorder, 0, List.of(), URL, new ServerMessages(Optional.empty()));
  }

  private Diagnosis stopAt(long millis) {
    return catchThrowableOfType(PreflightStop.class, () -> endAt(millis)).diagnosis();
  }

  @Test
  void headersAtAcceptanceLeaveTheGapVisible() throws Exception {
    headersAt(20, "text/event-stream");
    readAt(21, ROLE);
    readAt(80, TOKEN);
    readAt(95, TOKEN);
    readAt(110, TOKEN, "[DONE]");
    PreflightResult result = endAt(111);

    assertThat(result.headerTiming()).isEqualTo(PreflightResult.AT_ACCEPT);
    assertThat(result.ttfb()).hasValue(Duration.ofMillis(20));
    assertThat(result.ttft()).hasValue(Duration.ofMillis(80));
    assertThat(result.total()).hasValue(Duration.ofMillis(111));
  }

  @Test
  void headersOneMillisecondBeforeTheFirstTokenAreWithTheFirstToken() throws Exception {
    headersAt(300, "text/event-stream; charset=utf-8");
    readAt(301, TOKEN);
    readAt(320, TOKEN);
    readAt(340, TOKEN, "[DONE]");

    assertThat(endAt(341).headerTiming())
        .as("gap 1 ms ≤ max(5 ms, 5%% of 301 ms)")
        .isEqualTo(PreflightResult.WITH_FIRST_TOKEN);
  }

  @Test
  void gapJustAboveTheToleranceIsAtAccept() throws Exception {
    headersAt(300, "text/event-stream");
    readAt(317, TOKEN); // gap 17 ms > 5% of 317 ms (15.85 ms)
    readAt(340, TOKEN, "[DONE]");

    assertThat(endAt(341).headerTiming()).isEqualTo(PreflightResult.AT_ACCEPT);
  }

  @Test
  void everyEventWithinFiveMillisecondsAtTheEndIsBuffered() {
    headersAt(10, "text/event-stream");
    readAt(400, ROLE, TOKEN);
    readAt(404, TOKEN, TOKEN, "[DONE]");

    Diagnosis diagnosis = stopAt(405);

    assertThat(diagnosis.kind()).isEqualTo(Diagnosis.Kind.STREAM_BUFFERED);
    assertThat(diagnosis.line()).contains("first token at 400 ms, end at 405 ms)");
  }

  @Test
  void aShortExchangeInOneReadIsBufferedToo() {
    headersAt(10, "text/event-stream");
    readAt(60, ROLE, TOKEN, TOKEN, "[DONE]");

    assertThat(stopAt(61).line()).contains("all in one read");
  }

  @Test
  void aShortExchangeOverSeveralReadsIsNotBuffered() throws Exception {
    headersAt(10, "text/event-stream");
    readAt(60, ROLE, TOKEN);
    readAt(62, TOKEN, "[DONE]");

    assertThat(endAt(63).ok()).as("fast, but streamed: not enough evidence of a buffer").isTrue();
  }

  @Test
  void aSingleContentEventCannotLookBuffered() throws Exception {
    headersAt(10, "text/event-stream");
    readAt(400, ROLE, TOKEN, "[DONE]");

    assertThat(endAt(401).ok()).isTrue();
  }

  @Test
  void plainJsonIsStreamIgnoredAndOtherTypesAreWrongContentType() {
    headersAt(10, "application/json");
    Diagnosis json = stopAt(11);

    assertThat(json.kind()).isEqualTo(Diagnosis.Kind.STREAM_IGNORED);
    assertThat(json.line()).startsWith("stream ignored: " + URL);
  }

  @Test
  void htmlIsWrongContentType() {
    headersAt(10, "text/html");

    assertThat(stopAt(11).kind()).isEqualTo(Diagnosis.Kind.WRONG_CONTENT_TYPE);
  }

  @Test
  void streamWithOnlyRoleAndUsageChunksHasNoContent() {
    headersAt(10, "text/event-stream");
    readAt(20, ROLE, "{\"choices\":[],\"usage\":{}}", "[DONE]");

    Diagnosis diagnosis = stopAt(21);

    assertThat(diagnosis.kind()).isEqualTo(Diagnosis.Kind.NO_CONTENT);
    assertThat(diagnosis.line()).contains("after 3 events");
  }

  private static HttpResponse.ResponseInfo info(String contentType) {
    return new HttpResponse.ResponseInfo() {
      @Override
      public int statusCode() {
        return 200;
      }

      @Override
      public HttpHeaders headers() {
        return HttpHeaders.of(Map.of("content-type", List.of(contentType)), (a, b) -> true);
      }

      @Override
      public HttpClient.Version version() {
        return HttpClient.Version.HTTP_1_1;
      }
    };
  }
}
