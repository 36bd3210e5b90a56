package dev.ttftgap.gatling;

import static io.gatling.javaapi.http.HttpDsl.http;

import dev.ttftgap.config.CalibrationSettings;
import dev.ttftgap.config.EngineServerSettings;
import dev.ttftgap.config.ServerViewSettings;
import dev.ttftgap.config.Settings;
import dev.ttftgap.engine.DisconnectPolicy;
import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.engine.HeaderMode;
import dev.ttftgap.engine.ModelProfile;
import dev.ttftgap.engine.PrefixCacheCapacity;
import dev.ttftgap.preflight.CompressionCheck;
import dev.ttftgap.preflight.Preflight;
import dev.ttftgap.preflight.PreflightResult;
import dev.ttftgap.preflight.PreflightTarget;
import dev.ttftgap.preflight.TokenCalibrationProbe;
import dev.ttftgap.profile.PromptBuilder;
import dev.ttftgap.profile.RequestExtras;
import dev.ttftgap.profile.RequestShape;
import dev.ttftgap.tokens.TokenCalibration;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.time.Duration;
import java.util.Optional;

/**
 * The endpoint under test: the embedded engine (started on a free loopback port) when no base URL
 * is set, otherwise the given one, never both. Checked by the preflight before any load.
 *
 * @param settings the run's settings
 * @param engine the embedded engine, or null when the target is the base URL given
 * @param model the model the load asks for
 * @param preflight what the preflight found
 * @param view the server-view settings ({@code /metrics} URL, {@code Accept-Encoding}, dialect)
 * @param calibration how the target counts prompt tokens (measured after the preflight, unless
 *     {@code -Dprompt.calibration=off})
 */
