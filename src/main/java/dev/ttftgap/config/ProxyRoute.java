package dev.ttftgap.config;

import java.net.URI;
import java.util.Locale;

/**
 * An HTTP proxy a target is reached through: plain HTTP to the proxy, {@code CONNECT} for an https
 * target, absolute-form requests for an http one.
 *
 * @param host the proxy's host
 * @param port its port (80 when the URL gives none, as Python's requests takes it)
 * @param setting the variable or property it came from, e.g. {@code HTTPS_PROXY}
 */
public record ProxyRoute(String host, int port, String setting) {

  /**
   * The proxy of {@code value} ({@code http://host:port} or {@code host:port}). A proxy that wants
   * TLS to itself, SOCKS, or credentials in the URL is refused with one line: neither Gatling's
   * client nor the JDK's can take those the same way.
   */
  static ProxyRoute parse(String setting, String value) {
    String given = value.strip();
    URI uri;
    try {
      uri = URI.create(given.contains("://") ? given : "http://" + given);
    } catch (IllegalArgumentException e) {
      throw refused(setting, "not a URL", "give http://HOST:PORT");
    }
    String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http")) {
      throw refused(
          setting,
          "a " + scheme + ":// proxy is not supported",
          "give an HTTP proxy, http://HOST:PORT (it tunnels https with CONNECT)");
    }
    if (uri.getRawUserInfo() != null) {
      throw refused(
          setting,
          "proxy credentials are not supported",
          "use a proxy that admits this machine, or a local forwarder that adds them");
    }
    if (uri.getHost() == null || uri.getHost().isBlank()) {
      throw refused(setting, "no host", "give http://HOST:PORT");
    }
    return new ProxyRoute(uri.getHost(), uri.getPort() < 0 ? 80 : uri.getPort(), setting);
  }

  private static SettingsException refused(String setting, String why, String fix) {
    return new SettingsException(setting + ": " + why + "; " + fix);
  }

  /** {@code "proxy proxy.corp:3128 (HTTPS_PROXY)"}: host and port only, never credentials. */
  public String shown() {
    return "proxy " + host + ":" + port + " (" + setting + ")";
  }
}
