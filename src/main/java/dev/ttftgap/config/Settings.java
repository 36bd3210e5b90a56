package dev.ttftgap.config;

import dev.ttftgap.validation.NonNull;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * The target's settings of a run, read from one {@link SettingsSource} and validated before any
 * load is sent. Where each comes from (property, environment twins, default) is declared in {@link
 * Setting}; this is its typed view.
 *
 * <p>System properties win over environment variables. An empty or blank value counts as unset.
 * Every bad value fails with a one-line {@link SettingsException} that names the setting (as the
 * user spelled it: {@code -Dllm.baseUrl} or {@code LLM_BASE_URL}) and the fix.
 *
 * <p><b>Base URL.</b> Stored as the API root that {@code /chat/completions} and {@code /models}
 * hang from, parsed by {@link ApiRoot#parse} ({@code http://h:8000} becomes {@code
 * http://h:8000/v1}; {@link #baseUrlAsIs} keeps a versionless path as given).
 *
 * <p><b>API key.</b> Read only from the environment, sent as a Bearer token, never printed: {@link
 * #toString()} and {@link #describe()} show {@link #maskedApiKey()} at most. A key with quotes,
 * whitespace, a newline or a {@code Bearer } prefix fails early with the variable's name, because
 * servers answer such keys with a 401 whose quick reply distorts TTFB.
 *
 * <p>Usage: {@code Settings settings = Settings.load(SettingsSource.current());}
 *
 * @param baseUrl normalized API root (e.g. {@code http://127.0.0.1:8000/v1}); empty = start the
 *     embedded engine
 * @param baseUrlAsIs true: {@link #baseUrl} keeps its path as given, never gaining {@code /v1}
 * @param apiKey the key from the environment; empty = none
 * @param model model id sent in requests; empty = the load profile's or the server's
 * @param profile load profile name ({@code simulations/NAME.json}) or path
 * @param engineProfile embedded engine's model profile name (checked by the engine)
 * @param engineHeaderMode embedded engine's header timing: {@code at-accept}, {@code
 *     with-first-token} or {@code buffered}
 * @param newConnectionPerUser true: each virtual user opens its own connection; false: users share
 *     keep-alive connections
 * @param recordsDir where the per-request records go; empty = next to the report
 * @param capacityPeakRate peak arrival rate (requests/s) to size replicas for; empty = none
 * @param baseline previous run's {@code capacity.json} to compare with; empty = none
 */
public record Settings(
    Optional<URI> baseUrl,
    boolean baseUrlAsIs,
    Optional<String> apiKey,
    Optional<String> model,
    String profile,
    String engineProfile,
    String engineHeaderMode,
    boolean newConnectionPerUser,
    Optional<Path> recordsDir,
    Optional<Double> capacityPeakRate,
    Optional<Path> baseline) {

  public static final String DEFAULT_PROFILE = "rising-rate";
  public static final String DEFAULT_ENGINE_PROFILE = "qwen3-8b-like";
  public static final String DEFAULT_ENGINE_HEADER_MODE = HeaderTimings.AT_ACCEPT;
  public static final Set<String> ENGINE_HEADER_MODES = HeaderTimings.ALL;

  public Settings {
    NonNull.check(
        "baseUrl apiKey model profile engineProfile engineHeaderMode recordsDir capacityPeakRate"
            + " baseline",
        baseUrl,
        apiKey,
        model,
        profile,
        engineProfile,
        engineHeaderMode,
        recordsDir,
        capacityPeakRate,
        baseline);
  }

  /** Settings of this JVM: {@link SettingsSource#current()}. */
  public static Settings load() {
    return load(SettingsSource.current());
  }

  /**
   * Settings from the given environment and system properties.
   *
   * @throws SettingsException naming the first bad setting and its fix
   */
  public static Settings load(Map<String, String> env, Properties props) {
    return load(SettingsSource.of(env, props));
  }

  /**
   * Settings from {@code source}.
   *
   * @throws SettingsException naming the first bad setting and its fix
   */
  public static Settings load(SettingsSource source) {
    return SettingsLoader.load(source);
  }

  /** True when no base URL is set, so the run starts the embedded engine. */
  public boolean usesEmbeddedEngine() {
    return baseUrl.isEmpty();
  }

  /**
   * These settings pointed at {@code url} (normalized like {@link #baseUrl}, without {@link
   * #baseUrlAsIs}: the engine serves under {@code /v1}): how the glue fills in the embedded
   * engine's address once it listens.
   *
   * @throws SettingsException when {@code url} is not an http(s) URL
   */
  public Settings withBaseUrl(URI url) {
    return new Settings(
        Optional.of(ApiRoot.parse("baseUrl", url.toString(), false).uri()),
        baseUrlAsIs,
        apiKey,
        model,
        profile,
        engineProfile,
        engineHeaderMode,
        newConnectionPerUser,
        recordsDir,
        capacityPeakRate,
        baseline);
  }

  /**
   * The streaming endpoint, e.g. {@code http://127.0.0.1:8000/v1/chat/completions}.
   *
   * @throws IllegalStateException when no base URL is set yet (embedded engine not started: call
   *     {@link #withBaseUrl} first)
   */
  public String chatCompletionsUrl() {
    return apiRoot().chatCompletions();
  }

  /**
   * The model list endpoint, e.g. {@code http://127.0.0.1:8000/v1/models}.
   *
   * @throws IllegalStateException when no base URL is set yet
   */
  public String modelsUrl() {
    return apiRoot().models();
  }

  /**
   * The key for logs: {@code "sk-…abcd"} (known prefix, ellipsis, last 4 characters), {@code
   * "…abcd"} for other keys, {@code "…"} for keys shorter than 12 characters (4 would be a third of
   * them), {@code "(none)"} when absent.
   */
  public String maskedApiKey() {
    if (apiKey.isEmpty()) {
      return "(none)";
    }
    String key = apiKey.get();
    if (key.length() < 12) {
      return "…";
    }
    String prefix = key.startsWith("sk-") ? "sk-" : "";
    return prefix + "…" + key.substring(key.length() - 4);
  }

  /**
   * One console line: target, model, key (masked), load profile, connections, and how to point the
   * run elsewhere. Example: {@code target: embedded engine (model profile qwen3-8b-like, headers
   * at-accept) · model: (profile's or server's) · key: (none) · load profile: rising-rate ·
   * connections: shared · real server: LLM_BASE_URL=http://HOST:PORT/v1 LLM_API_KEY=...
   * LLM_MODEL=ID; other load: -Dprofile=NAME|PATH}
   */
  public String describe() {
    String target =
        baseUrl
            .map(url -> "target: " + url + (baseUrlAsIs ? " (as is)" : ""))
            .orElse(
                "target: embedded engine (model profile "
                    + engineProfile
                    + ", headers "
                    + engineHeaderMode
                    + ")");
    String howElsewhere =
        usesEmbeddedEngine()
            ? "real server: LLM_BASE_URL=http://HOST:PORT/v1 LLM_API_KEY=... LLM_MODEL=ID"
            : "embedded engine: unset LLM_BASE_URL/OPENAI_BASE_URL/-Dllm.baseUrl";
    return target
        + " · model: "
        + model.orElse("(profile's or server's)")
        + " · key: "
        + maskedApiKey()
        + " · load profile: "
        + profile
        + " · connections: "
        + (newConnectionPerUser ? "per-user" : "shared")
        + " · "
        + howElsewhere
        + "; other load: -Dprofile=NAME|PATH";
  }

  /** Like the record's, with the key masked. */
  @Override
  public String toString() {
    return "Settings[baseUrl="
        + baseUrl.map(URI::toString).orElse("(embedded engine)")
        + ", baseUrlAsIs="
        + baseUrlAsIs
        + ", apiKey="
        + maskedApiKey()
        + ", model="
        + model.orElse("(default)")
        + ", profile="
        + profile
        + ", engineProfile="
        + engineProfile
        + ", engineHeaderMode="
        + engineHeaderMode
        + ", newConnectionPerUser="
        + newConnectionPerUser
        + ", recordsDir="
        + recordsDir.map(Path::toString).orElse("(next to report)")
        + ", capacityPeakRate="
        + capacityPeakRate.map(String::valueOf).orElse("(none)")
        + ", baseline="
        + baseline.map(Path::toString).orElse("(none)")
        + "]";
  }

  /**
   * The API root the base URL names.
   *
   * @throws IllegalStateException when no base URL is set yet (embedded engine not started: call
   *     {@link #withBaseUrl} first)
   */
  public ApiRoot apiRoot() {
    return new ApiRoot(
        baseUrl.orElseThrow(
            () ->
                new IllegalStateException(
                    "no base URL yet: start the embedded engine and call withBaseUrl first")));
  }

  /**
   * Whether {@code LLM_BASE_URL=baseUrl} alone would get {@code /v1} appended, so that reaching
   * {@code baseUrl + "/chat/completions"} as given also needs {@code LLM_BASE_URL_AS_IS=true}.
   * False for a URL that is not a valid base URL (nothing to append to).
   */
  public static boolean appendsV1(String baseUrl) {
    try {
      ApiRoot byDefault = ApiRoot.parse("baseUrl", baseUrl, false);
      return !byDefault.equals(ApiRoot.parse("baseUrl", baseUrl, true));
    } catch (SettingsException e) {
      return false;
    }
  }
}
