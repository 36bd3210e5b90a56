package dev.ttftgap.preflight;

import dev.ttftgap.config.Setting;
import dev.ttftgap.config.Settings;
import dev.ttftgap.config.SettingsException;
import dev.ttftgap.config.SettingsSource;
import dev.ttftgap.config.TargetNetwork;
import dev.ttftgap.stream.Api;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;

/**
 * Command line preflight of a real endpoint, with the simulations' settings.
 *
 * <p>Environment: {@code LLM_BASE_URL} (fallback {@code OPENAI_BASE_URL}), the URL that precedes
 * {@code /chat/completions}, e.g. {@code http://localhost:8000/v1}; {@code LLM_API_KEY} (fallback
 * {@code OPENAI_API_KEY}, environment only, never printed); {@code LLM_MODEL}. Exit code 0 when the
 * target is fit for a load run, 1 on a diagnosis (also for a missing {@code LLM_MODEL}: it lists
 * the served ids), 2 when no base URL is set or a setting is malformed. Settings are read by {@link
 * Settings}, as the simulations read them.
 */
public final class PreflightMain {
  static final Duration TIMEOUT = Duration.ofSeconds(30);

  private PreflightMain() {}

  public static void main(String[] args) {
    SettingsSource source = SettingsSource.current();
    System.exit(run(source.environment(), source.properties(), System.out, System.err));
  }

  static int run(Map<String, String> env, PrintStream out, PrintStream err) {
    return run(env, new Properties(), out, err);
  }

  static int run(Map<String, String> env, Properties props, PrintStream out, PrintStream err) {
    Settings settings;
    TargetNetwork network;
    try {
      settings = Settings.load(env, props);
      network = TargetNetwork.load(SettingsSource.of(env, props));
    } catch (SettingsException e) {
      err.println(e.getMessage());
      return 2;
    }
    if (settings.baseUrl().isEmpty()) {
      err.println(
          "LLM_BASE_URL is not set: export it as the endpoint's base URL, e.g."
              + " http://localhost:8000/v1 (the simulations use the embedded engine without it)");
      return 2;
    }
    Api api;
    try {
      api = apiOf(SettingsSource.of(env, props));
    } catch (IllegalArgumentException e) {
      err.println("request.api: " + e.getMessage());
      return 2;
    }
    PreflightTarget target = targetOf(settings).withApi(api).withNetwork(network);
    PreflightResult result = new Preflight(target).run();
    if (result.ok()) {
      out.println(result.summaryLine());
      CompressionCheck.run(target, result).ifPresent(out::println);
      if (!result.servedModels().isEmpty()) {
        out.println("served models: " + String.join(", ", result.servedModels()));
      }
      return 0;
    }
    err.println(result.summaryLine());
    return 1;
  }

  /**
   * The URLs and key exactly as the simulations derive them (a base URL with or without {@code
   * /v1}); without a model the preflight still runs: its diagnosis lists the served ids.
   */
  /** The API of {@code -Drequest.api} / {@code TTFTGAP_REQUEST_API}; chat when neither is set. */
  static Api apiOf(SettingsSource source) {
    return source.get(Setting.REQUEST_API).map(v -> Api.parse(v.value())).orElse(Api.CHAT);
  }

  static PreflightTarget targetOf(Settings settings) {
    return new PreflightTarget(
        settings.chatCompletionsUrl(),
        settings.modelsUrl(),
        settings.apiKey(),
        settings.model().orElse(null),
        TIMEOUT);
  }
}
