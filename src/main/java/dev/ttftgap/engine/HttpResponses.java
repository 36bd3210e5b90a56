package dev.ttftgap.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.stream.Api;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;

/** Builds and sends complete (non-streaming) responses: JSON, text and OpenAI errors. */
final class HttpResponses {
  static final ObjectMapper JSON = new ObjectMapper();

  private HttpResponses() {}

  /** {@code {"error":{"message","type","param","code"}}} with the exception's status. */
  static FullHttpResponse error(ApiException e) {
    return json(e.status(), e.errorJson());
  }

  /** The error in {@code api}'s shape ({@link ApiException#errorJson(Api)}). */
  static FullHttpResponse error(ApiException e, Api api) {
    return json(e.status(), e.errorJson(api));
  }

  static FullHttpResponse json(HttpResponseStatus status, String body) {
    return full(status, body, "application/json");
  }

  static FullHttpResponse full(HttpResponseStatus status, String body, String contentType) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    FullHttpResponse response =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(bytes));
    response.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
    HttpUtil.setContentLength(response, bytes.length);
    return response;
  }

  /** Writes {@code response}; closes the connection afterwards unless it is kept alive. */
  static void send(Channel channel, boolean keepAlive, FullHttpResponse response) {
    if (keepAlive) {
      response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
      channel.writeAndFlush(response, channel.voidPromise());
    } else {
      response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
      channel.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }
  }
}
