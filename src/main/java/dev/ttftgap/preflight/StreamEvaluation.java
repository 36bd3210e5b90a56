package dev.ttftgap.preflight;

import dev.ttftgap.stream.Api;
import dev.ttftgap.stream.ChunkKind;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Judges the streaming probe once it finished: content type, error events, content, {@code [DONE]},
 * a buffered delivery, and when the headers came.
 *
 * <p>Algorithm overview: the stream is <em>buffered</em> when at least {@value
 * #BUFFERED_MIN_CONTENT_EVENTS} content events arrived, the first of them within {@value
 * #BUFFERED_SPAN_MILLIS} ms of the last event, and either the whole exchange took at least {@value
 * #BUFFERED_MIN_TOTAL_MILLIS} ms or every event came in one read. Otherwise the headers came
 * <em>with the first token</em> when TTFT − TTFB ≤ max({@value #HEADERS_WITH_TOKEN_MILLIS} ms,
 * {@value #HEADERS_WITH_TOKEN_PERCENT}% of TTFT), else <em>at acceptance</em>. Worked example:
 * headers at 300 ms, first token at 301 ms → gap 1 ms ≤ max(5, 15) ms → with the first token.
 *
 * <p>Assumptions: a real model decodes a few tokens in more than {@value #BUFFERED_SPAN_MILLIS} ms,
 * so a healthy stream never looks buffered. A server whose whole gap is below {@value
 * #HEADERS_WITH_TOKEN_MILLIS} ms (a tiny model on loopback) cannot be told from one that holds its
 * headers, and is reported "with the first token"; the gap is negligible either way.
 */
final class StreamEvaluation {
  static final long BUFFERED_SPAN_MILLIS = 5;
  static final long BUFFERED_MIN_TOTAL_MILLIS = 200;
  static final int BUFFERED_MIN_CONTENT_EVENTS = 2;
  static final long HEADERS_WITH_TOKEN_MILLIS = 5;
  static final int HEADERS_WITH_TOKEN_PERCENT = 5;

  private StreamEvaluation() {}

  /**
   * @param startNanos when the request was handed to the client, on {@link System#nanoTime()}
   * @return an ok result with the probe's timings
   * @throws PreflightStop with the diagnosis when the stream is unfit for measurement
   */
  static PreflightResult evaluate(
      SseRecorder recorder,
      long startNanos,
      List<String> served,
      String url,
      ServerMessages messages)
      throws PreflightStop {
    checkContentType(recorder, url);
    List<SseRecorder.Event> events = recorder.events();
    List<SseRecorder.Event> content = checkEvents(recorder.api(), events, url, messages);
    long firstContentNanos = content.get(0).arrivalNanos();
    long lastEventNanos = events.get(events.size() - 1).arrivalNanos();
    long ttfbNanos = recorder.head().nanos() - startNanos;
    long ttftNanos = firstContentNanos - startNanos;
    long totalNanos = recorder.endNanos() - startNanos;
    boolean oneRead = events.get(0).read() == events.get(events.size() - 1).read();
    boolean burstAtEnd = lastEventNanos - firstContentNanos <= millis(BUFFERED_SPAN_MILLIS);
    boolean longEnough = totalNanos >= millis(BUFFERED_MIN_TOTAL_MILLIS);
    if (content.size() >= BUFFERED_MIN_CONTENT_EVENTS && burstAtEnd && (longEnough || oneRead)) {
      throw PreflightStop.of(
          Diagnosis.Kind.STREAM_BUFFERED,
          PreflightResult.BUFFERED,
          String.format(
              Locale.ROOT,
              "the %d events of the stream from %s arrived all at once at the end (first token"
                  + " at %d ms, end at %d ms%s): something buffers the stream, so TTFT would equal"
                  + " total time; disable response buffering in the proxy or gateway (nginx:"
                  + " proxy_buffering off) or target the server directly",
              events.size(),
              url,
              TimeUnit.NANOSECONDS.toMillis(ttftNanos),
              TimeUnit.NANOSECONDS.toMillis(totalNanos),
              oneRead ? ", all in one read" : ""));
    }
    long tolerance =
        Math.max(millis(HEADERS_WITH_TOKEN_MILLIS), ttftNanos * HEADERS_WITH_TOKEN_PERCENT / 100);
    String timing =
        ttftNanos - ttfbNanos <= tolerance
            ? PreflightResult.WITH_FIRST_TOKEN
            : PreflightResult.AT_ACCEPT;
    return new PreflightResult(
        true,
        Optional.empty(),
        served,
        timing,
        Optional.of(Duration.ofNanos(ttfbNanos)),
        Optional.of(Duration.ofNanos(ttftNanos)),
        Optional.of(Duration.ofNanos(totalNanos)));
  }

  /**
   * Throws on an error event, a stream without content or one without {@code [DONE]}; the content
   * events otherwise.
   */
  private static List<SseRecorder.Event> checkEvents(
      Api api, List<SseRecorder.Event> events, String url, ServerMessages messages)
      throws PreflightStop {
    Optional<SseRecorder.Event> error =
        events.stream().filter(e -> e.chunk().kind() == ChunkKind.ERROR).findFirst();
    if (error.isPresent()) {
      throw PreflightStop.of(
          Diagnosis.Kind.STREAM_ERROR,
          ("the streaming probe to %s got an error event: \"%s\": fix what the server says"
                  + " before a load run")
              .formatted(url, messages.clean(String.valueOf(error.get().chunk().errorMessage()))));
    }
    List<SseRecorder.Event> content = events.stream().filter(e -> e.chunk().isToken()).toList();
    if (content.isEmpty()) {
      throw PreflightStop.of(
          Diagnosis.Kind.NO_CONTENT,
          ("the stream from %s ended after %s events without any content, reasoning or tool"
                  + " call: no TTFT could be measured; check that the model answers and that the"
                  + " stream carries %s")
              .formatted(url, events.size(), ApiShapes.answerField(api)));
    }
    if (events.stream().noneMatch(e -> e.chunk().kind() == ChunkKind.DONE)) {
      throw PreflightStop.of(
          Diagnosis.Kind.NO_DONE,
          ("the stream from %s ended without %s (connection closed early?): every load"
                  + " request would count as failed; check the server or proxy timeouts")
              .formatted(url, ApiShapes.endEvent(api)));
    }
    return content;
  }

  private static void checkContentType(SseRecorder recorder, String url) throws PreflightStop {
    String contentType = recorder.head().contentType().toLowerCase(Locale.ROOT);
    if (contentType.startsWith("text/event-stream")) {
      return;
    }
    if (contentType.contains("json")) {
      throw PreflightStop.of(
          Diagnosis.Kind.STREAM_IGNORED,
          PreflightResult.BUFFERED,
          "stream ignored: "
              + url
              + " answered a stream:true request with "
              + recorder.head().contentType()
              + " (the whole reply at once), so TTFT would equal total time: point LLM_BASE_URL"
              + " at an endpoint that streams, or make the gateway pass stream:true through");
    }
    throw PreflightStop.of(
        Diagnosis.Kind.WRONG_CONTENT_TYPE,
        "a stream:true request to "
            + url
            + " was answered with content type \""
            + recorder.head().contentType()
            + "\", not text/event-stream (no other API's path streams either): check that"
            + " LLM_BASE_URL points at an OpenAI-compatible or Anthropic API, not a web page or"
            + " proxy login");
  }

  private static long millis(long millis) {
    return TimeUnit.MILLISECONDS.toNanos(millis);
  }
}
