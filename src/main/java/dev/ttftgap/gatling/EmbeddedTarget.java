package dev.ttftgap.gatling;

import dev.ttftgap.config.ApiRoot;
import dev.ttftgap.config.EngineServerSettings;
import dev.ttftgap.config.HttpVersion;
import dev.ttftgap.config.ProxyRoutes;
import dev.ttftgap.config.Settings;
import dev.ttftgap.config.TargetNetwork;
import dev.ttftgap.config.TrustSettings;
import dev.ttftgap.engine.DisconnectPolicy;
import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.engine.HeaderMode;
import dev.ttftgap.engine.ModelProfile;
import dev.ttftgap.engine.PrefixCacheCapacity;
import java.util.Optional;

/**
 * The embedded engine, started on a free loopback port for the run and stopped by {@link #close()}
 * (which first prints its preemption count).
 *
 * @param settings the run's settings (engine profile, header mode)
 * @param engine the running engine, owned by this target
 * @param check what the preflight found
 */
record EmbeddedTarget(Settings settings, EmbeddedEngine engine, TargetCheck check)
    implements Target {

  /**
   * Starts the engine and checks it; the engine is stopped again when the check fails.
   *
   * @param modelHint the model the profile asks for; the engine profile's name when none is set
   */
  static EmbeddedTarget start(
      Settings settings,
      Optional<String> modelHint,
      EngineServerSettings server,
      TargetCheck.Request request) {
    EmbeddedEngine engine =
        EmbeddedEngine.start(
            EngineConfig.defaults()
                .withPort(0)
                .withProfile(settings.engineProfile())
                .withHeaderMode(HeaderMode.parse(settings.engineHeaderMode()))
                .withMetricsDialect(request.view().engineMetricsDialect())
                .withHttpWorkers(server.httpWorkers())
                .withIdleWorkerHoldMillis(server.idleHoldMillis())
                .withKeepAliveMaxRequests(server.keepAliveMaxRequests())
                .withDisconnectPolicy(DisconnectPolicy.parse(server.onDisconnect()))
                .withTlsSettings(server.tls()));
    String model = settings.model().or(() -> modelHint).orElse(settings.engineProfile());
    try {
      ApiRoot root = ApiRoot.of(engine.baseUrl());
      TargetCheck check =
          TargetCheck.run(
              request.withNetwork(network(engine)),
              root.chatCompletions(),
              root.models(),
              Optional.empty(),
              model);
      return new EmbeddedTarget(settings, engine, check);
    } catch (RuntimeException e) {
      engine.close();
      throw e;
    }
  }

  /**
   * The embedded engine is reached directly; over TLS the run trusts only the certificate it
   * serves, and offers HTTP/2 when the engine does.
   */
  private static TargetNetwork network(EmbeddedEngine engine) {
    if (engine.certificatePath().isEmpty()) {
      return TargetNetwork.DIRECT;
    }
    return new TargetNetwork(
        TrustSettings.read(engine.certificatePath().get(), "the embedded engine's certificate"),
        engine.config().http2() ? HttpVersion.HTTP_2 : HttpVersion.HTTP_1_1,
        ProxyRoutes.DIRECT);
  }

  @Override
  public String chatCompletionsUrl() {
    return apiRoot().chatCompletions();
  }

  @Override
  public ApiRoot apiRoot() {
    return ApiRoot.of(engine.baseUrl());
  }

  /** None: the engine needs no key. */
  @Override
  public Optional<String> apiKey() {
    return Optional.empty();
  }

  /**
   * The engine profile's analytic saturation rate for a run's prompts ({@link
   * PrefixCacheCapacity}).
   */
  @Override
  public Optional<Double> knownSaturationRate(
      int userTokens, int sharedPrefixTokens, boolean repeated, int outputTokens) {
    return ModelProfile.builtIns().stream()
        .filter(p -> p.name().equals(settings.engineProfile()))
        .findFirst()
        .map(
            p ->
                PrefixCacheCapacity.saturationRatePerSecond(
                    p, userTokens, sharedPrefixTokens, repeated, outputTokens));
  }

  @Override
  public String describe(String workload) {
    return "ttft-gap: target embedded engine "
        + engine.baseUrl()
        + " (engine profile "
        + settings.engineProfile()
        + ", headers "
        + settings.engineHeaderMode()
        + engineServerBehaviours(engine.config())
        + ")"
        + ", model "
        + model()
        + ", "
        + workload
        + "; measure another endpoint with LLM_BASE_URL, LLM_MODEL and LLM_API_KEY";
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

  @Override
  public String endpoint() {
    return "embedded engine " + engine.baseUrl();
  }

  @Override
  public void close() {
    System.out.println(
        "ttft-gap: embedded engine "
            + model()
            + ": vllm:num_preemptions_total "
            + engine.preemptionsTotal(model()));
    engine.close();
  }
}