record Target(
    Settings settings,
    EmbeddedEngine engine,
    String model,
    PreflightResult preflight,
    ServerViewSettings view,
    TokenCalibrationProbe.Result calibration)
    implements AutoCloseable {

  static Target resolve(Settings settings, Optional<String> modelHint) {
    return resolve(settings, modelHint, java.util.List.of());
  }

  /**
   * The target, its preflight also checking that the server lists each of {@code otherModels} (the
   * ids an experiment's arms send).
   */
  static Target resolve(
      Settings settings, Optional<String> modelHint, java.util.List<String> otherModels) {
    return resolve(
        settings,
        modelHint,
        RequestShape.AUTHORIZATION,
        new RequestExtras.ResolvedHeaders(java.util.Map.of(), java.util.List.of()),
        null,
        otherModels);
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
    return resolve(settings, modelHint, apiKeyHeader, headers, workload, java.util.List.of());
  }

  private static Target resolve(
      Settings settings,
      Optional<String> modelHint,
      String apiKeyHeader,
      RequestExtras.ResolvedHeaders headers,
      Preflight.PlannedWorkload workload,
      java.util.List<String> otherModels) {
    ServerViewSettings view = ServerViewSettings.load();
    EngineServerSettings server = EngineServerSettings.load();
    EmbeddedEngine engine = null;
    String chatUrl;
    String modelsUrl;
    if (settings.baseUrl().isEmpty()) {
      engine =
          EmbeddedEngine.start(
              EngineConfig.defaults()
                  .withPort(0)
                  .withProfile(settings.engineProfile())
                  .withHeaderMode(HeaderMode.parse(settings.engineHeaderMode()))
                  .withMetricsDialect(view.engineMetricsDialect())
                  .withHttpWorkers(server.httpWorkers())
                  .withIdleWorkerHoldMillis(server.idleHoldMillis())
                  .withKeepAliveMaxRequests(server.keepAliveMaxRequests())
                  .withDisconnectPolicy(DisconnectPolicy.parse(server.onDisconnect())));
      chatUrl = engine.baseUrl() + "/chat/completions";
      modelsUrl = engine.baseUrl() + "/models";
    } else {
      chatUrl = settings.chatCompletionsUrl();
      modelsUrl = settings.modelsUrl();
    }
    String model =
        settings
            .model()
            .or(() -> modelHint)
            .orElse(engine != null ? settings.engineProfile() : null);
    try {
      PreflightTarget probeTarget =
          new PreflightTarget(
              chatUrl,
              modelsUrl,
              engine != null ? Optional.empty() : settings.apiKey(),
              model,
              Duration.ofSeconds(30),
              apiKeyHeader,
              headers.values(),
              headers.secrets());
      Preflight check = new Preflight(probeTarget).withOtherModels(otherModels);
      PreflightResult preflight =
          (workload == null ? check : check.withWorkload(workload, System.getenv())).run();
      if (!preflight.ok()) {
        throw new IllegalStateException(
            preflight.diagnosis().map(d -> d.line()).orElse("preflight failed"));
      }
      System.out.println("ttft-gap: " + preflight.summaryLine());
      if (preflight.ok() && model != null) {
        // what SDK clients (Accept-Encoding: gzip) get through a compressing proxy
        CompressionCheck.run(probeTarget, preflight).ifPresent(System.out::println);
      }
      if (model == null) {
        throw new IllegalStateException(
            "LLM_MODEL: not set; set it to one of the served models " + preflight.servedModels());
      }
      TokenCalibrationProbe.Result calibration = calibrate(probeTarget);
      System.out.println("ttft-gap: " + calibration.describe());
      return new Target(settings, engine, model, preflight, view, calibration);
    } catch (RuntimeException e) {
      if (engine != null) {
        engine.close();
      }
      throw e;
    }
  }

  /**
   * How the target counts the tool's generated prompts: two short requests (and {@code /tokenize}
   * where the server has it), so that {@code promptTokens} means the served model's tokens.
   */
  private static TokenCalibrationProbe.Result calibrate(PreflightTarget probeTarget) {
    if (!CalibrationSettings.load().calibrate()) {
      return new TokenCalibrationProbe.Result(
          TokenCalibration.NONE, "switched off with -Dprompt.calibration=off");
    }
    return new TokenCalibrationProbe(probeTarget)
        .run(
            PromptBuilder.promptOfTokens(TokenCalibrationProbe.SHORT_TOKENS, 0x5EEDL),
            PromptBuilder.promptOfTokens(TokenCalibrationProbe.LONG_TOKENS, 0x5EEEL));
  }

  /** The calibration the run's prompts are built with. */
  TokenCalibration tokenCalibration() {
    return calibration.calibration();
  }

  String chatCompletionsUrl() {
    return engine != null ? engine.baseUrl() + "/chat/completions" : settings.chatCompletionsUrl();
  }

  /** The {@code /metrics} URL to scrape during the run; empty with {@code -Dmetrics.url=off}. */
  Optional<java.net.URI> metricsUrl() {
    String apiRoot =
        engine != null
            ? engine.baseUrl()
            : settings.chatCompletionsUrl().replace("/chat/completions", "");
    return view.metricsUrlFor(apiRoot);
  }

  Optional<String> apiKey() {
    return engine != null ? Optional.empty() : settings.apiKey();
  }

  boolean embedded() {
    return engine != null;
  }

  /**
   * The engine profile's analytic saturation rate for a run's prompts ({@link
   * PrefixCacheCapacity}), when the target is the embedded engine.
   */
  Optional<Double> knownSaturationRate(
      int userTokens, int sharedPrefixTokens, boolean repeated, int outputTokens) {
    if (engine == null) {
      return Optional.empty();
    }
    return ModelProfile.builtIns().stream()
        .filter(p -> p.name().equals(settings.engineProfile()))
        .findFirst()
        .map(
            p ->
                PrefixCacheCapacity.saturationRatePerSecond(
                    p, userTokens, sharedPrefixTokens, repeated, outputTokens));
  }

  /**
   * What the preflight saw of the target's header timing (at-accept, with-first-token, buffered).
   */
  String headerTiming() {
    return preflight.headerTiming();
  }

  /**
   * The HTTP protocol for this target: keep-alive connections shared across users unless asked
   * otherwise, the key as a Bearer token. Gatling's unmatched-event buffer stays at its default
   * size 0: the SSE checks log every event as it arrives ({@link ChatRequestChain}).
   */
  HttpProtocolBuilder protocol() {
    return protocol(RequestShape.AUTHORIZATION);
  }

  /**
   * The protocol with the key in {@code apiKeyHeader}: {@code Authorization: Bearer KEY} for {@code
   * Authorization}, the bare key under any other name (Azure OpenAI's {@code api-key}).
   */
  HttpProtocolBuilder protocol(String apiKeyHeader) {
    HttpProtocolBuilder protocol =
        http.contentTypeHeader("application/json").userAgentHeader("ttft-gap");
    if (!settings.newConnectionPerUser()) {
      protocol = protocol.shareConnections();
    }
    if (apiKey().isPresent()) {
      protocol =
          apiKeyHeader.equalsIgnoreCase(RequestShape.AUTHORIZATION)
              ? protocol.authorizationHeader("Bearer " + apiKey().get())
              : protocol.header(apiKeyHeader, apiKey().get());
    }
    if (view.acceptEncoding().isPresent()) {
      // what the OpenAI SDKs send; Gatling's HTTP/1.1 pipeline inflates gzip and deflate bodies,
      // SSE streams included, before its SSE decoder (see docs)
      protocol = protocol.acceptEncodingHeader(view.acceptEncoding().get());
    }
    return protocol;
  }

  String describe(String workload) {
    String where =
        engine != null
            ? "embedded engine "
                + engine.baseUrl()
                + " (engine profile "
                + settings.engineProfile()
                + ", headers "
                + settings.engineHeaderMode()
                + engineServerBehaviours(engine.config())
                + ")"
            : settings.baseUrl().get() + " (key " + settings.maskedApiKey() + ")";
    return "ttft-gap: target "
        + where
        + ", model "
        + model
        + ", "
        + workload
        + (engine != null
            ? "; measure another endpoint with LLM_BASE_URL, LLM_MODEL and LLM_API_KEY"
            : "");
  }

  /**
   * ", http workers 6 (idle hold 5000 ms, 100 requests per connection), on disconnect run-on";
   * empty at the defaults.
   */
  private static String engineServerBehaviours(EngineConfig config) {
    return (config.httpWorkers() > 0
            ? ", http workers "
                + config.httpWorkers()
                + " (idle hold "
                + config.idleWorkerHoldMillis()
                + " ms, "
                + config.keepAliveMaxRequests()
                + " requests per connection)"
            : "")
        + (config.disconnectPolicy() != DisconnectPolicy.ABORT
            ? ", on disconnect " + config.disconnectPolicy().label()
            : "");
  }

  /** Where the load goes, without the key: the embedded engine's URL or the base URL given. */
  String endpoint() {
    return engine != null
        ? "embedded engine " + engine.baseUrl()
        : withoutUserInfo(settings.baseUrl().orElseThrow());
  }

  private static String withoutUserInfo(java.net.URI url) {
    return url.getRawUserInfo() == null
        ? url.toString()
        : url.toString().replace(url.getRawUserInfo() + "@", "");
  }

  @Override
  public void close() {
    if (engine != null) {
      System.out.println(
          "ttft-gap: embedded engine "
              + model
              + ": vllm:num_preemptions_total "
              + engine.preemptionsTotal(model));
      engine.close();
    }
  }
}
