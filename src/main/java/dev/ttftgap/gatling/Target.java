package dev.ttftgap.gatling;

import static io.gatling.javaapi.http.HttpDsl.Proxy;
import static io.gatling.javaapi.http.HttpDsl.http;

import dev.ttftgap.config.ApiRoot;
import dev.ttftgap.config.EngineServerSettings;
import dev.ttftgap.config.HttpVersion;
import dev.ttftgap.config.ProxyRoute;
import dev.ttftgap.config.ServerViewSettings;
import dev.ttftgap.config.Settings;
import dev.ttftgap.config.TargetNetwork;
import dev.ttftgap.gatling.internal.ErrorBodyCapture;
import dev.ttftgap.preflight.Preflight;
import dev.ttftgap.profile.RequestExtras;
import dev.ttftgap.profile.RequestShape;
import dev.ttftgap.stream.Api;
import dev.ttftgap.tokens.TokenCalibration;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The endpoint under test: the embedded engine (started on a free loopback port) when no base URL
 * is set ({@link EmbeddedTarget}), otherwise the given one ({@link ExternalTarget}), never both.
 * Checked by the preflight before any load ({@link TargetCheck}).
 */
sealed interface Target extends AutoCloseable permits EmbeddedTarget, ExternalTarget {

  static Target resolve(Settings settings, Optional<String> modelHint) {
    return resolve(settings, modelHint, List.of());
  }

  /**
   * The target, its preflight also checking that the server lists each of {@code otherModels} (the
   * ids an experiment's arms send).
   */
  static Target resolve(Settings settings, Optional<String> modelHint, List<String> otherModels) {
    return resolve(
        settings,
        modelHint,
        RequestShape.AUTHORIZATION,
        new RequestExtras.ResolvedHeaders(Map.of(), List.of()),
        null,
        otherModels,
        Api.CHAT);
  }

  /**
   * The target, its preflight sending the key in {@code apiKeyHeader} and the profile's {@code
   * headers}, as the load will.
   */
  static Target resolve(
      Settings settings,
      Optional<String> modelHint,
      String apiKeyHeader,
      RequestExtras.ResolvedHeaders headers) {
    return resolve(settings, modelHint, apiKeyHeader, headers, null);
  }

  /**
   * @param workload what each request will ask (prompt tokens, max_tokens), checked by the
   *     preflight against the context length the server announces; null: not checked
   */
  static Target resolve(
      Settings settings,
      Optional<String> modelHint,
      String apiKeyHeader,
      RequestExtras.ResolvedHeaders headers,
      Preflight.PlannedWorkload workload) {
    return resolve(settings, modelHint, apiKeyHeader, headers, workload, List.of(), Api.CHAT);
  }

  /** Like the one above, the preflight speaking {@code api}, as the load will. */
  static Target resolve(
      Settings settings,
      Optional<String> modelHint,
      String apiKeyHeader,
      RequestExtras.ResolvedHeaders headers,
      Preflight.PlannedWorkload workload,
      Api api) {
    return resolve(settings, modelHint, apiKeyHeader, headers, workload, List.of(), api);
  }

  private static Target resolve(
      Settings settings,
      Optional<String> modelHint,
      String apiKeyHeader,
      RequestExtras.ResolvedHeaders headers,
      Preflight.PlannedWorkload workload,
      List<String> otherModels,
      Api api) {
    ServerViewSettings view = ServerViewSettings.load();
    EngineServerSettings server = EngineServerSettings.load();
    TargetCheck.Request check =
        new TargetCheck.Request(view, apiKeyHeader, headers, workload, otherModels, api);
    if (settings.baseUrl().isEmpty()) {
      return EmbeddedTarget.start(settings, modelHint, server, check);
    }
    return ExternalTarget.check(settings, modelHint, check.withNetwork(TargetNetwork.load()));
  }

  /** The run's settings. */
  Settings settings();

  /** What the preflight found: the model, the server view, the token calibration. */
  TargetCheck check();

  /** The URL the load posts its chat completions to. */
  String chatCompletionsUrl();

