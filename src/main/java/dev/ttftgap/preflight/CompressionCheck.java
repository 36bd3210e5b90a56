package dev.ttftgap.preflight;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Sends the streaming probe once more, as the OpenAI SDKs do, with {@code Accept-Encoding: gzip}
 * (Python's httpx sends {@code gzip, deflate}, Node's {@code gzip, deflate, br}), and warns when a
 * compressing proxy changes what those clients get.
 *
 * <p>Algorithm overview: the compressed answer is timed on one {@link System#nanoTime()} clock:
 * headers, the first body bytes, the end. It arrived all at once when its first body bytes came
 * later than halfway between the plain probe's first token and its end, and in the last {@value
 * #LATE_FRACTION_PERCENT} % of its own exchange: a proxy compressed the whole stream, so SDK
 * clients see TTFT = total time while this tool, sending no {@code Accept-Encoding}, sees a clean
 * stream. A {@code Content-Encoding: gzip} on a {@code text/event-stream} that still streams is
 * told too, more softly: a proxy compresses the events; a different buffer setting would hold them.
 *
 * <p>Assumptions: the plain probe succeeded ({@link Preflight}); the body is not decoded (its
 * arrival times are what matter).
 *
 * <p>Parameters with defaults: the target's timeout bounds the probe.
 */
public final class CompressionCheck {
  static final int LATE_FRACTION_PERCENT = 20;

  private CompressionCheck() {}

  /**
   * The warning line, if any. Never fails: a probe that errors gives no warning (the plain probe
   * already vouched for the target).
   *
   * @param plain the preflight's result for the same target (its TTFT and total)
   */
  public static Optional<String> run(PreflightTarget target, PreflightResult plain) {
    if (!plain.ok() || plain.ttft().isEmpty() || plain.total().isEmpty()) {
      return Optional.empty();
    }
    HttpRequest request =
        HttpRequest.newBuilder(
                new Preflight(target).streamRequest(target.apiUrl()), (name, value) -> true)
            .header("Accept-Encoding", "gzip")
            .build();
    HttpClient client = TargetHttp.client(target);
    // the recorder's SSE parsing sees compressed bytes and finds nothing: only its times count
    SseRecorder timing = new SseRecorder(target.api());
    long startNanos = System.nanoTime();
    CompletableFuture<HttpResponse<Void>> future = client.sendAsync(request, timing);
    try {
      HttpResponse<Void> response = future.get(target.timeout().toMillis(), TimeUnit.MILLISECONDS);
      if (response.statusCode() != 200) {
        return Optional.empty();
      }
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      future.cancel(true);
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
    return judge(
        plain.ttft().get(),
        plain.total().get(),
        Duration.ofNanos(timing.head().nanos() - startNanos),
        timing.firstBodyNanos() == 0
            ? null
            : Duration.ofNanos(timing.firstBodyNanos() - startNanos),
        Duration.ofNanos(timing.endNanos() - startNanos),
        timing.head().contentType(),
        timing.head().contentEncoding());
  }

  /** The verdict on measured figures (see the class Javadoc); package-private for tests. */
  static Optional<String> judge(
      Duration plainTtft,
      Duration plainTotal,
      Duration headers,
      Duration firstBody,
      Duration total,
      String contentType,
      String contentEncoding) {
    boolean gzipEvents =
        contentType.toLowerCase(Locale.ROOT).startsWith("text/event-stream")
            && !contentEncoding.isBlank()
            && !contentEncoding.equalsIgnoreCase("identity");
    Duration first = firstBody == null ? total : firstBody;
    long halfway = plainTtft.toNanos() + (plainTotal.toNanos() - plainTtft.toNanos()) / 2;
    boolean late =
        first.toNanos() > halfway
            && first.toNanos() * 100 >= total.toNanos() * (100 - LATE_FRACTION_PERCENT);
    if (late) {
      return Optional.of(
          "preflight warning: with Accept-Encoding: gzip (what the OpenAI SDKs send) the stream"
              + " arrives all at once: first bytes after "
              + first.toMillis()
              + " ms of "
              + total.toMillis()
              + " ms (headers "
              + headers.toMillis()
              + " ms"
              + (contentEncoding.isBlank() ? "" : ", Content-Encoding: " + contentEncoding)
              + "), against a first token after "
              + plainTtft.toMillis()
              + " ms without it. A proxy compresses and buffers the event stream, so SDK clients"
              + " see TTFT = total time; exclude text/event-stream from compression (nginx:"
              + " gzip_types without it, or gzip off on the API location), and measure what SDK"
              + " clients get with -Dclient.acceptEncoding=gzip");
    }
    if (gzipEvents) {
      return Optional.of(
          "preflight note: the event stream comes back with Content-Encoding: "
              + contentEncoding
              + " when the client accepts it (as the OpenAI SDKs do); it still streams here (first"
              + " bytes after "
              + first.toMillis()
              + " ms of "
              + total.toMillis()
              + " ms), but a compressing proxy can hold events in its buffers under other"
              + " settings; -Dclient.acceptEncoding=gzip measures what SDK clients get");
    }
    return Optional.empty();
  }
}
