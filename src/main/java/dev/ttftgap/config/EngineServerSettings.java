package dev.ttftgap.config;

import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * The embedded engine's server-level behaviours, read and validated in one place (beside {@link
 * Settings} and {@link ServerViewSettings}) before the engine starts; unused against an external
 * target.
 *
 * <table>
 *   <caption>System properties</caption>
 *   <tr><th>setting</th><th>property</th><th>default</th></tr>
 *   <tr><td>{@link #httpWorkers}</td><td>{@code engine.httpWorkers}</td>
 *       <td>{@code 0}: no worker pool; N: connections beyond N wait unread, with no headers
 *       (llama.cpp's {@code --threads-http})</td></tr>
 *   <tr><td>{@link #idleHoldMillis}</td><td>{@code engine.idleHoldMs}</td>
 *       <td>{@code 5000}: how long an idle kept-alive connection holds its worker</td></tr>
 *   <tr><td>{@link #keepAliveMaxRequests}</td><td>{@code engine.keepAliveMaxRequests}</td>
 *       <td>{@code 100}: requests per connection before the engine closes it (with a worker
 *       pool; {@code 0} = no limit)</td></tr>
 *   <tr><td>{@link #onDisconnect}</td><td>{@code engine.onDisconnect}</td>
 *       <td>{@code abort} (vLLM); {@code run-on} keeps a gone client's request running
 *       (llama.cpp)</td></tr>
 * </table>
 *
 * <p>TLS and HTTP/2 ({@code engine.tls}, {@code engine.tlsCert}, {@code engine.tlsKey}, {@code
 * engine.tlsCertOut}, {@code engine.http2}) are read by {@link EngineTlsSettings}.
 *
 * <p>The llama.cpp-like server of {@code docs/engine.md}: {@code -Dengine.profile=llamacpp-cpu-like
 * -Dengine.httpWorkers=6 -Dengine.onDisconnect=run-on -Dengine.metricsDialect=llamacpp}.
 *
 * @param httpWorkers HTTP workers shared by every connection, 0 = unbounded
 * @param idleHoldMillis idle keep-alive hold of a worker, ms, at least 1
 * @param keepAliveMaxRequests requests per kept-alive connection with a worker pool, 0 = no limit
 * @param onDisconnect {@code abort} or {@code run-on}
 * @param tls TLS and HTTP/2, {@link EngineTlsSettings#OFF} by default
 */
public record EngineServerSettings(
    int httpWorkers,
    long idleHoldMillis,
    int keepAliveMaxRequests,
    String onDisconnect,
    EngineTlsSettings tls) {
  public static final long DEFAULT_IDLE_HOLD_MILLIS = 5_000;
  public static final int DEFAULT_KEEP_ALIVE_MAX_REQUESTS = 100;
  public static final Set<String> DISCONNECT_POLICIES = Set.of("abort", "run-on");

  /** Plain HTTP with these server behaviours. */
  public EngineServerSettings(
      int httpWorkers, long idleHoldMillis, int keepAliveMaxRequests, String onDisconnect) {
    this(httpWorkers, idleHoldMillis, keepAliveMaxRequests, onDisconnect, EngineTlsSettings.OFF);
  }

  /** Settings of this JVM's system properties. */
  public static EngineServerSettings load() {
    return load(SettingsSource.current());
  }

  /**
   * Settings from {@code props}.
   *
   * @throws SettingsException naming the property and the fix
   */
  public static EngineServerSettings load(Properties props) {
    return load(SettingsSource.of(Map.of(), props));
  }

  /**
   * Settings from {@code source}.
   *
   * @throws SettingsException naming the property and the fix
   */
  public static EngineServerSettings load(SettingsSource source) {
    int workers =
        (int)
            integer(
                source,
                Setting.ENGINE_HTTP_WORKERS,
                0,
                0,
                "an integer >= 0 (0 = no worker pool; llama.cpp's default is slots + 2, e.g. 6)");
    long idle =
        integer(
            source,
            Setting.ENGINE_IDLE_HOLD_MS,
            DEFAULT_IDLE_HOLD_MILLIS,
            1,
            "an integer >= 1 in milliseconds, like 5000");
    int maxRequests =
        (int)
            integer(
                source,
                Setting.ENGINE_KEEP_ALIVE_MAX_REQUESTS,
                DEFAULT_KEEP_ALIVE_MAX_REQUESTS,
                0,
                "an integer >= 0 (0 = no limit), like 100");
    String policy = value(source, Setting.ENGINE_ON_DISCONNECT);
    if (policy != null && !DISCONNECT_POLICIES.contains(policy)) {
      throw SettingChecks.invalid(
          "-Dengine.onDisconnect", policy, "is not a disconnect policy; use abort or run-on");
    }
    EngineTlsSettings tls = EngineTlsSettings.load(source);
    if (tls.http2() && workers > 0) {
      throw new SettingsException(
          "-Dengine.http2: on is not simulated together with -Dengine.httpWorkers="
              + workers
              + " (the worker pool models an HTTP/1.1 server); set -Dengine.httpWorkers=0 or"
              + " -Dengine.http2=off");
    }
    return new EngineServerSettings(
        workers, idle, maxRequests, policy == null ? "abort" : policy, tls);
  }

  /** Whether the engine has a bounded worker pool. */
  public boolean boundedWorkers() {
    return httpWorkers > 0;
  }

  private static long integer(
      SettingsSource source, Setting setting, long fallback, long min, String expected) {
    String name = setting.property().orElseThrow();
    String text = value(source, setting);
    if (text == null) {
      return fallback;
    }
    long parsed;
    try {
      parsed = Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw SettingChecks.invalid("-D" + name, text, "is not " + expected);
    }
    if (parsed < min || parsed > Integer.MAX_VALUE) {
      throw SettingChecks.invalid("-D" + name, text, "is not " + expected);
    }
    return parsed;
  }

  private static String value(SettingsSource source, Setting setting) {
    return source.get(setting).map(v -> v.rawValue().trim()).orElse(null);
  }
}
