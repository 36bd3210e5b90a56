package dev.ttftgap.preflight;

import dev.ttftgap.stream.Api;
import dev.ttftgap.stream.Chunk;
import dev.ttftgap.stream.ChunkClassifier;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.function.LongSupplier;

/**
 * Receives the streaming probe's body as the client delivers it and time-stamps each delivery
 * ("read") and each complete SSE event, on {@link System#nanoTime()} like the caller. Events are
 * classified by {@link ChunkClassifier#classify(Api, String, String)} with their {@code event:}
 * name, the project's one definition of "first token" per API; an {@code error:} line (llama.cpp's
 * mid-stream failure) is an event of its own, {@link ChunkClassifier#errorLine}. Each event keeps
 * its name and data, so that {@link ApiShapes} can tell which API the stream is in.
 *
 * <p>Also the body handler: the moment the client hands over status and headers is the TTFB mark.
 * Lines are split on bytes ({@code \n} never occurs inside a multi-byte UTF-8 character), so an
 * event split across reads is decoded whole. At most {@link #MAX_RAW_BYTES} of the raw body are
 * kept, for error messages.
 */
final class SseRecorder
    implements HttpResponse.BodyHandler<Void>, Flow.Subscriber<List<ByteBuffer>> {
  static final int MAX_RAW_BYTES = 64 * 1024;

  /**
   * One complete event.
   *
   * @param name its {@code event:} name; null when it had none
   * @param data its {@code data:} lines joined with {@code \n} (the value of an {@code error:}
   *     line)
   */
  record Event(long arrivalNanos, int read, Chunk chunk, String name, String data) {
    /** An event whose name and data do not matter (a test's). */
    Event(long arrivalNanos, int read, Chunk chunk) {
      this(arrivalNanos, read, chunk, null, "");
    }
  }

  /**
   * What the client handed over before the body: when ({@code nanos}, the TTFB mark) and the
   * response's {@code Content-Type} and {@code Content-Encoding}, empty when absent.
   */
  record Head(long nanos, String contentType, String contentEncoding) {}

  private final LongSupplier nanoClock;
  private final Api api;
  private final CompletableFuture<Void> finished = new CompletableFuture<>();
  private final ByteArrayOutputStream raw = new ByteArrayOutputStream();
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();
  private final StringBuilder data = new StringBuilder();
  private final List<Event> events = new ArrayList<>();
  private boolean hasData;
  private String eventName;
  private int reads;
  private volatile Head head = new Head(0, "", "");
  private volatile long firstBodyNanos;
  private long endNanos;

  /** A recorder of a chat completions stream. */
  SseRecorder() {
    this(Api.CHAT);
  }

  /** A recorder of a stream of {@code api}. */
  SseRecorder(Api api) {
    this(System::nanoTime, api);
  }

  /** With a clock of the test's own, so that timings are exact. */
  SseRecorder(LongSupplier nanoClock) {
    this(nanoClock, Api.CHAT);
  }

  SseRecorder(LongSupplier nanoClock, Api api) {
    this.nanoClock = nanoClock;
    this.api = api;
  }

  @Override
  public HttpResponse.BodySubscriber<Void> apply(HttpResponse.ResponseInfo info) {
    head =
        new Head(
            nanoClock.getAsLong(),
            info.headers().firstValue("content-type").orElse(""),
            info.headers().firstValue("content-encoding").orElse(""));
    return HttpResponse.BodySubscribers.fromSubscriber(this, s -> null);
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    subscription.request(Long.MAX_VALUE);
  }

  @Override
  public void onNext(List<ByteBuffer> buffers) {
    long now = nanoClock.getAsLong();
    reads++;
    if (firstBodyNanos == 0 && buffers.stream().anyMatch(ByteBuffer::hasRemaining)) {
      firstBodyNanos = now;
    }
    for (ByteBuffer buffer : buffers) {
      while (buffer.hasRemaining()) {
        byte b = buffer.get();
        if (raw.size() < MAX_RAW_BYTES) {
          raw.write(b);
        }
        if (b == '\n') {
          line(now);
        } else {
          line.write(b);
        }
      }
    }
  }

  @Override
  public void onError(Throwable throwable) {
    finished.completeExceptionally(throwable);
  }

  @Override
  public void onComplete() {
    long now = nanoClock.getAsLong();
    if (line.size() > 0) {
      line(now);
    }
    dispatch(now);
    endNanos = now;
    finished.complete(null);
  }

  private void line(long now) {
    String text = line.toString(StandardCharsets.UTF_8);
    line.reset();
    if (text.endsWith("\r")) {
      text = text.substring(0, text.length() - 1);
    }
    if (text.isEmpty()) {
      dispatch(now);
    } else if (text.startsWith("data:")) {
      String value = text.substring(5);
      if (hasData) {
        data.append('\n');
      }
      data.append(fieldValue(value));
      hasData = true;
    } else if (text.startsWith("event:")) {
      eventName = fieldValue(text.substring(6));
    } else if (text.startsWith("error:")) {
      String value = fieldValue(text.substring(6));
      events.add(new Event(now, reads, ChunkClassifier.errorLine(value), "error", value));
    }
    // comments (": keep-alive") and other fields carry no content
  }

  private void dispatch(long now) {
    if (hasData) {
      String payload = data.toString();
      events.add(
          new Event(
              now, reads, ChunkClassifier.classify(api, eventName, payload), eventName, payload));
    }
    data.setLength(0);
    hasData = false;
    eventName = null;
  }

  private static String fieldValue(String value) {
    return value.startsWith(" ") ? value.substring(1) : value;
  }

  /** The API whose grammar classifies the events. */
  Api api() {
    return api;
  }

  CompletableFuture<Void> finished() {
    return finished;
  }

  /** The response's head; all zero and empty before the client handed it over. */
  Head head() {
    return head;
  }

  /** When the first body bytes arrived; 0 before any. */
  long firstBodyNanos() {
    return firstBodyNanos;
  }

  /** Valid once {@link #finished()} completed. */
  long endNanos() {
    return endNanos;
  }

  /** Valid once {@link #finished()} completed. */
  List<Event> events() {
    return events;
  }

  /** Valid once {@link #finished()} completed. */
  String body() {
    return raw.toString(StandardCharsets.UTF_8);
  }
}
