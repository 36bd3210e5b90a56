package dev.ttftgap.engine;

import dev.ttftgap.stream.Api;
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
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes a complete request to its {@link Endpoint}, after the API-key check for {@code /v1/...}
 * paths; answers 404 (unknown path), 405 (wrong method) and 401 (missing or wrong key) in OpenAI's
 * error shape, or Anthropic's on {@code /v1/messages}. Every {@link Api} has its route, served by
 * the same scheduler. Messages also takes the key as {@code x-api-key} (Anthropic's header) and
 * needs an {@code anthropic-version} header, as Anthropic's API does. Stateless: one instance
 * serves every connection.
 */
@Sharable
final class EngineRouter extends SimpleChannelInboundHandler<FullHttpRequest> {
  private static final Logger LOG = LoggerFactory.getLogger(EngineRouter.class);

  private record Route(HttpMethod method, Endpoint endpoint) {}

  static final String API_KEY_HEADER = "x-api-key";
  static final String ANTHROPIC_VERSION_HEADER = "anthropic-version";

  private final Map<String, Route> routes = new HashMap<>();
  private final Map<String, Api> apis = new HashMap<>();
  private final byte[] expectedAuthorization;
  private final byte[] expectedKey;

  EngineRouter(EngineContext context) {
    for (Api api : Api.values()) {
      String path = "/v1/" + api.path();
      routes.put(path, new Route(HttpMethod.POST, new ChatCompletionsHandler(context, api)));
      apis.put(path, api);
    }
    routes.put("/v1/models", new Route(HttpMethod.GET, new ModelsHandler(context)));
    routes.put("/v1/engine/profiles", new Route(HttpMethod.GET, new ProfilesHandler(context)));
    routes.put("/metrics", new Route(HttpMethod.GET, new MetricsHandler(context)));
    routes.put("/health", new Route(HttpMethod.GET, new HealthHandler()));
    String key = context.config().apiKey();
    this.expectedAuthorization =
        key == null ? null : ("Bearer " + key).getBytes(StandardCharsets.UTF_8);
    this.expectedKey = key == null ? null : key.getBytes(StandardCharsets.UTF_8);
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
    // after a request the codec could not parse, the connection's framing is lost: the codec
    // discards everything that follows, so the only honest answer closes the connection
    boolean malformed = request.decoderResult().isFailure();
    boolean keepAlive = HttpUtil.isKeepAlive(request) && !malformed;
    Api api = malformed ? Api.CHAT : apis.getOrDefault(pathOf(request), Api.CHAT);
    try {
      if (malformed) {
        Throwable cause = request.decoderResult().cause();
        throw ApiException.badRequest(
            "Malformed HTTP request"
                + (cause != null && cause.getMessage() != null ? ": " + cause.getMessage() : "")
                + "; the connection is closed",
            null);
      }
      String path = pathOf(request);
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
      if (path.startsWith("/v1/") && !authorized(request, api)) {
        throw new ApiException(
            HttpResponseStatus.UNAUTHORIZED,
            api == Api.MESSAGES
                ? "Incorrect or missing API key: send the header 'x-api-key: <key>'"
                : "Incorrect or missing API key: send the header 'Authorization: Bearer <key>'",
            "invalid_request_error",
            null,
            "invalid_api_key");
      }
      if (api == Api.MESSAGES && request.headers().get(ANTHROPIC_VERSION_HEADER) == null) {
        throw ApiException.badRequest(
            ANTHROPIC_VERSION_HEADER + ": header is required", ANTHROPIC_VERSION_HEADER);
      }
      route.endpoint().handle(ctx, request);
    } catch (ApiException e) {
      var response = HttpResponses.error(e, api);
      if (e.status() == HttpResponseStatus.METHOD_NOT_ALLOWED) {
        response.headers().set(HttpHeaderNames.ALLOW, allowedMethod(request));
      }
      HttpResponses.send(ctx.channel(), keepAlive, response);
    }
  }

  private static String pathOf(FullHttpRequest request) {
    return new QueryStringDecoder(request.uri()).path();
  }

  private String allowedMethod(FullHttpRequest request) {
    Route route = routes.get(pathOf(request));
    return route == null ? "GET" : route.method().name();
  }

  /** The Bearer key, or on Messages also {@code x-api-key}, matches (constant-time). */
  private boolean authorized(FullHttpRequest request, Api api) {
    if (expectedAuthorization == null) {
      return true;
    }
    String header = request.headers().get(HttpHeaderNames.AUTHORIZATION);
    String apiKey = api == Api.MESSAGES ? request.headers().get(API_KEY_HEADER) : null;
    return header != null
            && MessageDigest.isEqual(expectedAuthorization, header.getBytes(StandardCharsets.UTF_8))
        || apiKey != null
            && MessageDigest.isEqual(expectedKey, apiKey.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    // resets by clients that leave mid-stream are routine; anything else is worth a debug line
    LOG.debug("connection {} failed: {}", ctx.channel().remoteAddress(), cause.toString());
    ctx.close();
  }
}
