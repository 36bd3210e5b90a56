package dev.ttftgap.config;

import java.net.URI;
import java.net.http.HttpClient;

/**
 * How the tool reaches a target: which CAs it trusts, which HTTP version it offers, which proxy it
 * goes through. The load (Gatling), the preflight and the {@code /metrics} scrapes all take it from
 * here, so they reach the server the same way.
 *
 * @param trust the CAs an https target is checked against
 * @param httpVersion HTTP/1.1, or HTTP/2 offered by ALPN
 * @param proxies the proxy table of the environment
 */
public record TargetNetwork(TrustSettings trust, HttpVersion httpVersion, ProxyRoutes proxies) {
  /** The JVM's CAs, HTTP/1.1, no proxy: the embedded engine, and tests. */
  public static final TargetNetwork DIRECT =
      new TargetNetwork(TrustSettings.JVM, HttpVersion.HTTP_1_1, ProxyRoutes.DIRECT);

  /** The network of this JVM's settings. */
  public static TargetNetwork load() {
    return load(SettingsSource.current());
  }

  /** The network of {@code source}'s settings; a bad one fails with one line. */
  public static TargetNetwork load(SettingsSource source) {
    return new TargetNetwork(
        TrustSettings.load(source), HttpVersion.load(source), ProxyRoutes.load(source));
  }

  /**
   * A JDK HTTP client builder for the target: its version, no redirects followed (a redirect is a
   * diagnosis, not a detour), its proxies, its CAs. The caller adds its own timeouts.
   */
  public HttpClient.Builder clientBuilder() {
    HttpClient.Builder builder =
        HttpClient.newBuilder()
            .version(
                httpVersion == HttpVersion.HTTP_2
                    ? HttpClient.Version.HTTP_2
                    : HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .proxy(proxies.selector());
    if (trust.custom()) {
      builder.sslContext(trust.sslContext());
    }
    return builder;
  }

  /**
   * One line for the run header: {@code "HTTP/1.1, direct"} or {@code "HTTP/2 offered, proxy p:3128
   * (HTTPS_PROXY), CAs from LLM_CA_FILE=ca.pem"} (the CA part only for an https target).
   */
  public String describe(URI target) {
    String version = httpVersion == HttpVersion.HTTP_2 ? "HTTP/2 offered" : "HTTP/1.1";
    String tls = "https".equalsIgnoreCase(target.getScheme()) ? ", " + trust.describe() : "";
    return version + ", " + proxies.describe(target) + tls;
  }
}
