package dev.ttftgap.engine;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Immutable settings of an {@link EmbeddedEngine}; every {@code withXxx} returns a copy.
 *
 * <p>Defaults: host 127.0.0.1, port 0 (any free port), the built-in profiles with {@code
 * qwen3-8b-like} as the default model, headers at acceptance, no API key, no keep-alive comments,
 * no trace file, one event-loop thread, request bodies up to 4 MiB, fault seed 42, the last 100,000
 * ground-truth entries kept in memory.
 */
public final class EngineConfig {
  private final String host;
  private final int port;
  private final List<ModelProfile> profiles;
  private final String defaultProfile;
  private final HeaderMode headerMode;
  private final String apiKey;
  private final Duration keepAliveInterval;
  private final Path traceFile;
  private final int eventLoopThreads;
  private final int maxBodyBytes;
  private final long faultSeed;
  private final int groundTruthCapacity;

  private EngineConfig(
      String host,
      int port,
      List<ModelProfile> profiles,
      String defaultProfile,
      HeaderMode headerMode,
      String apiKey,
      Duration keepAliveInterval,
      Path traceFile,
      int eventLoopThreads,
      int maxBodyBytes,
      long faultSeed,
      int groundTruthCapacity) {
    this.host = host;
    this.port = port;
    this.profiles = profiles;
    this.defaultProfile = defaultProfile;
    this.headerMode = headerMode;
    this.apiKey = apiKey;
    this.keepAliveInterval = keepAliveInterval;
    this.traceFile = traceFile;
    this.eventLoopThreads = eventLoopThreads;
    this.maxBodyBytes = maxBodyBytes;
    this.faultSeed = faultSeed;
    this.groundTruthCapacity = groundTruthCapacity;
  }

  /** The defaults listed in the class Javadoc. */
  public static EngineConfig defaults() {
    return new EngineConfig(
        "127.0.0.1",
        0,
        ModelProfile.builtIns(),
        ModelProfile.DEFAULT_NAME,
        HeaderMode.AT_ACCEPT,
        null,
        Duration.ZERO,
        null,
        1,
        4 * 1024 * 1024,
        42L,
        100_000);
  }

  /** Interface to bind; loopback by default. */
  public EngineConfig withHost(String value) {
    Objects.requireNonNull(value, "host");
    return new EngineConfig(value, port, profiles, defaultProfile, headerMode, apiKey,
        keepAliveInterval, traceFile, eventLoopThreads, maxBodyBytes, faultSeed,
        groundTruthCapacity);
  }

  /** TCP port, 0 for any free one. */
  public EngineConfig withPort(int value) {
    if (value < 0 || value > 65535) {
      throw new IllegalArgumentException("port must be within 0..65535, was " + value);
    }
    return new EngineConfig(host, value, profiles, defaultProfile, headerMode, apiKey,
        keepAliveInterval, traceFile, eventLoopThreads, maxBodyBytes, faultSeed,
        groundTruthCapacity);
  }

  /**
   * The default model (used when a request names none). A built-in name not among the current
   * profiles is added to them.
   */
  public EngineConfig withProfile(String name) {
    Objects.requireNonNull(name, "profile");
    List<ModelProfile> served = profiles;
    if (served.stream().noneMatch(p -> p.name().equals(name))) {
      served = new java.util.ArrayList<>(served);
      served.add(ModelProfile.builtIn(name));
      served = List.copyOf(served);
    }
    return new EngineConfig(host, port, served, name, headerMode, apiKey, keepAliveInterval,
        traceFile, eventLoopThreads, maxBodyBytes, faultSeed, groundTruthCapacity);
  }

