package dev.ttftgap.preflight;

import dev.ttftgap.stream.Api;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One streaming exchange, whole body included, bounded by one timeout: the streaming probe and the
 * other-API probes of {@link WrongApi} wait the same way, so that neither can hang the preflight.
 *
 * @param response status and headers
 * @param recorder the body, its events classified as {@code api}'s and time-stamped
 * @param startNanos when the request was handed to the client, on {@link System#nanoTime()}
 */
record StreamCall(HttpResponse<Void> response, SseRecorder recorder, long startNanos) {

  /**
   * Sends {@code request} and waits at most {@code timeout} for the end of its body.
   *
   * @throws TimeoutException when the body did not end in time (the exchange is cancelled)
   * @throws ExecutionException with the transport failure as cause
   */
  static StreamCall send(HttpClient client, HttpRequest request, Api api, Duration timeout)
      throws TimeoutException, ExecutionException, InterruptedException {
    SseRecorder recorder = new SseRecorder(api);
    long startNanos = System.nanoTime();
    CompletableFuture<HttpResponse<Void>> future = client.sendAsync(request, recorder);
    try {
      return new StreamCall(
          future.get(timeout.toMillis(), TimeUnit.MILLISECONDS), recorder, startNanos);
    } catch (TimeoutException e) {
      future.cancel(true);
      throw e;
    }
  }

  /** Whether the answer is a {@code text/event-stream}. */
  boolean isSse() {
    return recorder
        .head()
        .contentType()
        .toLowerCase(java.util.Locale.ROOT)
        .startsWith("text/event-stream");
  }
}
