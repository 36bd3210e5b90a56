package dev.ttftgap.gatling.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ttftgap.measure.RequestStamps;
import io.gatling.http.client.HttpListener;
import io.gatling.http.client.Request;
import io.gatling.http.client.impl.PrematureCloseException;
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

  private final Recording sse = new Recording();

  /** A capture in front of {@link #sse}, masking {@code key}, after the response's status. */
  private HttpListener responded(HttpResponseStatus status, Optional<String> key) {
    HttpListener listener = new ErrorBodyCapture.Listener(sse, key);
    listener.onHttpResponse(status, new DefaultHttpHeaders());
    return listener;
  }

  @Test
  void okStreamPassesThroughUntouched() {
    HttpListener listener = responded(HttpResponseStatus.OK, Optional.of(KEY));
    listener.onHttpResponseBodyChunk(bytes("data: {}\n\n"), false);
    listener.onHttpResponseBodyChunk(bytes("data: [DONE]\n\n"), true);

    assertThat(sse.calls)
        .as("what Gatling's SSE listener saw")
        .containsExactly("status 200", "chunk data: {}\n\n", "last data: [DONE]\n\n");
  }

  @Test
  void errorStatusWaitsForItsBodyAndFailsWithTheServersMessage() {
    HttpListener listener = responded(HttpResponseStatus.TOO_MANY_REQUESTS, Optional.of(KEY));
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
    HttpListener listener = responded(HttpResponseStatus.INTERNAL_SERVER_ERROR, Optional.empty());
    listener.onHttpResponseBodyChunk(Unpooled.EMPTY_BUFFER, true);

    assertThat(sse.calls).containsExactly("failed Server returned http response with code 500");
  }

  @Test
  void endlessErrorBodyIsCutAtTheLimit() {
    HttpListener listener = responded(HttpResponseStatus.BAD_GATEWAY, Optional.empty());
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
  void aConnectionClosedMidStreamEndsTheStreamInsteadOfLettingGatlingReconnect() {
    HttpListener listener = responded(HttpResponseStatus.OK, Optional.empty());
    listener.onHttpResponseBodyChunk(bytes("data: {}\n\n"), false);
    listener.onThrowable(PrematureCloseException.INSTANCE);

    assertThat(sse.calls)
        .as("an end of stream, never the premature close on which Gatling re-sends the POST")
        .containsExactly("status 200", "chunk data: {}\n\n", "last ");
  }

  @Test
  void theClientsResendOfAnAnsweredRequestIsRefusedAndEndsTheStream() {
    HttpListener listener = responded(HttpResponseStatus.OK, Optional.empty());
    listener.onHttpResponseBodyChunk(bytes("data: {}\n\n"), false);

    assertThatThrownBy(() -> listener.onWrite(null))
        .as("the re-send's write, refused before a byte is written")
        .isInstanceOf(ErrorBodyCapture.ResendRefused.class);
    listener.onThrowable(new ErrorBodyCapture.ResendRefused());
    assertThat(sse.calls)
        .as("the stream ended once, no second status, no failure on top")
        .containsExactly("status 200", "chunk data: {}\n\n", "last ");
  }

  @Test
  void aConnectionClosedBeforeTheHeadersStaysAFailure() {
    HttpListener listener = new ErrorBodyCapture.Listener(sse, Optional.empty());
    listener.onThrowable(PrematureCloseException.INSTANCE);

    assertThat(sse.calls).containsExactly("failed Premature close");
  }

  @Test
  void connectionLostDuringTheErrorBodyStillFailsWithTheStatus() {
    HttpListener listener = responded(HttpResponseStatus.SERVICE_UNAVAILABLE, Optional.empty());
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
  @Test
  void anErrorLineOfAnOkStreamIsStampedAndTheBytesStillReachGatling() {
    RequestStamps stamps = new RequestStamps();
    HttpListener listener = new ErrorBodyCapture.Listener(sse, Optional.empty(), List.of(), stamps);
    listener.onHttpResponse(HttpResponseStatus.OK, new DefaultHttpHeaders());
    ByteBuf first = bytes("data: {}\n\nerror: {\"code\":500,\"message\":\"KV ");
    int readerIndex = first.readerIndex();
    listener.onHttpResponseBodyChunk(first, false);

    assertThat(stamps.errorLine()).as("the line has not ended yet").isNull();
    assertThat(first.readerIndex()).as("the chunk is read in place").isEqualTo(readerIndex);

    listener.onHttpResponseBodyChunk(bytes("缓存\"}\r\n\r\nerror: later\n"), true);

    assertThat(stamps.errorLine())
        .as("the first error: line's value, across chunks and a split character")
        .isEqualTo("{\"code\":500,\"message\":\"KV 缓存\"}");
    assertThat(sse.calls)
        .as("Gatling's listener saw every byte")
        .containsExactly(
            "status 200",
            "chunk data: {}\n\nerror: {\"code\":500,\"message\":\"KV ",
            "last 缓存\"}\r\n\r\nerror: later\n");
  }

  /**
   * The scan jumps over lines that are not {@code error:} lines; wherever the body is cut into two
   * chunks (inside a CRLF, a prefix, a multi-byte character), it finds the same first value.
   */
  @Test
  void theFirstErrorLineIsFoundWhereverTheBodyIsSplitIntoChunks() {
    String body =
        "data: {\"choices\":[{\"delta\":{\"content\":\"error: not this\"}}]}\n\n"
            + "data: {\"choices\":[{\"delta\":{\"content\":\"日本\"}}]}\r\n\r\n"
            + "errors: not this either\r"
            + ": error: a comment\n"
            + "error: {\"code\":500,\"message\":\"KV 缓存 🔥\"}\r\n\r\n"
            + "error: the second one\n\n";
    byte[] all = body.getBytes(StandardCharsets.UTF_8);
    for (int split = 0; split <= all.length; split++) {
      RequestStamps stamps = new RequestStamps();
      HttpListener listener =
          new ErrorBodyCapture.Listener(new Recording(), Optional.empty(), List.of(), stamps);
      listener.onHttpResponse(HttpResponseStatus.OK, new DefaultHttpHeaders());
      listener.onHttpResponseBodyChunk(Unpooled.copiedBuffer(all, 0, split), false);
      listener.onHttpResponseBodyChunk(Unpooled.copiedBuffer(all, split, all.length - split), true);

      assertThat(stamps.errorLine())
          .as("split at byte %d of %d", split, all.length)
          .isEqualTo("{\"code\":500,\"message\":\"KV 缓存 🔥\"}");
    }
  }

  @Test
  void anErrorLineCutOffByTheEndIsStampedToo() {
    RequestStamps stamps = new RequestStamps();
    HttpListener listener = new ErrorBodyCapture.Listener(sse, Optional.empty(), List.of(), stamps);
    listener.onHttpResponse(HttpResponseStatus.OK, new DefaultHttpHeaders());
    listener.onHttpResponseBodyChunk(bytes("error: boom"), true);

    assertThat(stamps.errorLine()).isEqualTo("boom");
  }

  @Test
  void theMessagesApiKeyIsMaskedLikeABearerKey() {
    HttpHeaders anthropic = new DefaultHttpHeaders().add("x-api-key", KEY);
    HttpHeaders openai = new DefaultHttpHeaders().add("Authorization", "Bearer " + KEY);

    assertThat(ErrorBodyCapture.apiKey(anthropic)).as("x-api-key").hasValue(KEY);
    assertThat(ErrorBodyCapture.apiKey(openai)).as("Bearer").hasValue(KEY);
    assertThat(ErrorBodyCapture.apiKey(new DefaultHttpHeaders())).isEmpty();

    HttpListener listener =
        responded(HttpResponseStatus.UNAUTHORIZED, ErrorBodyCapture.apiKey(anthropic));
    listener.onHttpResponseBodyChunk(
        bytes("{\"type\":\"error\",\"error\":{\"message\":\"bad key " + KEY + "\"}}"), true);

    assertThat(sse.calls.get(0)).as("echoed key masked").doesNotContain(KEY).contains("sk-…WXYZ");
  }

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
