package dev.ttftgap.gatling.internal;

import dev.ttftgap.measure.RequestStamps;
import dev.ttftgap.measure.WallClock;
import dev.ttftgap.preflight.ServerMessages;
import dev.ttftgap.stream.SseErrorLines;
import io.gatling.http.client.HttpClient;
import io.gatling.http.client.HttpListener;
import io.gatling.http.client.Request;
import io.gatling.http.client.SslContextsHolder;
import io.gatling.http.client.impl.PrematureCloseException;
import io.gatling.http.client.util.Pair;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.AttributeKey;
import io.netty.util.ByteProcessor;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import javax.net.ssl.TrustManagerFactory;

/**
 * Keeps the server's own words when it answers a streaming request with an error status (429, 500,
 * 401...). Gatling 3.15's SSE client fails such a stream as soon as the status line arrives, with
 * "Server returned http response with code 429", and never reads the body, so a KO under load would
 * carry the status alone. This {@link HttpClient} wraps each request's listener: for a status other
 * than 200 and 204 it holds the status back, reads the body (at most {@value #MAX_BODY_BYTES}
 * bytes), and then fails the stream with Gatling's own text plus the server's message, {@code
 * "Server returned http response with code 429: Rate limit reached ..."}. The message is cut to one
 * line by {@link ServerMessages}, which masks the request's API key should the server echo it. 200
 * and 204 answers pass through untouched.
 *
 * <p>In a 200 stream it looks for an {@code error:} line (llama.cpp's mid-stream failure, which
 * Gatling's SSE decoder drops) with {@link SseErrorLines}, reading each body chunk in place, and
 * hands the first one's value to {@link RequestStamps#errorLine(String)}.
 *
 * <p>A connection that closes in the middle of a 200 stream ends the stream as the server's end
 * would ({@code no_done}, or {@code no_content} before any output) instead of reaching Gatling as
 * {@link PrematureCloseException}: on that one exception Gatling 3.15's {@code SseStream}
 * reconnects after 3 s (or the server's {@code retry:}) and re-sends the POST, behind the records'
 * back, so the server would see a request the records do not have. Gatling's HTTP client re-sends
 * too, on a new connection, when a kept-alive one closes mid-response: that write is refused
 * ({@link #ResendRefused}) and the stream ends the same way.
 *
 * <p>It also stamps, with {@code System.nanoTime()}, when a request is sent and when its status
 * line arrives, into the {@link RequestStamps} the chain handed over ({@link #stampNext}): the
 * precise TTFB of the records.
 *
 * <p>The one class of the glue that names Netty types: Gatling's listener interface is made of
 * them. {@link GatlingInternals} puts it in front of the run's HTTP client for the SSE connect
 * action only.
 */
public final class ErrorBodyCapture implements HttpClient {
  static final int MAX_BODY_BYTES = 4096;

  /** Set on a connection once a stamped request was written to it. */
  private static final AttributeKey<Boolean> USED = AttributeKey.valueOf("ttftgap.used");

  /** The TLS contexts of the run's own CAs, see {@link #trustOnly}; null: Gatling's own. */
  private static volatile SslContextsHolder trusted;

  /** The stamps of the request the current thread is about to send, see {@link #stampNext}. */
  private static final ThreadLocal<RequestStamps> NEXT = new ThreadLocal<>();

  private final HttpClient delegate;

  ErrorBodyCapture(HttpClient delegate) {
    this.delegate = delegate;
  }

  @Override
  public void sendRequest(
      Request request,
      long clientId,
      EventLoop eventLoop,
      HttpListener listener,
      SslContextsHolder sslContextsHolder) {
    RequestStamps stamps = NEXT.get();
    NEXT.remove();
    if (stamps != null) {
      stamps.sent(System.nanoTime(), WallClock.epochMicros());
    }
    delegate.sendRequest(
        request,
        clientId,
        eventLoop,
        new Listener(listener, apiKey(request), headerValues(request), stamps),
        trusted != null ? trusted : sslContextsHolder);
  }

  /**
   * Every request of the run checks the server's certificate against {@code trust} only (the run's
   * {@code LLM_CA_FILE}), for shared and per-user connections alike; null: Gatling's own contexts
   * ({@code gatling.conf}: the JVM's CAs, hostname verified).
   */
  public static void trustOnly(TrustManagerFactory trust) {
    trusted = trust == null ? null : new TrustedTls(trust);
  }

