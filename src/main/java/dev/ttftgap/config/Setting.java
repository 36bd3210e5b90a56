package dev.ttftgap.config;

import java.util.List;
import java.util.Optional;

/**
 * Every {@code -D} system property and environment variable the tool reads, declared once: its
 * property name, its environment twins (first match wins, the property before them), its type, its
 * default and one line of help. {@link SettingsSource} reads them; the typed views ({@link
 * Settings}, {@link ServerViewSettings}, {@link RunPart}, ...) validate them, each bad value
 * failing with one line that names the setting and the fix. {@code docs/settings.md} is this table
 * ({@link SettingTable#markdown()}), checked by {@code SettingTableTest}.
 *
 * <p>Longer than 300 lines because it is the one declaration: one constant of five lines per
 * setting, nothing else.
 *
 * <p>Usage:
 *
 * <pre>{@code
 * SettingsSource source = SettingsSource.current();
 * Optional<SettingsSource.Value> url = source.get(Setting.LLM_BASE_URL); // -Dllm.baseUrl first
 * }</pre>
 */
public enum Setting {
  // the target (Settings)
  LLM_BASE_URL(
      "llm.baseUrl",
      List.of("LLM_BASE_URL", "OPENAI_BASE_URL"),
      "URL",
      "empty: start the embedded engine",
      "the API root; /v1 is appended to a path without a version segment, a pasted endpoint is cut"),
  LLM_BASE_URL_AS_IS(
      "llm.baseUrlAsIs",
      List.of("LLM_BASE_URL_AS_IS"),
      "boolean",
      "false",
      "true: keep the base URL's path as given, never appending /v1"),
  LLM_API_KEY(
      null,
      List.of("LLM_API_KEY", "OPENAI_API_KEY"),
      "secret",
      "empty: no Authorization header",
      "sent as a Bearer token; environment only (any -D...apiKey is rejected), never printed"),
  LLM_MODEL(
      "llm.model",
      List.of("LLM_MODEL"),
      "text",
      "empty: the load profile's request.model, else the server's",
      "model id sent in requests"),
  PROFILE(
      "profile",
      List.of(),
      "name or path",
      Settings.DEFAULT_PROFILE,
      "load profile: simulations/NAME.json or a path"),
  CONNECTIONS(
      "connections",
      List.of(),
      "shared|per-user",
      "shared",
      "per-user opens one connection per virtual user instead of the keep-alive pool"),
  RECORDS_DIR(
      "records.dir",
      List.of(),
      "directory",
      "empty: next to the Gatling report",
      "where the per-request records are also copied"),
  CAPACITY_PEAK_RATE(
      "capacity.peakRate",
      List.of(),
      "requests/s",
      "empty",
      "peak arrival rate the capacity analysis sizes replicas for"),
  BASELINE(
      "baseline",
      List.of(),
      "path",
      "empty",
      "a previous run's capacity.json to compare with, step by step (must exist)"),
  // the connection to the target (TargetNetwork)
  LLM_CA_FILE(
      "llm.caFile",
      List.of("LLM_CA_FILE", "SSL_CERT_FILE", "REQUESTS_CA_BUNDLE"),
      "path",
      "empty: the JVM's trusted CAs",
      "CAs to trust for an https target: a PEM bundle, or a .p12/.jks trust store without password"),
  LLM_HTTP_VERSION(
      "llm.http",
      List.of("LLM_HTTP_VERSION"),
      "1.1|2",
      "1.1",
      "2: offer HTTP/2 by ALPN to an https target (HTTP/1.1 where it does not take it)"),
  LLM_HTTPS_PROXY(
      "llm.httpsProxy",
      List.of("LLM_HTTPS_PROXY", "https_proxy", "HTTPS_PROXY"),
      "URL",
      "empty: no proxy",
      "HTTP proxy for https targets (CONNECT), for the load, the preflight and /metrics"),
  LLM_HTTP_PROXY(
      "llm.httpProxy",
      List.of("LLM_HTTP_PROXY", "http_proxy", "HTTP_PROXY"),
      "URL",
      "empty: no proxy",
      "HTTP proxy for http targets, for the load, the preflight and /metrics"),
  LLM_ALL_PROXY(
      "llm.allProxy",
      List.of("LLM_ALL_PROXY", "all_proxy", "ALL_PROXY"),
      "URL",
      "empty: no proxy",
      "HTTP proxy for targets of either scheme when the scheme's own variable is unset"),
  LLM_NO_PROXY(
      "llm.noProxy",
      List.of("LLM_NO_PROXY", "no_proxy", "NO_PROXY"),
      "hosts",
      "empty",
      "comma-separated hosts, .domains, IPs, host:port or *, reached directly, as curl reads it"),
  // the embedded engine (Settings, ServerViewSettings, EngineServerSettings)
  ENGINE_PROFILE(
      "engine.profile",
      List.of(),
      "name",
      Settings.DEFAULT_ENGINE_PROFILE,
      "the embedded engine's model profile"),
  ENGINE_HEADER_MODE(
      "engine.headerMode",
      List.of(),
      "at-accept|with-first-token|buffered",
      Settings.DEFAULT_ENGINE_HEADER_MODE,
      "when the embedded engine sends its response headers"),
  ENGINE_METRICS_DIALECT(
      "engine.metricsDialect",
      List.of(),
      "vllm|sglang|tgi|llamacpp",
      "vllm",
      "the embedded engine's /metrics names"),
  ENGINE_HTTP_WORKERS(
      "engine.httpWorkers",
      List.of(),
      "integer >= 0",
      "0",
      "HTTP workers shared by every connection (llama.cpp's --threads-http); 0 = no worker pool"),
  ENGINE_IDLE_HOLD_MS(
      "engine.idleHoldMs",
      List.of(),
      "ms >= 1",
      "5000",
      "how long an idle kept-alive connection holds its worker"),
  ENGINE_KEEP_ALIVE_MAX_REQUESTS(
      "engine.keepAliveMaxRequests",
      List.of(),
      "integer >= 0",
      "100",
      "requests per connection before the engine closes it (with a worker pool; 0 = no limit)"),
  ENGINE_ON_DISCONNECT(
      "engine.onDisconnect",
      List.of(),
      "abort|run-on",
      "abort",
      "run-on keeps a gone client's request running (llama.cpp)"),
  ENGINE_TLS(
      "engine.tls",
      List.of("ENGINE_TLS"),
      "off|self-signed|pem",
      "off (pem when engine.tlsCert is set)",
      "HTTPS: self-signed generates a certificate at start; pem serves engine.tlsCert"),
  ENGINE_TLS_CERT(
      "engine.tlsCert",
      List.of("ENGINE_TLS_CERT"),
      "PEM file",
      "empty",
      "the certificate (chain) the engine serves with engine.tls=pem"),
  ENGINE_TLS_KEY(
      "engine.tlsKey",
      List.of("ENGINE_TLS_KEY"),
      "PEM file",
      "empty",
      "the unencrypted private key of engine.tlsCert"),
  ENGINE_TLS_CERT_OUT(
      "engine.tlsCertOut",
      List.of("ENGINE_TLS_CERT_OUT"),
      "path",
      "empty: a temporary file, deleted at stop",
      "where engine.tls=self-signed writes its certificate (PEM) for clients to trust"),
  ENGINE_HTTP2(
      "engine.http2",
      List.of("ENGINE_HTTP2"),
      "on|off",
      "off",
      "offer HTTP/2 by ALPN (h2, then http/1.1) on the engine's TLS port; needs engine.tls"),
  // the server's view and the client (ServerViewSettings, CalibrationSettings)
  METRICS_URL(
      "metrics.url",
      List.of(),
      "URL or off",
      "the base URL's origin + /metrics",
      "where to scrape the server's metrics; off scrapes nothing"),
  CLIENT_ACCEPT_ENCODING(
      "client.acceptEncoding",
      List.of(),
      "gzip|deflate|gzip, deflate",
      "none",
      "send Accept-Encoding as the OpenAI SDKs do"),
  PROMPT_CALIBRATION(
      "prompt.calibration",
      List.of(),
      "auto|off",
      "auto",
      "auto: promptTokens are the served model's tokens, measured first; off: cl100k tokens"),
  // the load profile's knobs (ProfileOverrides)
  LOAD_STEPS(
      "load.steps",
      List.of("TTFTGAP_LOAD_STEPS"),
      "levels or auto",
      "the load profile's",
      "the stairs' rates or users, like 1,2,4,8, or auto"),
  LOAD_STEP_DURATION_SECONDS(
      "load.stepDurationSeconds",
      List.of("TTFTGAP_LOAD_STEP_DURATION_SECONDS"),
      "seconds",
      "the load profile's",
      "how long each step lasts"),
  LOAD_ARRIVALS(
      "load.arrivals",
      List.of("TTFTGAP_LOAD_ARRIVALS"),
      "uniform|poisson",
      "the load profile's",
      "how arrivals are spaced in an open step"),
  REQUEST_PROMPT_TOKENS(
      "request.promptTokens",
      List.of("TTFTGAP_REQUEST_PROMPT_TOKENS"),
      "tokens",
      "the load profile's",
      "prompt length (replaces a text prompt)"),
  REQUEST_MAX_TOKENS(
      "request.maxTokens",
      List.of("TTFTGAP_REQUEST_MAX_TOKENS"),
      "tokens",
      "the load profile's",
      "max_tokens of each request"),
  REQUEST_API(
      "request.api",
      List.of("TTFTGAP_REQUEST_API"),
      "chat|completions|responses|messages",
      "the load profile's (chat)",
      "the streaming API the requests speak"),
  REQUEST_TTFT_FROM(
      "request.ttftFrom",
      List.of("TTFTGAP_REQUEST_TTFT_FROM"),
      "any|content|reasoning|toolCall",
      "the load profile's (any)",
      "which first output TTFT is"),
  SLO_TTFT_P95_MILLIS(
      "slo.ttftP95Millis",
      List.of("TTFTGAP_SLO_TTFT_P95_MILLIS"),
      "ms",
      "the load profile's",
      "the SLO's TTFT p95"),
  SLO_GAP_P95_MILLIS(
      "slo.gapP95Millis",
      List.of("TTFTGAP_SLO_GAP_P95_MILLIS"),
      "ms",
      "the load profile's",
      "the SLO's TTFT - TTFB gap p95"),
  SLO_ERROR_RATE_PERCENT(
      "slo.errorRatePercent",
      List.of("TTFTGAP_SLO_ERROR_RATE_PERCENT"),
      "percent",
      "the load profile's",
      "the SLO's error rate"),
  SLO_TTFVT_P95_MILLIS(
      "slo.ttfvtP95Millis",
      List.of("TTFTGAP_SLO_TTFVT_P95_MILLIS"),
      "ms",
      "the load profile's",
      "the SLO's p95 time to the first visible answer token (first content)"),
  SLO_TTFR_P95_MILLIS(
      "slo.ttfrP95Millis",
      List.of("TTFTGAP_SLO_TTFR_P95_MILLIS"),
      "ms",
      "the load profile's",
      "the SLO's p95 time to the first reasoning token"),
  SLO_TTFTC_P95_MILLIS(
      "slo.ttftcP95Millis",
      List.of("TTFTGAP_SLO_TTFTC_P95_MILLIS"),
      "ms",
      "the load profile's",
      "the SLO's p95 time to the first tool call"),
  SLO_ASSERT_UP_TO_LEVEL(
      "slo.assertUpToLevel",
      List.of("TTFTGAP_SLO_ASSERT_UP_TO_LEVEL"),
      "level",
      "the load profile's",
      "the highest level the SLO is asserted at"),
  CLASSES_ONLY(
      "classes.only",
      List.of("TTFTGAP_CLASSES_ONLY"),
      "class names",
      "all the load profile's classes",
      "keep only these request classes, like chat,rag; their shares are renormalised"),
  LOAD_STOP_WHEN_SATURATED(
      StopWhenSaturated.PROPERTY,
      List.of(),
      "boolean",
      "the load profile's, else on against an external target",
      "stop open stairs once a step is saturated and its backlog rises"),
  // search and experiments (SearchSettings, ExperimentSettings)
  SEARCH_START_RATE(
      "search.startRate", List.of(), "requests/s", "the load profile's", "a search's first probe"),
  SEARCH_MAX_RATE(
      "search.maxRate",
      List.of(),
      "requests/s",
      "the load profile's",
      "the highest rate a search may offer"),
  EXPERIMENT(
      "experiment",
      List.of(),
      "name or path",
      "the simulation's own",
      "experiment plan: simulations/experiments/NAME.json or a path"),
  EXPERIMENT_MODELS(
      "experiment.models",
      List.of(),
      "ids, comma-separated",
      "the plan's arms",
      "models to compare instead of the plan's arms"),
  // split runs (RunPart)
  INJECTOR(
      "injector",
      List.of("INJECTOR"),
      "I/N (INJECTOR: I or I/N)",
      "1/1",
      "run part I of N; INJECTOR=I needs INJECTOR_COUNT=N"),
  INJECTOR_COUNT(
      null,
      List.of("INJECTOR_COUNT"),
      "integer",
      "empty",
      "how many injectors share the run, with INJECTOR or JOB_COMPLETION_INDEX"),
  JOB_COMPLETION_INDEX(
      null,
      List.of("JOB_COMPLETION_INDEX"),
      "integer",
      "empty",
      "a Kubernetes Indexed Job's 0-based index: part index + 1 of INJECTOR_COUNT"),
  RUN_START_AT(
      "run.startAt",
      List.of("RUN_START_AT"),
      "ISO-8601 instant",
      "empty: start at once",
      "when every injector starts; required for a split run"),
  RUN_START_TOLERANCE_SECONDS(
      "run.startToleranceSeconds",
      List.of("RUN_START_TOLERANCE_SECONDS"),
      "seconds",
      "1",
      "how late after run.startAt an injector may be ready and still run"),
  RUN_ID(
      "run.id",
      List.of("RUN_ID"),
      "id",
      "the profile's name and the start",
      "the id every part of the run shares"),
  RUN_HOST(
      "run.host",
      List.of("HOSTNAME"),
      "host name",
      "the local host name",
      "the host name recorded"),
  PROMPTS_PER_HOST(
      "prompts.perHost",
      List.of("PROMPTS_PER_HOST"),
      "boolean",
      "false",
      "true: every load generator of a split sends its own prompts"),
  // where a run reads and writes (the glue)
  SIMULATIONS_DIR(
      "ttftgap.simulationsDir",
      List.of(),
      "directory",
      "simulations",
      "where load profiles and experiment plans are looked up by name"),
  REPORTS_DIR(
      "ttftgap.reportsDir", List.of(), "directory", "reports", "where a run's reports are written"),
  LOAD_GENERATOR_PROBES(
      "ttftgap.loadGeneratorProbes",
      List.of(),
      "off",
      "on",
      "off: no load generator probes (CPU, GC, event loop lag) during the run"),
  GATLING_REPORTS_ONLY(
      "gatling.reportsOnly",
      List.of(),
      "run folder name",
      "empty",
      "rebuild the reports of an earlier run (checked before Gatling reads it)"),
  GITHUB_STEP_SUMMARY(
      null,
      List.of("GITHUB_STEP_SUMMARY"),
      "file",
      "empty",
      "set by GitHub Actions: the capacity summary is appended to it");

  private final String property;
  private final List<String> environment;
  private final String type;
  private final String defaultValue;
  private final String help;

  Setting(
      String property, List<String> environment, String type, String defaultValue, String help) {
    this.property = property;
    this.environment = environment;
    this.type = type;
    this.defaultValue = defaultValue;
    this.help = help;
  }

  /** The system property, e.g. {@code llm.baseUrl}; empty for an environment-only setting. */
  public Optional<String> property() {
    return Optional.ofNullable(property);
  }

  /** The environment variables, first match wins, all after the property. */
  public List<String> environment() {
    return environment;
  }

  /** What the value is, e.g. {@code requests/s} or {@code abort|run-on}. */
  public String type() {
    return type;
  }

  /** The default, as a user reads it. */
  public String defaultValue() {
    return defaultValue;
  }

  /** One line of help. */
  public String help() {
    return help;
  }
}
