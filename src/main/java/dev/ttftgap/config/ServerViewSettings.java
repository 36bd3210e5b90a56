package dev.ttftgap.config;

import dev.ttftgap.servermetrics.MetricsDialect;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * The settings of the server's view and of what the client asks for, read and validated in one
 * place (beside {@link Settings}, which holds the target's).
 *
 * <table>
 *   <caption>System properties</caption>
 *   <tr><th>setting</th><th>property</th><th>default</th></tr>
 *   <tr><td>{@link #metricsUrl}</td><td>{@code metrics.url}</td>
 *       <td>the base URL's origin + {@code /metrics}; {@code off} scrapes nothing</td></tr>
 *   <tr><td>{@link #engineMetricsDialect}</td><td>{@code engine.metricsDialect}</td>
 *       <td>{@code vllm} ({@code sglang}, {@code tgi}, {@code llamacpp}): the embedded engine's
 *       {@code /metrics} names</td></tr>
 *   <tr><td>{@link #acceptEncoding}</td><td>{@code client.acceptEncoding}</td>
 *       <td>none; {@code gzip} (or {@code deflate}, {@code gzip, deflate}) sends {@code
 *       Accept-Encoding} as the OpenAI SDKs do</td></tr>
 * </table>
 *
 * @param metricsOff true: {@code -Dmetrics.url=off}
 * @param metricsUrl the URL asked for; empty = derived from the target ({@link #metricsUrlFor})
 * @param engineMetricsDialect the embedded engine's {@code /metrics} dialect
 * @param acceptEncoding the {@code Accept-Encoding} the load sends; empty = none
 */
public record ServerViewSettings(
    boolean metricsOff,
    Optional<URI> metricsUrl,
    MetricsDialect engineMetricsDialect,
    Optional<String> acceptEncoding) {

  /** Codings the load generator (Gatling's Netty inflater) decodes. */
  static final Set<String> DECODED_CODINGS = Set.of("gzip", "x-gzip", "deflate", "identity");

  /** Settings of this JVM: {@link SettingsSource#current()}. */
  public static ServerViewSettings load() {
    return load(SettingsSource.current());
  }

  /**
   * Settings from {@code props}.
   *
   * @throws SettingsException naming the property and the fix
   */
  public static ServerViewSettings load(Properties props) {
    return load(SettingsSource.of(Map.of(), props));
  }

  /**
   * Settings from {@code source}.
   *
   * @throws SettingsException naming the property and the fix
   */
  public static ServerViewSettings load(SettingsSource source) {
    String url = value(source, Setting.METRICS_URL);
    boolean off = "off".equalsIgnoreCase(url);
    Optional<URI> metricsUrl = url == null || off ? Optional.empty() : Optional.of(url(url));
    String dialectText = value(source, Setting.ENGINE_METRICS_DIALECT);
    MetricsDialect dialect;
    try {
      dialect = dialectText == null ? MetricsDialect.VLLM : MetricsDialect.parse(dialectText);
    } catch (IllegalArgumentException e) {
      throw new SettingsException("-Dengine.metricsDialect: " + e.getMessage());
    }
    Optional<String> encoding =
        Optional.ofNullable(value(source, Setting.CLIENT_ACCEPT_ENCODING))
            .map(ServerViewSettings::coding);
    return new ServerViewSettings(off, metricsUrl, dialect, encoding);
  }

  /**
   * The URL to scrape for a target whose API root is {@code apiRoot}: the one asked for, else the
   * root's origin + {@code /metrics} (vLLM, SGLang, TGI and llama.cpp serve it there); empty when
   * off.
   */
  public Optional<URI> metricsUrlFor(String apiRoot) {
    return metricsUrlFor(ApiRoot.of(apiRoot));
  }

  /** Like {@link #metricsUrlFor(String)}, for a parsed root. */
  public Optional<URI> metricsUrlFor(ApiRoot apiRoot) {
    if (metricsOff) {
      return Optional.empty();
    }
    if (metricsUrl.isPresent()) {
      return metricsUrl;
    }
    return Optional.of(apiRoot.metrics());
  }

  private static URI url(String text) {
    try {
      URI uri = new URI(text);
      if (uri.getScheme() == null
          || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))
          || uri.getHost() == null) {
        throw new URISyntaxException(text, "not an http(s) URL");
      }
      return uri;
    } catch (URISyntaxException e) {
      throw new SettingsException(
          "-Dmetrics.url: '"
              + text
              + "' is not an http(s) URL; give the full URL (e.g. http://127.0.0.1:8000/metrics)"
              + " or off");
    }
  }

  private static String coding(String text) {
    String normalized = text.toLowerCase(Locale.ROOT).replace(" ", "");
    for (String coding : normalized.split(",")) {
      String name = coding.split(";")[0];
      if (!DECODED_CODINGS.contains(name)) {
        throw new SettingsException(
            "-Dclient.acceptEncoding: '"
                + name
                + "' is not decoded by the load generator (Gatling's inflater decodes gzip and"
                + " deflate); use gzip, deflate or 'gzip, deflate'");
      }
    }
    return text.trim();
  }

  private static String value(SettingsSource source, Setting setting) {
    return source.get(setting).map(v -> v.rawValue().trim()).orElse(null);
  }
}