  /** The URL the load posts its requests of {@code api} to, e.g. {@code .../v1/messages}. */
  default String url(Api api) {
    return apiRoot().endpoint(api);
  }

  /** The API root the chat-completions, models and {@code /metrics} URLs are found from. */
  ApiRoot apiRoot();

  /** The key the load sends; none for the embedded engine. */
  Optional<String> apiKey();

  /**
   * The engine profile's analytic saturation rate for a run's prompts, when the target is the
   * embedded engine.
   */
  Optional<Double> knownSaturationRate(
      int userTokens, int sharedPrefixTokens, boolean repeated, int outputTokens);

  /** "ttft-gap: target …, model …, {@code workload}", the run's first line about its target. */
  String describe(String workload);

  /** Where the load goes, without the key: the embedded engine's URL or the base URL given. */
  String endpoint();

  @Override
  void close();

  /** The model the load asks for. */
  default String model() {
    return check().model();
  }

  /** The calibration the run's prompts are built with. */
  default TokenCalibration tokenCalibration() {
    return check().calibration().calibration();
  }

  /** The {@code /metrics} URL to scrape during the run; empty with {@code -Dmetrics.url=off}. */
  default Optional<java.net.URI> metricsUrl() {
    return check().view().metricsUrlFor(apiRoot());
  }

  /**
   * The HTTP protocol for this target: keep-alive connections shared across users unless asked
   * otherwise, the key as a Bearer token. Gatling's unmatched-event buffer stays at its default
   * size 0: the SSE checks log every event as it arrives ({@link ChatRequestChain}).
   */
  default HttpProtocolBuilder protocol() {
    return protocol(RequestShape.AUTHORIZATION);
  }

  /**
   * The protocol with the key in {@code apiKeyHeader}: {@code Authorization: Bearer KEY} for {@code
   * Authorization}, the bare key under any other name (Azure OpenAI's {@code api-key}, Messages'
   * {@code x-api-key}); null: no key (the profile's headers carry it).
   */
  /**
   * The protocol reaching the target the way the preflight did: through the proxy the environment
   * names for its URL, offering HTTP/2 when asked, trusting the run's CAs (handed to {@link
   * ErrorBodyCapture}, which sends every load request).
   */
  private HttpProtocolBuilder reachedOver(HttpProtocolBuilder protocol, TargetNetwork network) {
    HttpProtocolBuilder reached = protocol;
    Optional<ProxyRoute> proxy =
        network.proxies().routeFor(java.net.URI.create(chatCompletionsUrl()));
    if (proxy.isPresent()) {
      // an HTTP proxy: CONNECT for an https target, absolute-form requests for an http one
      reached = reached.proxy(Proxy(proxy.get().host(), proxy.get().port()));
    }
    if (network.httpVersion() == HttpVersion.HTTP_2) {
      reached = reached.enableHttp2();
    }
    ErrorBodyCapture.trustOnly(
        network.trust().custom() ? network.trust().trustManagerFactory() : null);
    return reached;
  }

  default HttpProtocolBuilder protocol(String apiKeyHeader) {
    HttpProtocolBuilder protocol =
        http.contentTypeHeader("application/json").userAgentHeader("ttft-gap");
    if (!settings().newConnectionPerUser()) {
      protocol = protocol.shareConnections();
    }
    if (apiKey().isPresent() && apiKeyHeader != null) {
      protocol =
          apiKeyHeader.equalsIgnoreCase(RequestShape.AUTHORIZATION)
              ? protocol.authorizationHeader("Bearer " + apiKey().get())
              : protocol.header(apiKeyHeader, apiKey().get());
    }
    protocol = reachedOver(protocol, check().network());
    ServerViewSettings view = check().view();
    if (view.acceptEncoding().isPresent()) {
      // what the OpenAI SDKs send; Gatling's HTTP/1.1 pipeline inflates gzip and deflate bodies,
      // SSE streams included, before its SSE decoder (see docs)
      protocol = protocol.acceptEncodingHeader(view.acceptEncoding().get());
    }
    return protocol;
  }
}
