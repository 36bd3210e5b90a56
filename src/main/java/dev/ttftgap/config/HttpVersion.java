package dev.ttftgap.config;

import java.util.Optional;

/**
 * The HTTP version the load and the preflight offer the target ({@link Setting#LLM_HTTP_VERSION}).
 */
public enum HttpVersion {
  /** HTTP/1.1 only: one stream per connection. The default. */
  HTTP_1_1,
  /** HTTP/2 offered by ALPN to an https target; HTTP/1.1 where the server does not take it. */
  HTTP_2;

  /** The version of {@code source}'s {@link Setting#LLM_HTTP_VERSION}, HTTP/1.1 when unset. */
  public static HttpVersion load(SettingsSource source) {
    Optional<SettingsSource.Value> value = source.get(Setting.LLM_HTTP_VERSION);
    if (value.isEmpty()) {
      return HTTP_1_1;
    }
    return switch (value.get().value().toLowerCase(java.util.Locale.ROOT)) {
      case "1.1", "http/1.1", "http1.1" -> HTTP_1_1;
      case "2", "h2", "http/2", "http2" -> HTTP_2;
      default ->
          throw new SettingsException(
              value.get().name()
                  + "="
                  + value.get().value()
                  + ": not an HTTP version; use 1.1 or 2");
    };
  }
}