  /**
   * The next request this thread sends gets {@code stamps}: its send and its status line are
   * stamped with {@code System.nanoTime()}. Gatling's SSE connect action sends synchronously on the
   * user's thread (3.15.1: {@code SseConnectingState.gotoConnecting} → {@code SseStream.connect} →
   * {@code HttpEngine.executeRequest} → {@code HttpClient.sendRequest}), so the chain calls this in
   * the action just before it. A re-connection sent later by Gatling on its own finds nothing and
   * is not stamped.
   */
  public static void stampNext(RequestStamps stamps) {
    NEXT.set(stamps);
  }

  @Override
  public void sendHttp2Requests(
      Pair<Request, HttpListener>[] requestsAndListeners,
      long clientId,
      EventLoop eventLoop,
      SslContextsHolder sslContextsHolder) {
    delegate.sendHttp2Requests(requestsAndListeners, clientId, eventLoop, sslContextsHolder);
  }

  @Override
  public boolean isClosed() {
    return delegate.isClosed();
  }

  @Override
  public void flushClientIdChannels(long clientId, EventLoop eventLoop) {
    delegate.flushClientIdChannels(clientId, eventLoop);
  }

  @Override
  public void close() throws Exception {
    delegate.close();
  }

  /** The Bearer key, else the Messages API's {@code x-api-key}: masked like it in messages. */
  private static Optional<String> apiKey(Request request) {
    return apiKey(request.getHeaders());
  }

  static Optional<String> apiKey(HttpHeaders headers) {
    String authorization = headers.get(HttpHeaderNames.AUTHORIZATION);
    if (authorization != null && authorization.startsWith("Bearer ")) {
      return Optional.of(authorization.substring("Bearer ".length()));
    }
    String key = headers.get(X_API_KEY);
    return key != null && !key.isBlank() ? Optional.of(key.strip()) : Optional.empty();
  }

  private static final String X_API_KEY = "x-api-key";

  /**
   * Values of the request's own headers (a profile's {@code request.headers}, Azure's {@code
   * api-key}): any of them may be a secret from the environment, so none may appear in a message.
   */
  private static List<String> headerValues(Request request) {
    List<String> values = new ArrayList<>();
    request
        .getHeaders()
        .forEach(
            header -> {
              if (!STANDARD_HEADERS.contains(header.getKey().toLowerCase(Locale.ROOT))
                  && header.getValue().length() >= 4) {
                values.add(header.getValue());
              }
            });
    return values;
  }

  private static final Set<String> STANDARD_HEADERS =
      Set.of(
          "content-type",
          "content-length",
          "accept",
          "accept-encoding",
          "cache-control",
          "user-agent",
          "host",
          "connection",
          "authorization");

  /** Forwards everything, except that an error status waits for its body. */
  static final class Listener implements HttpListener {
    private final HttpListener delegate;
    private final Optional<String> apiKey;
    private final List<String> secrets;
    private final RequestStamps stamps;
    private HttpResponseStatus heldStatus;
    private ByteArrayOutputStream body;
    private boolean failed;
    private boolean streaming;
    private boolean responded;
    private boolean ended;
    private SseErrorLines errorLines;

    Listener(HttpListener delegate, Optional<String> apiKey) {
      this(delegate, apiKey, List.of(), null);
    }

    Listener(HttpListener delegate, Optional<String> apiKey, List<String> secrets) {
      this(delegate, apiKey, secrets, null);
    }

    Listener(
        HttpListener delegate,
        Optional<String> apiKey,
        List<String> secrets,
        RequestStamps stamps) {
      this.delegate = delegate;
      this.apiKey = apiKey;
      this.secrets = List.copyOf(secrets);
      this.stamps = stamps;
    }

    @Override
    public void onFinalClientRequest(Request request) {
      delegate.onFinalClientRequest(request);
    }

    @Override
    public void onHttpResponse(HttpResponseStatus status, HttpHeaders headers) {
      if (stamps != null) {
        stamps.headers(System.nanoTime());
      }
      responded = true;
      if (status.equals(HttpResponseStatus.OK) || status.equals(HttpResponseStatus.NO_CONTENT)) {
        streaming = status.equals(HttpResponseStatus.OK);
        if (stamps != null && streaming) {
          errorLines = new SseErrorLines();
        }
        delegate.onHttpResponse(status, headers);
      } else {
        heldStatus = status;
        body = new ByteArrayOutputStream();
      }
    }