  /**
   * The models served, replacing the current ones; the default model stays if it is among them,
   * else becomes the first.
   */
  public EngineConfig withProfiles(List<ModelProfile> value) {
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException("profiles must name at least one model profile");
    }
    List<ModelProfile> copy = List.copyOf(value);
    if (copy.stream().map(ModelProfile::name).distinct().count() != copy.size()) {
      throw new IllegalArgumentException("profiles must have distinct names: "
          + ModelProfile.names(copy));
    }
    String fallback =
        copy.stream().anyMatch(p -> p.name().equals(defaultProfile))
            ? defaultProfile
            : copy.get(0).name();
    return new EngineConfig(host, port, copy, fallback, headerMode, apiKey, keepAliveInterval,
        traceFile, eventLoopThreads, maxBodyBytes, faultSeed, groundTruthCapacity);
  }

  public EngineConfig withHeaderMode(HeaderMode value) {
    return new EngineConfig(host, port, profiles, defaultProfile, Objects.requireNonNull(value),
        apiKey, keepAliveInterval, traceFile, eventLoopThreads, maxBodyBytes, faultSeed,
        groundTruthCapacity);
  }

  /** Bearer key every {@code /v1} request must carry; null for none. Never logged. */
  public EngineConfig withApiKey(String value) {
    if (value != null && value.isEmpty()) {
      throw new IllegalArgumentException("api key must be non-empty, or null for none");
    }
    return new EngineConfig(host, port, profiles, defaultProfile, headerMode, value,
        keepAliveInterval, traceFile, eventLoopThreads, maxBodyBytes, faultSeed,
        groundTruthCapacity);
  }

  /** Interval of {@code : keep-alive} comment lines on idle streams; zero turns them off. */
  public EngineConfig withKeepAliveInterval(Duration value) {
    if (value == null || value.isNegative()) {
      throw new IllegalArgumentException("keep-alive interval must be >= 0");
    }
    return new EngineConfig(host, port, profiles, defaultProfile, headerMode, apiKey, value,
        traceFile, eventLoopThreads, maxBodyBytes, faultSeed, groundTruthCapacity);
  }

  /** JSON-lines file receiving one {@link GroundTruth} per finished request; null for none. */
  public EngineConfig withTraceFile(Path value) {
    return new EngineConfig(host, port, profiles, defaultProfile, headerMode, apiKey,
        keepAliveInterval, value, eventLoopThreads, maxBodyBytes, faultSeed, groundTruthCapacity);
  }

  /** Event-loop threads serving connections; the engine's scheduler runs on the first. */
  public EngineConfig withEventLoopThreads(int value) {
    if (value < 1) {
      throw new IllegalArgumentException("event-loop threads must be >= 1, was " + value);
    }
    return new EngineConfig(host, port, profiles, defaultProfile, headerMode, apiKey,
        keepAliveInterval, traceFile, value, maxBodyBytes, faultSeed, groundTruthCapacity);
  }

  /** Largest request body accepted; larger gets 413. */
  public EngineConfig withMaxBodyBytes(int value) {
    if (value < 1024) {
      throw new IllegalArgumentException("max body bytes must be >= 1024, was " + value);
    }
    return new EngineConfig(host, port, profiles, defaultProfile, headerMode, apiKey,
        keepAliveInterval, traceFile, eventLoopThreads, value, faultSeed, groundTruthCapacity);
  }

  /** Seed of the random source that draws profile faults. */
  public EngineConfig withFaultSeed(long value) {
    return new EngineConfig(host, port, profiles, defaultProfile, headerMode, apiKey,
        keepAliveInterval, traceFile, eventLoopThreads, maxBodyBytes, value, groundTruthCapacity);
  }

  /** Ground-truth entries kept in memory (oldest dropped first). */
  public EngineConfig withGroundTruthCapacity(int value) {
    if (value < 0) {
      throw new IllegalArgumentException("ground-truth capacity must be >= 0, was " + value);
    }
    return new EngineConfig(host, port, profiles, defaultProfile, headerMode, apiKey,
        keepAliveInterval, traceFile, eventLoopThreads, maxBodyBytes, faultSeed, value);
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

  @Override
  public String toString() {
    return "EngineConfig[host=" + host + ", port=" + port + ", profiles="
        + ModelProfile.names(profiles) + ", default=" + defaultProfile + ", headerMode="
        + headerMode + ", apiKey=" + (apiKey == null ? "none" : "set") + ", keepAlive="
        + keepAliveInterval + ", trace=" + traceFile + ", threads=" + eventLoopThreads + "]";
  }
}
