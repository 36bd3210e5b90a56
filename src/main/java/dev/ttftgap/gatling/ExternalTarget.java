package dev.ttftgap.gatling;

import dev.ttftgap.config.ApiRoot;
import dev.ttftgap.config.Settings;
import java.util.Optional;

/**
 * The endpoint given by {@code LLM_BASE_URL}, with {@code LLM_API_KEY} and {@code LLM_MODEL}.
 *
 * @param settings the run's settings, the base URL among them
 * @param check what the preflight found
 */
record ExternalTarget(Settings settings, TargetCheck check) implements Target {

  /** The base URL's target, once the preflight passed. */
  static ExternalTarget check(
      Settings settings, Optional<String> modelHint, TargetCheck.Request request) {
    String chatUrl = settings.chatCompletionsUrl();
    String modelsUrl = settings.modelsUrl();
    String model = settings.model().or(() -> modelHint).orElse(null);
    return new ExternalTarget(
        settings, TargetCheck.run(request, chatUrl, modelsUrl, settings.apiKey(), model));
  }

  @Override
  public String chatCompletionsUrl() {
    return settings.chatCompletionsUrl();
  }

  @Override
  public ApiRoot apiRoot() {
    return settings.apiRoot();
  }

  @Override
  public Optional<String> apiKey() {
    return settings.apiKey();
  }

  /** None: the capacity of a server this tool did not start is what the run measures. */
  @Override
  public Optional<Double> knownSaturationRate(
      int userTokens, int sharedPrefixTokens, boolean repeated, int outputTokens) {
    return Optional.empty();
  }

  @Override
  public String describe(String workload) {
    return "ttft-gap: target "
        + settings.baseUrl().get()
        + " (key "
        + settings.maskedApiKey()
        + ", "
        + check().network().describe(java.net.URI.create(chatCompletionsUrl()))
        + ")"
        + ", model "
        + model()
        + ", "
        + workload;
  }

  @Override
  public String endpoint() {
    return withoutUserInfo(settings.baseUrl().orElseThrow());
  }

  private static String withoutUserInfo(java.net.URI url) {
    return url.getRawUserInfo() == null
        ? url.toString()
        : url.toString().replace(url.getRawUserInfo() + "@", "");
  }

  /** Nothing to stop: the server is not this run's. */
  @Override
  public void close() {}
}
