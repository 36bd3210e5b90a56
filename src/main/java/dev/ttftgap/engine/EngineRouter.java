package dev.ttftgap.engine;

import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes a complete request to its {@link Endpoint}, after the API-key check for {@code /v1/...}
 * paths; answers 404 (unknown path), 405 (wrong method) and 401 (missing or wrong Bearer key) in
 * OpenAI's error shape. Stateless: one instance serves every connection.
 */
@Sharable
final class EngineRouter extends SimpleChannelInboundHandler<FullHttpRequest> {
  private static final Logger LOG = LoggerFactory.getLogger(EngineRouter.class);

  private record Route(HttpMethod method, Endpoint endpoint) {}

  private final Map<String, Route> routes;
  private final byte[] expectedAuthorization;

  EngineRouter(EngineContext context) {
    this.routes =
        Map.of(
            "/v1/chat/completions", new Route(HttpMethod.POST, new ChatCompletionsHandler(context)),
            "/v1/models", new Route(HttpMethod.GET, new ModelsHandler(context)),
            "/v1/engine/profiles", new Route(HttpMethod.GET, new ProfilesHandler(context)),
            "/metrics", new Route(HttpMethod.GET, new MetricsHandler(context)),
            "/health", new Route(HttpMethod.GET, new HealthHandler()));
    String key = context.config().apiKey();
    this.expectedAuthorization =
        key == null ? null : ("Bearer " + key).getBytes(StandardCharsets.UTF_8);
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
    // after a request the codec could not parse, the connection's framing is lost: the codec
    // discards everything that follows, so the only honest answer closes the connection
    boolean malformed = request.decoderResult().isFailure();
    boolean keepAlive = HttpUtil.isKeepAlive(request) && !malformed;
    try {
      if (malformed) {
        Throwable cause = request.decoderResult().cause();
        throw ApiException.badRequest(
            "Malformed HTTP request"
                + (cause != null && cause.getMessage() != null ? ": " + cause.getMessage() : "")
                + "; the connection is closed",
            null);
      }
      String path = new QueryStringDecoder(request.uri()).path();
      Route route = routes.get(path);
      if (route == null) {
        throw new ApiException(
            HttpResponseStatus.NOT_FOUND,
            "Invalid URL (" + request.method() + " " + path + ")",
            "invalid_request_error",
            null,
            null);
      }
      if (!route.method().equals(request.method())) {
        throw new ApiException(
            HttpResponseStatus.METHOD_NOT_ALLOWED,
            "Method " + request.method() + " not allowed on " + path + "; use " + route.method(),
            "invalid_request_error",
            null,
            "method_not_allowed");
      }
      if (path.startsWith("/v1/") && !authorized(request)) {
        throw new ApiException(
            HttpResponseStatus.UNAUTHORIZED,
            "Incorrect or missing API key: send the header 'Authorization: Bearer <key>'",
            "invalid_request_error",
            null,
            "invalid_api_key");
      }
      route.endpoint().handle(ctx, request);
    } catch (ApiException e) {
      var response = HttpResponses.error(e);
      if (e.status() == HttpResponseStatus.METHOD_NOT_ALLOWED) {
        response.headers().set(HttpHeaderNames.ALLOW, allowedMethod(request));
      }
      HttpResponses.send(ctx.channel(), keepAlive, response);
    }
  }

  private String allowedMethod(FullHttpRequest request) {
    Route route = routes.get(new QueryStringDecoder(request.uri()).path());
    return route == null ? "GET" : route.method().name();
  }

  private boolean authorized(FullHttpRequest request) {
    if (expectedAuthorization == null) {
      return true;
    }
    String header = request.headers().get(HttpHeaderNames.AUTHORIZATION);
    return header != null
        && MessageDigest.isEqual(expectedAuthorization, header.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    // resets by clients that leave mid-stream are routine; anything else is worth a debug line
    LOG.debug("connection {} failed: {}", ctx.channel().remoteAddress(), cause.toString());
    ctx.close();
  }
}
