package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.engine.HeaderMode;
import dev.ttftgap.engine.ModelProfile;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.TestRecords;
import dev.ttftgap.stream.ChunkClassifier;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link HeaderTimingDetector} on the embedded engine over loopback, in each header mode and at
 * three first-token times: 9 engines of 10 timed requests, so an integration test (Failsafe, {@code
 * mvn verify}).
 */
class HeaderTimingOnEngineIT {

  static Stream<Arguments> headerModesAtThreeFirstTokenTimes() {
    List<Arguments> cases = new ArrayList<>();
    for (HeaderMode mode : HeaderMode.values()) {
      for (int ttftMillis : new int[] {10, 40, 300}) {
        cases.add(Arguments.of(mode, ttftMillis));
      }
    }
    return cases.stream();
  }

  /**
   * The embedded engine in each header mode with a model whose first token comes after about 10, 40
   * or 300 ms (one prefill step), ten requests one after another timed like Gatling does
   * (whole-millisecond clock readings): no absolute floor may decide the reading.
   */
  @ParameterizedTest(name = "{0} at a first token of ~{1} ms")
  @MethodSource("headerModesAtThreeFirstTokenTimes")
  void readsTheEnginesHeaderModeWhateverTheFirstTokenTime(HeaderMode mode, int ttftMillis)
      throws Exception {
    ModelProfile profile = profileWithFirstTokenAfter(ttftMillis);
    List<RequestRecord> records = new ArrayList<>();
    try (EmbeddedEngine engine =
        EmbeddedEngine.start(
            EngineConfig.defaults().withProfiles(List.of(profile)).withHeaderMode(mode))) {
      HttpClient client = HttpClient.newHttpClient();
      for (int i = 0; i < LowLoadReference.MIN_SAMPLES; i++) {
        records.add(timedRequest(client, engine.baseUrl(), profile.name(), i));
      }
    }

    HeaderTimingVerdict verdict = HeaderTimingDetector.detect(records);

    assertThat(verdict.timing())
        .as("engine headers %s, TTFT ~%d ms, verdict medians %s", mode, ttftMillis, verdict)
        .isEqualTo(HeaderTiming.valueOf(mode.name()));
    // a buffered stream shows its first token only at the end, with all the others
    if (mode != HeaderMode.BUFFERED) {
      assertThat(verdict.ttftP50Millis())
          .as("the profile's first token comes after about %d ms", ttftMillis)
          .isBetween(ttftMillis * 0.7, ttftMillis * 2.0 + 10);
    }
  }

  /**
   * Steps of 4 + 0.1 ms per sequence, prefill priced so that a 100-token prompt takes {@code
   * ttftMillis} (one prefill step), 16 output tokens.
   */
  private static ModelProfile profileWithFirstTokenAfter(int ttftMillis) {
    double base = 4.0;
    double perSeq = 0.1;
    return new ModelProfile(
        "ttft-" + ttftMillis + "ms",
        "first token after about " + ttftMillis + " ms",
        8,
        2048,
        64,
        base,
        perSeq,
        (ttftMillis - base - perSeq) / PROMPT_TOKENS,
        16,
        0,
        PROMPT_TOKENS,
        OUTPUT_TOKENS,
        4096,
        null,
        0,
        null,
        0,
        0);
  }

  private static final int PROMPT_TOKENS = 100;
  private static final int OUTPUT_TOKENS = 16;

  /** One streaming request, timed on whole-millisecond readings of one clock, as Gatling does. */
  private static RequestRecord timedRequest(
      HttpClient client, String baseUrl, String model, int index) throws Exception {
    String prompt = ("request " + index + " ") + "word ".repeat(PROMPT_TOKENS - 3);
    String body =
        "{\"model\":\""
            + model
            + "\",\"stream\":true,\"max_tokens\":"
            + OUTPUT_TOKENS
            + ",\"messages\":[{\"role\":\"user\",\"content\":\""
            + prompt
            + "\"}]}";
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(baseUrl + "/chat/completions"))
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    long startMillis = millis();
    HttpResponse<Stream<String>> response =
        client.send(request, HttpResponse.BodyHandlers.ofLines());
    long ttfb = millis() - startMillis;
    Long ttft = null;
    Long last = null;
    List<Long> itl = new ArrayList<>();
    int contentEvents = 0;
    try (Stream<String> lines = response.body()) {
      Iterator<String> it = lines.iterator();
      while (it.hasNext()) {
        String line = it.next();
        long now = millis() - startMillis;
        if (!line.startsWith("data: ")
            || !ChunkClassifier.classifyData(line.substring(6)).isToken()) {
          continue;
        }
        contentEvents++;
        if (ttft == null) {
          ttft = now;
        } else {
          itl.add(now - last);
        }
        last = now;
      }
    }
    long e2e = millis() - startMillis;
    assertThat(response.statusCode()).as("engine answers 200").isEqualTo(200);
    assertThat(ttft).as("the stream carried a token").isNotNull();
    long firstToken = ttft;
    int events = contentEvents;
    return TestRecords.builder()
        .identity(id -> id.userId(index))
        .timings(
            t ->
                t.startEpochMillis(System.currentTimeMillis())
                    .ttfbMillis(ttfb)
                    .ttftMillis(firstToken)
                    .gapMillis(firstToken - ttfb)
                    .e2eMillis(e2e)
                    .itlMillis(itl))
        .output(o -> o.contentEvents(events))
        .build();
  }

  /** Whole milliseconds of the monotonic clock, like Gatling's timestamps. */
  private static long millis() {
    return System.nanoTime() / 1_000_000;
  }
}
