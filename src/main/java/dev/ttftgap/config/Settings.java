package dev.ttftgap.config;

import dev.ttftgap.validation.NonNull;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Every setting of a run, read and validated in one place before any load is sent.
 *
 * <p>System properties win over environment variables. An empty or blank value counts as unset.
 * Every bad value fails with a one-line {@link SettingsException} that names the setting (as the
 * user spelled it: {@code -Dllm.baseUrl} or {@code LLM_BASE_URL}) and the fix.
 *
 * <table>
 *   <caption>Sources, first match wins</caption>
 *   <tr><th>setting</th><th>system property</th><th>environment</th><th>default</th></tr>
 *   <tr><td>{@link #baseUrl}</td><td>{@code llm.baseUrl}</td>
 *       <td>{@code LLM_BASE_URL}, then {@code OPENAI_BASE_URL}</td>
 *       <td>empty: start the embedded engine</td></tr>
 *   <tr><td>{@link #baseUrlAsIs}</td><td>{@code llm.baseUrlAsIs}</td>
 *       <td>{@code LLM_BASE_URL_AS_IS}</td><td>{@code false}: append {@code /v1} to a path
 *       without a version segment</td></tr>
 *   <tr><td>{@link #apiKey}</td><td>none: {@code -Dllm.apiKey} (and any {@code *apiKey}
 *       property) is rejected</td><td>{@code LLM_API_KEY}, then {@code OPENAI_API_KEY}</td>
 *       <td>empty: no {@code Authorization} header</td></tr>
 *   <tr><td>{@link #model}</td><td>{@code llm.model}</td><td>{@code LLM_MODEL}</td>
 *       <td>empty: the load profile's {@code request.model}, else the server's</td></tr>
 *   <tr><td>{@link #profile}</td><td>{@code profile}</td><td></td>
 *       <td>{@code rising-rate} ({@code simulations/NAME.json} or a path)</td></tr>
 *   <tr><td>{@link #engineProfile}</td><td>{@code engine.profile}</td><td></td>
 *       <td>{@code qwen3-8b-like}</td></tr>
 *   <tr><td>{@link #engineHeaderMode}</td><td>{@code engine.headerMode}</td><td></td>
 *       <td>{@code at-accept} ({@code with-first-token}, {@code buffered})</td></tr>
 *   <tr><td>{@link #newConnectionPerUser}</td><td>{@code connections}</td><td></td>
 *       <td>{@code shared} (keep-alive pool); {@code per-user} opens one per request</td></tr>
 *   <tr><td>{@link #recordsDir}</td><td>{@code records.dir}</td><td></td>
 *       <td>empty: next to the Gatling report</td></tr>
 *   <tr><td>{@link #capacityPeakRate}</td><td>{@code capacity.peakRate}</td><td></td>
 *       <td>empty (requests/s the capacity analysis sizes replicas for)</td></tr>
 *   <tr><td>{@link #baseline}</td><td>{@code baseline}</td><td></td>
 *       <td>empty (a previous run's {@code capacity.json}; must exist)</td></tr>
 * </table>
 *
 * <p><b>Base URL.</b> Stored as the API root that {@code /chat/completions} and {@code /models}
 * hang from. {@code http://h:8000}, {@code http://h:8000/}, {@code http://h:8000/v1} and {@code
 * http://h:8000/v1/} all become {@code http://h:8000/v1}; a URL pasted with the endpoint ({@code
 * .../v1/chat/completions}, or {@code .../v1/models}) is accepted and cut back to its root, so the
 * path is never doubled. A path with an API version segment anywhere ({@code v1}, {@code v4},
 * {@code v1beta}) is kept as is: {@code /api/paas/v4}, Gemini's {@code /v1beta/openai}, Cloudflare
 * AI Gateway's {@code /v1/ACCOUNT/GATEWAY/openai}. A path without one (the root, or a prefix such
 * as {@code /api}) gets {@code /v1} appended, as vLLM, SGLang and TGI serve it there. For servers
 * that answer at a versionless path (e.g. {@code https://api.perplexity.ai/chat/completions}),
 * {@link #baseUrlAsIs} keeps the path exactly as given (trailing slashes and a pasted endpoint
 * still cut). Query strings, fragments and user credentials in the URL are rejected.
 *
 * <p><b>API key.</b> Read only from the environment, sent as a Bearer token, never printed: {@link
 * #toString()} and {@link #describe()} show {@link #maskedApiKey()} at most. A key with quotes,
 * whitespace, a newline or a {@code Bearer } prefix fails early with the variable's name, because
 * servers answer such keys with a 401 whose quick reply distorts TTFB.
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
  public static final String DEFAULT_ENGINE_HEADER_MODE = "at-accept";
  public static final Set<String> ENGINE_HEADER_MODES =
      Set.of("at-accept", "with-first-token", "buffered");

  private static final Pattern VERSION_SEGMENT = Pattern.compile("v\\d+[a-z0-9]*");
  private static final Pattern ENGINE_PROFILE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
  private static final String EXAMPLE_URL = "http://127.0.0.1:8000/v1";

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

  /** Settings of this JVM: {@link System#getenv()} and {@link System#getProperties()}. */
  public static Settings load() {
    return load(System.getenv(), System.getProperties());
  }

  /**
   * Settings from the given environment and system properties.
   *
   * @throws SettingsException naming the first bad setting and its fix
   */
  public static Settings load(Map<String, String> env, Properties props) {
    rejectKeyInProperties(props);
    boolean asIs =
        firstOf(props, "llm.baseUrlAsIs", env, "LLM_BASE_URL_AS_IS", null)
            .map(source -> parseBoolean(source.name(), source.value()))
            .orElse(false);
    Optional<URI> baseUrl =
        firstOf(props, "llm.baseUrl", env, "LLM_BASE_URL", "OPENAI_BASE_URL")
            .map(source -> parseBaseUrl(source.name(), source.value(), asIs));
    Optional<String> apiKey =
        env(env, "LLM_API_KEY")
            .or(() -> env(env, "OPENAI_API_KEY"))
            .map(source -> checkApiKey(source.name(), source.rawValue()));
    Optional<String> model =
        firstOf(props, "llm.model", env, "LLM_MODEL", null)
            .map(source -> checkModel(source.name(), source.rawValue()));
    String profile = property(props, "profile").map(Source::value).orElse(DEFAULT_PROFILE);
    String engineProfile =
        property(props, "engine.profile")
            .map(source -> checkEngineProfile(source.name(), source.value()))
            .orElse(DEFAULT_ENGINE_PROFILE);
    String headerMode =
        property(props, "engine.headerMode")
            .map(source -> checkHeaderMode(source.name(), source.value()))
            .orElse(DEFAULT_ENGINE_HEADER_MODE);
    boolean perUser =
        property(props, "connections")
            .map(source -> parseConnections(source.name(), source.value()))
            .orElse(false);
    Optional<Path> recordsDir =
        property(props, "records.dir")
            .map(source -> parseRecordsDir(source.name(), source.value()));
    Optional<Double> peakRate =
        property(props, "capacity.peakRate")
            .map(source -> parsePeakRate(source.name(), source.value()));
    Optional<Path> baseline =
        property(props, "baseline").map(source -> parseBaseline(source.name(), source.value()));
    return new Settings(
        baseUrl,
        asIs,
        apiKey,
        model,
        profile,
        engineProfile,
        headerMode,
        perUser,
        recordsDir,
        peakRate,
        baseline);
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
        Optional.of(parseBaseUrl("baseUrl", url.toString(), false)),
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
    return apiRoot() + "/chat/completions";
  }

  /**
   * The model list endpoint, e.g. {@code http://127.0.0.1:8000/v1/models}.
   *
   * @throws IllegalStateException when no base URL is set yet
   */
  public String modelsUrl() {
    return apiRoot() + "/models";
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

  private String apiRoot() {
    return baseUrl
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "no base URL yet: start the embedded engine and call withBaseUrl first"))
        .toString();
  }

  /** A value and the name it came under, as the user would spell it in a fix. */
  private record Source(String name, String rawValue) {
    String value() {
      return rawValue.strip();
    }
  }

  private static Optional<Source> property(Properties props, String name) {
    String value = props.getProperty(name);
    return value == null || value.isBlank()
        ? Optional.empty()
        : Optional.of(new Source("-D" + name, value));
  }

  private static Optional<Source> env(Map<String, String> env, String name) {
    if (name == null) {
      return Optional.empty();
    }
    String value = env.get(name);
    return value == null || value.isBlank()
        ? Optional.empty()
        : Optional.of(new Source(name, value));
  }

  private static Optional<Source> firstOf(
      Properties props, String property, Map<String, String> env, String first, String second) {
    return property(props, property).or(() -> env(env, first)).or(() -> env(env, second));
  }

  private static void rejectKeyInProperties(Properties props) {
    for (String name : props.stringPropertyNames()) {
      String squashed = name.toLowerCase(Locale.ROOT).replaceAll("[._-]", "");
      if (squashed.endsWith("apikey")) {
        throw new SettingsException(
            "-D"
                + name
                + ": API keys are read only from the environment (system properties show up in"
                + " process lists and logs); remove -D"
                + name
                + " and export LLM_API_KEY instead");
      }
    }
  }

  /**
   * Whether {@code LLM_BASE_URL=baseUrl} alone would get {@code /v1} appended, so that reaching
   * {@code baseUrl + "/chat/completions"} as given also needs {@code LLM_BASE_URL_AS_IS=true}.
   * False for a URL that is not a valid base URL (nothing to append to).
   */
  public static boolean appendsV1(String baseUrl) {
    try {
      URI byDefault = parseBaseUrl("baseUrl", baseUrl, false);
      return !byDefault.equals(parseBaseUrl("baseUrl", baseUrl, true));
    } catch (SettingsException e) {
      return false;
    }
  }

  static URI parseBaseUrl(String name, String value, boolean asIs) {
    URI uri;
    try {
      uri = new URI(value);
    } catch (URISyntaxException e) {
      throw invalid(name, value, "is not a valid URL; set it like " + EXAMPLE_URL);
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
      if (uri.getRawUserInfo() != null) {
        throw userInfoError(name);
      }
      throw invalid(name, value, "is not an http(s) URL; set it like " + EXAMPLE_URL);
    }
    if (uri.getRawUserInfo() != null) {
      throw userInfoError(name);
    }
    if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
      throw invalid(
          name, value, "has a query or fragment; set only the API root like " + EXAMPLE_URL);
    }
    String path = uri.getRawPath() == null ? "" : uri.getRawPath();
    path = stripTrailingSlashes(path);
    for (String endpoint : List.of("/chat/completions", "/models")) {
      if (path.endsWith(endpoint)) {
        path = stripTrailingSlashes(path.substring(0, path.length() - endpoint.length()));
      }
    }
    if (!asIs && !hasVersionSegment(path)) {
      path = path + "/v1";
    }
    String port = uri.getPort() < 0 ? "" : ":" + uri.getPort();
    return URI.create(
        scheme + "://" + uri.getRawAuthority().replaceFirst(":\\d+$", "") + port + path);
  }

  private static boolean hasVersionSegment(String path) {
    for (String segment : path.split("/")) {
      if (VERSION_SEGMENT.matcher(segment).matches()) {
        return true;
      }
    }
    return false;
  }

  private static SettingsException userInfoError(String name) {
    // The value is not echoed: it holds a password or token.
    return new SettingsException(
        name
            + ": the URL contains user credentials; remove them from the URL and put the key in"
            + " LLM_API_KEY");
  }

  private static String stripTrailingSlashes(String path) {
    String result = path;
    while (result.endsWith("/")) {
      result = result.substring(0, result.length() - 1);
    }
    return result;
  }

  static String checkApiKey(String name, String key) {
    // The key is never part of a message, only what is wrong with it.
    String lower = key.strip().toLowerCase(Locale.ROOT);
    if (lower.startsWith("bearer ")) {
      throw new SettingsException(
          name + ": the key starts with \"Bearer \"; set only the key, the header prefix is added");
    }
    String problem = null;
    for (int i = 0; i < key.length() && problem == null; i++) {
      char c = key.charAt(i);
      if (c == '"' || c == '\'') {
        problem = "quotes";
      } else if (c == '\n' || c == '\r') {
        problem = "a newline";
      } else if (Character.isWhitespace(c) || Character.isSpaceChar(c)) {
        problem = "whitespace";
      } else if (c < 0x21 || c > 0x7e) {
        problem = "a non-printable or non-ASCII character";
      }
    }
    if (problem != null) {
      throw new SettingsException(
          name
              + ": the key contains "
              + problem
              + "; remove the quotes/newline/spaces around it (e.g. export "
              + name
              + "=sk-...)");
    }
    return key;
  }

  private static String checkModel(String name, String model) {
    if (!model.equals(model.strip()) || model.chars().anyMatch(Character::isISOControl)) {
      throw invalid(
          name,
          model,
          "has surrounding whitespace or control characters; set the exact model id (ids"
              + " are case-sensitive)");
    }
    return model;
  }

  private static String checkEngineProfile(String name, String value) {
    if (!ENGINE_PROFILE_NAME.matcher(value).matches()) {
      throw invalid(
          name,
          value,
          "is not a profile name; use letters, digits, '.', '_' or '-', like "
              + DEFAULT_ENGINE_PROFILE);
    }
    return value;
  }

  private static String checkHeaderMode(String name, String value) {
    if (!ENGINE_HEADER_MODES.contains(value)) {
      throw invalid(
          name, value, "is not a header mode; use at-accept, with-first-token or buffered");
    }
    return value;
  }

  private static boolean parseConnections(String name, String value) {
    return switch (value) {
      case "shared" -> false;
      case "per-user" -> true;
      default -> throw invalid(name, value, "is not a connection mode; use shared or per-user");
    };
  }

  private static boolean parseBoolean(String name, String value) {
    if (value.equalsIgnoreCase("true")) {
      return true;
    }
    if (value.equalsIgnoreCase("false")) {
      return false;
    }
    throw invalid(name, value, "is not a boolean; use true or false");
  }

  private static Path parseRecordsDir(String name, String value) {
    Path path = parsePath(name, value, "a directory path like target/records");
    if (Files.exists(path) && !Files.isDirectory(path)) {
      throw invalid(name, value, "is a file, not a directory; name a directory");
    }
    return path;
  }

  private static double parsePeakRate(String name, String value) {
    double rate;
    try {
      rate = Double.parseDouble(value);
    } catch (NumberFormatException e) {
      rate = Double.NaN;
    }
    if (!(rate > 0) || Double.isInfinite(rate)) {
      throw invalid(
          name,
          value,
          "is not a rate; use a number > 0 in requests/s, like -Dcapacity.peakRate=50");
    }
    return rate;
  }

  private static Path parseBaseline(String name, String value) {
    Path path = parsePath(name, value, "the path of a previous run's capacity.json");
    if (!Files.isRegularFile(path)) {
      throw invalid(
          name, value, "does not exist or is not a file; name a previous run's capacity.json");
    }
    return path;
  }

  private static Path parsePath(String name, String value, String expected) {
    try {
      return Path.of(value);
    } catch (InvalidPathException e) {
      throw invalid(name, value, "is not a valid path; use " + expected);
    }
  }

  /** {@code name: "value" problem}: the one shape of a bad-value message, value quoted safely. */
  static SettingsException invalid(String name, String value, String problem) {
    return new SettingsException(name + ": " + quoteForMessage(value) + " " + problem);
  }

  /** The value in quotes, control characters escaped so the message stays on one line. */
  private static String quoteForMessage(String value) {
    String shortened = value.length() > 120 ? value.substring(0, 120) + "…" : value;
    StringBuilder quoted = new StringBuilder("\"");
    for (char c : shortened.toCharArray()) {
      if (c == '\n') {
        quoted.append("\\n");
      } else if (c == '\r') {
        quoted.append("\\r");
      } else if (c == '\t') {
        quoted.append("\\t");
      } else if (Character.isISOControl(c)) {
        quoted.append(String.format("\\u%04x", (int) c));
      } else {
        quoted.append(c);
      }
    }
    return quoted.append('"').toString();
  }
}
