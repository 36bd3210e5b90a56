package dev.ttftgap.gatling.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatling.http.client.HttpListener;
import io.gatling.http.client.Request;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The listener {@link ErrorBodyCapture} puts in front of Gatling's SSE listener, fed as Gatling's
 * HTTP client feeds it. The end-to-end path (a real Gatling run, the engine's 429 and 500 bodies in
 * the records) is in {@code MeasurementRunIT}.
 */
class ErrorBodyCaptureTest {
  private static final String KEY = "sk-test-0123456789abcdefWXYZ";

  @Test
  void okStreamPassesThroughUntouched() {
    Recording sse = new Recording();
    HttpListener listener = new ErrorBodyCapture.Listener(sse, Optional.of(KEY));

    listener.onHttpResponse(HttpResponseStatus.OK, new DefaultHttpHeaders());
    listener.onHttpResponseBodyChunk(bytes("data: {}\n\n"), false);
    listener.onHttpResponseBodyChunk(bytes("data: [DONE]\n\n"), true);

    assertThat(sse.calls)
        .as("what Gatling's SSE listener saw")
        .containsExactly("status 200", "chunk data: {}\n\n", "last data: [DONE]\n\n");
  }

  @Test
  void errorStatusWaitsForItsBodyAndFailsWithTheServersMessage() {
    Recording sse = new Recording();
    HttpListener listener = new ErrorBodyCapture.Listener(sse, Optional.of(KEY));

    listener.onHttpResponse(HttpResponseStatus.TOO_MANY_REQUESTS, new DefaultHttpHeaders());
    listener.onHttpResponseBodyChunk(bytes("{\"error\": {\"message\": \"Rate limit "), false);
    listener.onHttpResponseBodyChunk(bytes("reached for key " + KEY + "\"}}"), true);

    assertThat(sse.calls)
        .as("no status before the body; one failure with Gatling's text, the message, key masked")
        .containsExactly(
            "failed Server returned http response with code 429: Rate limit reached for key"
                + " sk-…WXYZ");
  }

  @Test
  void errorWithoutBodyFailsWithTheStatusAlone() {
    Recording sse = new Recording();
    HttpListener listener = new ErrorBodyCapture.Listener(sse, Optional.empty());

    listener.onHttpResponse(HttpResponseStatus.INTERNAL_SERVER_ERROR, new DefaultHttpHeaders());
    listener.onHttpResponseBodyChunk(Unpooled.EMPTY_BUFFER, true);

    assertThat(sse.calls).containsExactly("failed Server returned http response with code 500");
  }

  @Test
  void endlessErrorBodyIsCutAtTheLimit() {
    Recording sse = new Recording();
    HttpListener listener = new ErrorBodyCapture.Listener(sse, Optional.empty());

    listener.onHttpResponse(HttpResponseStatus.BAD_GATEWAY, new DefaultHttpHeaders());
    for (int i = 0; i < 10; i++) {
      listener.onHttpResponseBodyChunk(bytes("x".repeat(1000)), false);
    }

    assertThat(sse.calls).as("one failure, once the limit is read").hasSize(1);
    assertThat(sse.calls.get(0))
        .as("Gatling's status text, then the body one-line and bounded")
        .startsWith("failed Server returned http response with code 502: xxx")
        .endsWith("…");
  }

  @Test
  void connectionLostDuringTheErrorBodyStillFailsWithTheStatus() {
    Recording sse = new Recording();
    HttpListener listener = new ErrorBodyCapture.Listener(sse, Optional.empty());

    listener.onHttpResponse(HttpResponseStatus.SERVICE_UNAVAILABLE, new DefaultHttpHeaders());
    listener.onHttpResponseBodyChunk(bytes("overloaded, try"), false);
    listener.onThrowable(new IOException("Connection reset"));

    assertThat(sse.calls)
        .containsExactly(
            "failed Server returned http response with code 503: overloaded, try"
                + " (body cut short: Connection reset)");
  }

  private static ByteBuf bytes(String text) {
    return Unpooled.copiedBuffer(text, StandardCharsets.UTF_8);
  }

  /** Stands in for Gatling's SSE listener: writes down what reaches it. */
  private static final class Recording implements HttpListener {
    final List<String> calls = new ArrayList<>();

    @Override
    public void onFinalClientRequest(Request request) {}

    @Override
    public void onHttpResponse(HttpResponseStatus status, HttpHeaders headers) {
      calls.add("status " + status.code());
    }

    @Override
    public void onHttpResponseBodyChunk(ByteBuf chunk, boolean last) {
      calls.add((last ? "last " : "chunk ") + chunk.toString(StandardCharsets.UTF_8));
    }

    @Override
    public void onThrowable(Throwable e) {
      calls.add("failed " + e.getMessage());
    }
  }
}