    @Override
    public void onHttpResponseBodyChunk(ByteBuf chunk, boolean last) {
      if (heldStatus == null) {
        scanForErrorLine(chunk, last);
        delegate.onHttpResponseBodyChunk(chunk, last);
        return;
      }
      if (failed) {
        return;
      }
      int room = MAX_BODY_BYTES - body.size();
      int take = Math.min(room, chunk.readableBytes());
      byte[] bytes = new byte[take];
      chunk.getBytes(chunk.readerIndex(), bytes);
      body.write(bytes, 0, take);
      if (last || body.size() >= MAX_BODY_BYTES) {
        fail(null);
      }
    }

    /** Reads the chunk in place (its indexes untouched) before the delegate may release it. */
    private void scanForErrorLine(ByteBuf chunk, boolean last) {
      if (errorLines == null) {
        return;
      }
      int i = chunk.readerIndex();
      int end = chunk.writerIndex();
      while (i < end) {
        if (errorLines.skippingLine()) {
          // not an error: line: on to its end with Netty's vectorised search
          i = chunk.forEachByte(i, end - i, ByteProcessor.FIND_CRLF);
          if (i < 0) {
            break;
          }
        }
        if (!errorLines.next(chunk.getByte(i++))) {
          break;
        }
      }
      String value = last ? errorLines.finish() : errorLines.found();
      if (value != null) {
        stamps.errorLine(value);
        errorLines = null;
      }
    }

    @Override
    public void onThrowable(Throwable e) {
      if (ended) {
        return; // ended here already (endStream): nothing more reaches Gatling
      }
      if (streaming && e instanceof PrematureCloseException) {
        endStream(); // never Gatling's reconnect, which re-sends the POST
      } else if (heldStatus == null) {
        delegate.onThrowable(e);
      } else if (!failed) {
        // the body did not arrive whole: the status is still the failure
        fail(e);
      }
    }

    @Override
    public void onSend() {
      delegate.onSend();
    }

    @Override
    public void onProtocolAwareness(boolean isHttp2) {
      if (stamps != null) {
        stamps.protocol(isHttp2);
      }
      delegate.onProtocolAwareness(isHttp2);
    }

    /**
     * The request is written: the end of its connection's set-up. The connection (an HTTP/2
     * stream's parent) is marked on its first request, so a later one finds the mark.
     */
    @Override
    public void onWrite(Channel channel) {
      if (responded) {
        // Gatling 3.15.1's client re-sends a request whose pooled connection closed mid-response
        // (HttpAppHandler.channelInactive clears httpResponseReceived before it tests it): the
        // response ends here, and the re-send fails before a byte of it is written
        if (streaming) {
          endStream();
        }
        throw new ResendRefused();
      }
      if (stamps != null) {
        long nanos = System.nanoTime();
        Channel connection = channel.parent() != null ? channel.parent() : channel;
        stamps.written(nanos, connection.attr(USED).setIfAbsent(Boolean.TRUE) == null);
      }
      delegate.onWrite(channel);
    }

    /** The connection closed inside a 200 stream: the stream ends as if the server had ended it. */
    private void endStream() {
      streaming = false;
      onHttpResponseBodyChunk(Unpooled.EMPTY_BUFFER, true);
      ended = true;
    }

    private void fail(Throwable cause) {
      failed = true;
      String said =
          new ServerMessages(apiKey, secrets)
              .of(new String(body.toByteArray(), StandardCharsets.UTF_8));
      String message =
          "Server returned http response with code "
              + heldStatus.code()
              + (said.isEmpty() ? "" : ": " + said)
              + (cause == null ? "" : " (body cut short: " + cause.getMessage() + ")");
      delegate.onThrowable(new StatusWithBody(message));
    }
  }

  /** A re-send of a request that was already answered, stopped before it is written. */
  static final class ResendRefused extends IllegalStateException {
    ResendRefused() {
      super("connection closed mid-response; the client's re-send of the request was refused");
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
      return this;
    }
  }

  /** Gatling's status failure, with the server's message. No stack: it is an answer, not a bug. */
  private static final class StatusWithBody extends IOException {
    StatusWithBody(String message) {
      super(message);
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
      return this;
    }
  }
}
