package dev.ttftgap.engine;

import dev.ttftgap.config.EngineTlsSettings;
import dev.ttftgap.servermetrics.MetricsDialect;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Immutable settings of an {@link EmbeddedEngine}; every {@code withXxx} returns a copy.
 *
 * <p>Defaults: host 127.0.0.1, port 0 (any free port), the built-in profiles with {@code
 * qwen3-8b-like} as the default model, headers at acceptance, no API key, no keep-alive comments,
 * no trace file, one event-loop thread, request bodies up to 4 MiB, fault seed 42, the last 100,000
 * ground-truth entries kept in memory, {@code /metrics} with vLLM's names, no HTTP worker pool
 * (every connection read at once; idle hold 5,000 ms once a pool is set), and requests whose client
 * has gone aborted ({@link DisconnectPolicy#ABORT}, as vLLM), plain HTTP (no TLS, no HTTP/2).
 *
 * <p>One class (~360 lines) on purpose: it is the engine's one public settings value, a field, an
 * accessor and a validating {@code withXxx} per setting; split, one setting would live in two
 * types.
 */
public final class EngineConfig {
  /** How long an idle kept-alive connection holds its HTTP worker by default: cpp-httplib's 5 s. */
  public static final long DEFAULT_IDLE_WORKER_HOLD_MILLIS = 5_000;

  /** Requests one connection may send before a worker-pool engine closes it: cpp-httplib's 100. */
  public static final int DEFAULT_KEEP_ALIVE_MAX_REQUESTS = 100;

  private String host;
  private int port;
  private List<ModelProfile> profiles;
  private String defaultProfile;
  private HeaderMode headerMode;
  private String apiKey;
  private Duration keepAliveInterval;
  private Path traceFile;
  private int eventLoopThreads;
  private int maxBodyBytes;
  private long faultSeed;
  private int groundTruthCapacity;
  private EngineTransport transport;
  private MetricsDialect metricsDialect;
  private int httpWorkers;
  private long idleWorkerHoldMillis;
  private DisconnectPolicy disconnectPolicy;
  private int keepAliveMaxRequests;
  private EngineTls tls;
  private boolean http2;

  private EngineConfig() {}

  private EngineConfig copy() {
    EngineConfig copy = new EngineConfig();
    copy.host = host;
    copy.port = port;
    copy.profiles = profiles;
    copy.defaultProfile = defaultProfile;
    copy.headerMode = headerMode;
    copy.apiKey = apiKey;
    copy.keepAliveInterval = keepAliveInterval;
    copy.traceFile = traceFile;
    copy.eventLoopThreads = eventLoopThreads;
    copy.maxBodyBytes = maxBodyBytes;
    copy.faultSeed = faultSeed;
    copy.groundTruthCapacity = groundTruthCapacity;
    copy.transport = transport;
    copy.metricsDialect = metricsDialect;
    copy.httpWorkers = httpWorkers;
    copy.idleWorkerHoldMillis = idleWorkerHoldMillis;
    copy.disconnectPolicy = disconnectPolicy;
    copy.keepAliveMaxRequests = keepAliveMaxRequests;
    copy.tls = tls;
    copy.http2 = http2;
    return copy;
  }

  /** A copy with {@code change} applied: the one way every {@code withXxx} makes its copy. */
  private EngineConfig with(Consumer<EngineConfig> change) {
    EngineConfig copy = copy();
    change.accept(copy);
    return copy;
  }

  /** The defaults listed in the class Javadoc. */
  public static EngineConfig defaults() {
    EngineConfig config = new EngineConfig();
    config.host = "127.0.0.1";
    config.port = 0;
    config.profiles = ModelProfile.builtIns();
    config.defaultProfile = ModelProfile.DEFAULT_NAME;
    config.headerMode = HeaderMode.AT_ACCEPT;
    config.apiKey = null;
    config.keepAliveInterval = Duration.ZERO;
    config.traceFile = null;
    config.eventLoopThreads = 1;
    config.maxBodyBytes = 4 * 1024 * 1024;
    config.faultSeed = 42L;
    config.groundTruthCapacity = 100_000;
    config.transport = EngineTransport.NIO;
    config.metricsDialect = MetricsDialect.VLLM;
    config.httpWorkers = 0;
    config.idleWorkerHoldMillis = DEFAULT_IDLE_WORKER_HOLD_MILLIS;
    config.disconnectPolicy = DisconnectPolicy.ABORT;
    config.keepAliveMaxRequests = DEFAULT_KEEP_ALIVE_MAX_REQUESTS;
    config.tls = EngineTls.off();
    config.http2 = false;
    return config;
  }

  /** Interface to bind; loopback by default. */
  public EngineConfig withHost(String value) {
    Objects.requireNonNull(value, "host");
    return with(c -> c.host = value);
  }

  /** TCP port, 0 for any free one. */
  public EngineConfig withPort(int value) {
    if (value < 0 || value > 65535) {
      throw new IllegalArgumentException("port must be within 0..65535, was " + value);
    }
    return with(c -> c.port = value);
  }

  /**
   * The default model (used when a request names none). A built-in name not among the current
   * profiles is added to them.
   */
  public EngineConfig withProfile(String name) {
    Objects.requireNonNull(name, "profile");
    List<ModelProfile> served = new java.util.ArrayList<>(profiles);
    if (served.stream().noneMatch(p -> p.name().equals(name))) {
      served.add(ModelProfile.builtIn(name));
    }
    return with(
        c -> {
          c.profiles = List.copyOf(served);
          c.defaultProfile = name;
        });
  }

  /**
   * The models served, replacing the current ones; the default model stays if it is among them,
   * else becomes the first.
   */
  public EngineConfig withProfiles(List<ModelProfile> value) {
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException("profiles must name at least one model profile");
    }
    List<ModelProfile> served = List.copyOf(value);
    if (served.stream().map(ModelProfile::name).distinct().count() != served.size()) {
      throw new IllegalArgumentException(
          "profiles must have distinct names: " + ModelProfiles.names(served));
    }
    String fallback =
        served.stream().anyMatch(p -> p.name().equals(defaultProfile))
            ? defaultProfile
            : served.get(0).name();
    return with(
        c -> {
          c.profiles = served;
          c.defaultProfile = fallback;
        });
  }

  public EngineConfig withHeaderMode(HeaderMode value) {
    return with(c -> c.headerMode = Objects.requireNonNull(value, "headerMode"));
  }

  /** Bearer key every {@code /v1} request must carry; null for none. Never logged. */
  public EngineConfig withApiKey(String value) {
    if (value != null && value.isEmpty()) {
      throw new IllegalArgumentException("api key must be non-empty, or null for none");
    }
    return with(c -> c.apiKey = value);
  }

  /** Interval of {@code : keep-alive} comment lines on idle streams; zero turns them off. */
  public EngineConfig withKeepAliveInterval(Duration value) {
    if (value == null || value.isNegative()) {
      throw new IllegalArgumentException("keep-alive interval must be >= 0");
    }
    return with(c -> c.keepAliveInterval = value);
  }

  /** JSON-lines file receiving one {@link GroundTruth} per finished request; null for none. */
  public EngineConfig withTraceFile(Path value) {
    return with(c -> c.traceFile = value);
  }

  /** Event-loop threads serving connections; the engine's scheduler runs on the first. */
  public EngineConfig withEventLoopThreads(int value) {
    return with(c -> c.eventLoopThreads = atLeast(1, value, "event-loop threads"));
  }

  /** Largest request body accepted; larger gets 413. */
  public EngineConfig withMaxBodyBytes(int value) {
    return with(c -> c.maxBodyBytes = atLeast(1024, value, "max body bytes"));
  }

  /** Seed of the random source that draws profile faults. */
  public EngineConfig withFaultSeed(long value) {
    return with(c -> c.faultSeed = value);
  }

  /** Ground-truth entries kept in memory (oldest dropped first). */
  public EngineConfig withGroundTruthCapacity(int value) {
    return with(c -> c.groundTruthCapacity = atLeast(0, value, "ground-truth capacity"));
  }

  private static int atLeast(int min, int value, String what) {
    if (value < min) {
      throw new IllegalArgumentException(what + " must be >= " + min + ", was " + value);
    }
    return value;
  }

  public String host() {
    return host;
  }

  public int port() {
    return port;
  }

  public List<ModelProfile> profiles() {
    return profiles;
  }

  public String defaultProfile() {
    return defaultProfile;
  }

  public HeaderMode headerMode() {
    return headerMode;
  }

  /** The configured key; callers must never print it. */
  public String apiKey() {
    return apiKey;
  }

  public Duration keepAliveInterval() {
    return keepAliveInterval;
  }

  public Path traceFile() {
    return traceFile;
  }

  public int eventLoopThreads() {
    return eventLoopThreads;
  }

  public int maxBodyBytes() {
    return maxBodyBytes;
  }

  public long faultSeed() {
    return faultSeed;
  }

  public int groundTruthCapacity() {
    return groundTruthCapacity;
  }

  /** Socket transport; NIO by default (see {@link EngineTransport} for the fallback). */
  public EngineConfig withTransport(EngineTransport value) {
    return with(c -> c.transport = Objects.requireNonNull(value, "transport"));
  }

  public EngineTransport transport() {
    return transport;
  }

  /** The server whose metric names {@code /metrics} uses; vLLM's by default. */
  public EngineConfig withMetricsDialect(MetricsDialect value) {
    return with(c -> c.metricsDialect = Objects.requireNonNull(value, "metricsDialect"));
  }

  public MetricsDialect metricsDialect() {
    return metricsDialect;
  }

  /**
   * HTTP workers shared by every connection and endpoint ({@link HttpWorkerPool}); 0 = no pool,
   * every connection is read at once (the default). With N workers, connections beyond N are
   * accepted but not read until a worker frees, so their requests wait for headers: what
   * llama.cpp's {@code llama-server} does with {@code --threads-http} (slots + 2 by default).
   */
  public EngineConfig withHttpWorkers(int value) {
    return with(c -> c.httpWorkers = atLeast(0, value, "http workers"));
  }

  public int httpWorkers() {
    return httpWorkers;
  }

  /**
   * How long a connection idle in keep-alive (or before its first request) holds its HTTP worker
   * before the engine closes it; only with {@link #withHttpWorkers} above 0. Default 5,000 ms.
   */
  public EngineConfig withIdleWorkerHoldMillis(long value) {
    if (value < 1) {
      throw new IllegalArgumentException("idle worker hold must be >= 1 ms, was " + value);
    }
    return with(c -> c.idleWorkerHoldMillis = value);
  }

  public long idleWorkerHoldMillis() {
    return idleWorkerHoldMillis;
  }

  /**
   * With {@link #withHttpWorkers} above 0: requests one kept-alive connection may send; the last
   * answer carries {@code Connection: close} and the engine closes the connection after it, so the
   * client's next request queues for a worker on a new connection. 0 = no limit. Default 100.
   */
  public EngineConfig withKeepAliveMaxRequests(int value) {
    return with(c -> c.keepAliveMaxRequests = atLeast(0, value, "keep-alive max requests"));
  }

  public int keepAliveMaxRequests() {
    return keepAliveMaxRequests;
  }

  /** What happens to a request whose client has gone; {@link DisconnectPolicy#ABORT} by default. */
  public EngineConfig withDisconnectPolicy(DisconnectPolicy value) {
    return with(c -> c.disconnectPolicy = Objects.requireNonNull(value, "disconnectPolicy"));
  }

  public DisconnectPolicy disconnectPolicy() {
    return disconnectPolicy;
  }

  /**
   * TLS and its certificate ({@link EngineTls}); off by default. With TLS the base URL is {@code
   * https://} and {@link EmbeddedEngine#certificatePath()} names the certificate to trust.
   */
  public EngineConfig withTls(EngineTls value) {
    return with(c -> c.tls = Objects.requireNonNull(value, "tls"));
  }

  /**
   * TLS and HTTP/2 as the settings ({@code -Dengine.tls}, ...) say, already checked by {@link
   * EngineTlsSettings#load}.
   */
  public EngineConfig withTlsSettings(EngineTlsSettings settings) {
    EngineTls value =
        switch (settings.mode()) {
          case OFF -> EngineTls.off();
          case SELF_SIGNED ->
              settings.certificateOut().map(EngineTls::selfSigned).orElseGet(EngineTls::selfSigned);
          case PEM ->
              EngineTls.pemFiles(
                  settings.certificate().orElseThrow(), settings.key().orElseThrow());
        };
    return withTls(value).withHttp2(settings.http2());
  }

  public EngineTls tls() {
    return tls;
  }

  /**
   * Whether ALPN offers {@code h2} (then {@code http/1.1}) on the TLS port; off by default. The
   * engine refuses to start with HTTP/2 on and TLS off (no cleartext h2c) or with an HTTP worker
   * pool (which models an HTTP/1.1 thread-per-connection server).
   */
  public EngineConfig withHttp2(boolean value) {
    return with(c -> c.http2 = value);
  }

  public boolean http2() {
    return http2;
  }

  @Override
  public String toString() {
    return "EngineConfig[host="
        + host
        + ", port="
        + port
        + ", profiles="
        + ModelProfiles.names(profiles)
        + ", default="
        + defaultProfile
        + ", headerMode="
        + headerMode
        + ", apiKey="
        + (apiKey == null ? "none" : "set")
        + ", keepAlive="
        + keepAliveInterval
        + ", trace="
        + traceFile
        + ", threads="
        + eventLoopThreads
        + ", httpWorkers="
        + (httpWorkers == 0
            ? "unbounded"
            : httpWorkers
                + " (idle hold "
                + idleWorkerHoldMillis
                + " ms, "
                + keepAliveMaxRequests
                + " requests per connection)")
        + ", onDisconnect="
        + disconnectPolicy.label()
        + ", tls="
        + tls.label()
        + (http2 ? " (h2, http/1.1)" : "")
        + "]";
  }
}
