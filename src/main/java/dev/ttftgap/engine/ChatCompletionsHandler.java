package dev.ttftgap.engine;

import dev.ttftgap.stream.Api;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;

/**
 * {@code POST /v1/chat/completions}, and the other {@link Api}s' paths (one instance per API):
 * validates the body on the connection's thread, then hands the request to the engine thread, where
 * {@link ChatStream} queues and serves it. Only the parsing ({@link ApiBodies}) and the encoding
 * ({@link StreamEncoders}) differ per API; chat's fields are listed here.
 *
 * <p>Request fields honoured: {@code model} (default profile when absent; unknown → 404 naming the
 * available models), {@code messages} (required, non-empty), {@code max_tokens} or {@code
 * max_completion_tokens} (integer ≥ 1; absent → the profile's default output and {@code
 * finish_reason "stop"}), {@code stream}, {@code stream_options.include_usage}, vLLM's {@code
 * include_metrics}, and {@code sim_fault}.
 *
 * <p>Faults: header {@code X-Sim-Fault} and/or body field {@code "sim_fault"}, merged with any the
 * profile draws at random; syntax in {@link SimFault} ({@code error-after:N}, {@code
 * error-line-after:N}, {@code drop-after:N}, {@code stall:T}, {@code stall-after:N:T}, {@code
 * malformed-after:N}, {@code status:CODE}, {@code no-done}, comma-separated). For a non-streaming
 * request only {@code status}, {@code error-after} and {@code error-line-after} (a 500) and {@code
 * drop-after} apply.
 */
final class ChatCompletionsHandler implements Endpoint {
  static final String FAULT_HEADER = "X-Sim-Fault";

  private final EngineContext context;
  private final Api api;

  ChatCompletionsHandler(EngineContext context) {
    this(context, Api.CHAT);
  }

  ChatCompletionsHandler(EngineContext context, Api api) {
    this.context = context;
    this.api = api;
  }

  /**
   * {@code application/json}, with parameters ({@code ; charset=utf-8}) or a {@code +json} type.
   */
  private static boolean isJson(String contentType) {
    String type = contentType.split(";", 2)[0].trim().toLowerCase(java.util.Locale.ROOT);
    return type.equals("application/json")
        || type.startsWith("application/") && type.endsWith("+json");
  }

  @Override
  public void handle(ChannelHandlerContext ctx, FullHttpRequest request) {
    long acceptedEpochMicros = WallClock.epochMicros();
    long acceptedMonoMicros = WallClock.monoMicros();
    boolean keepAlive = HttpUtil.isKeepAlive(request);
    String contentType = request.headers().get(HttpHeaderNames.CONTENT_TYPE);
    if (contentType != null && !isJson(contentType)) {
      throw ApiException.badRequest(
          "Content-Type must be application/json, was '" + contentType + "'", "Content-Type");
    }
    byte[] body = ByteBufUtil.getBytes(request.content());
    ChatRequest chat =
        ChatRequest.parse(api, body, context.profiles(), context.defaultModel().profile());
    if (chat.stream() && request.protocolVersion().equals(HttpVersion.HTTP_1_0)) {
      // a stream is sent with chunked transfer encoding, which HTTP/1.0 does not have
      throw new ApiException(
          HttpResponseStatus.HTTP_VERSION_NOT_SUPPORTED,
          "Streaming needs HTTP/1.1 (chunked transfer encoding); send the request as HTTP/1.1,"
              + " or without \"stream\": true",
          "invalid_request_error",
          "stream",
          "http_version_not_supported");
    }
    SimFault headerFault;
    try {
      headerFault = SimFault.parse(request.headers().get(FAULT_HEADER));
    } catch (IllegalArgumentException e) {
      throw ApiException.badRequest(FAULT_HEADER + " header: " + e.getMessage(), FAULT_HEADER);
    }
    // a stream that ends without [DONE] also ends its connection: an SSE client (Gatling's, a
    // browser's EventSource) re-sends the request on a kept connection when a stream just ends,
    // and the fault would turn into a second request instead of a missing [DONE]
    boolean keepConnection = keepAlive && !chat.bodyFault().noDone() && !headerFault.noDone();
    context.onEngineThread(
        () ->
            ChatStream.accept(
                context,
                ctx.channel(),
                chat,
                headerFault,
                keepConnection,
                acceptedEpochMicros,
                acceptedMonoMicros));
  }
}
