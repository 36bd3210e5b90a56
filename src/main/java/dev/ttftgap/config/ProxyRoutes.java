package dev.ttftgap.config;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Which targets go through which proxy, read the way curl and Python's requests read the
 * environment: {@code https_proxy} / {@code HTTPS_PROXY} for https targets, {@code http_proxy} /
 * {@code HTTP_PROXY} for http ones, {@code ALL_PROXY} for either when its own is unset, and {@code
 * NO_PROXY} (a comma-separated list of hosts, {@code .domains}, IPs, {@code host:port}, or {@code
 * *}) reached directly; a host entry also covers its subdomains. Loopback goes through the proxy
 * like any host unless {@code NO_PROXY} names it, as in curl (the embedded engine never does: it is
 * reached directly). The load, the preflight and the {@code /metrics} scrapes all ask this one
 * table.
 *
 * @param https the proxy for https targets, if any
 * @param http the proxy for http targets, if any
 * @param noProxy the {@code NO_PROXY} entries, lower case
 * @param noProxySetting where they came from
 */
public record ProxyRoutes(
    Optional<ProxyRoute> https,
    Optional<ProxyRoute> http,
    List<String> noProxy,
    String noProxySetting) {

  /** Every target directly. */
  public static final ProxyRoutes DIRECT =
      new ProxyRoutes(Optional.empty(), Optional.empty(), List.of(), "");

  public ProxyRoutes {
    noProxy = List.copyOf(noProxy);
  }

  /** The routes of {@code source}'s proxy settings. */
  public static ProxyRoutes load(SettingsSource source) {
    Optional<ProxyRoute> all = route(source, Setting.LLM_ALL_PROXY);
    Optional<ProxyRoute> https = route(source, Setting.LLM_HTTPS_PROXY).or(() -> all);
    Optional<ProxyRoute> http = route(source, Setting.LLM_HTTP_PROXY).or(() -> all);
    Optional<SettingsSource.Value> none = source.get(Setting.LLM_NO_PROXY);
    List<String> entries =
        none.map(
                v ->
                    Arrays.stream(v.value().split(","))
                        .map(e -> e.strip().toLowerCase(Locale.ROOT))
                        .filter(e -> !e.isEmpty())
                        .toList())
            .orElse(List.of());
    return new ProxyRoutes(https, http, entries, none.map(SettingsSource.Value::name).orElse(""));
  }

  private static Optional<ProxyRoute> route(SettingsSource source, Setting setting) {
    return source.get(setting).map(v -> ProxyRoute.parse(v.name(), v.value()));
  }

  /** The proxy {@code target} goes through, empty for a direct connection. */
  public Optional<ProxyRoute> routeFor(URI target) {
    String scheme = target.getScheme() == null ? "" : target.getScheme().toLowerCase(Locale.ROOT);
    Optional<ProxyRoute> route =
        switch (scheme) {
          case "https", "wss" -> https;
          case "http", "ws" -> http;
          default -> Optional.empty();
        };
    if (route.isEmpty() || bypassed(target)) {
      return Optional.empty();
    }
    return route;
  }

  /** Whether {@code NO_PROXY} sends {@code target} directly. */
  boolean bypassed(URI target) {
    String host = hostOf(target);
    int port = target.getPort() >= 0 ? target.getPort() : defaultPort(target);
    for (String entry : noProxy) {
      if (entry.equals("*")) {
        return true;
      }
      String entryHost = entry;
      int entryPort = -1;
      int colon = entry.lastIndexOf(':');
      if (colon > 0 && entry.indexOf(':') == colon && entry.substring(colon + 1).matches("\\d+")) {
        entryHost = entry.substring(0, colon);
        entryPort = Integer.parseInt(entry.substring(colon + 1));
      }
      entryHost = unbracketed(entryHost);
      if (entryPort >= 0 && entryPort != port) {
        continue;
      }
      String bare = entryHost.startsWith(".") ? entryHost.substring(1) : entryHost;
      if (bare.startsWith("*.")) {
        bare = bare.substring(2);
      }
      if (host.equals(bare) || host.endsWith("." + bare)) {
        return true;
      }
    }
    return false;
  }

  private static String hostOf(URI target) {
    String host = target.getHost() == null ? "" : target.getHost().toLowerCase(Locale.ROOT);
    return unbracketed(host);
  }

  private static String unbracketed(String host) {
    return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
  }

  private static int defaultPort(URI target) {
    return "https".equalsIgnoreCase(target.getScheme()) ? 443 : 80;
  }

  /** A selector for the JDK's HTTP client that routes as {@link #routeFor} does. */
  public ProxySelector selector() {
    return new ProxySelector() {
      @Override
      public List<Proxy> select(URI uri) {
        return List.of(
            routeFor(uri)
                .map(
                    r ->
                        new Proxy(
                            Proxy.Type.HTTP,
                            InetSocketAddress.createUnresolved(r.host(), r.port())))
                .orElse(Proxy.NO_PROXY));
      }

      @Override
      public void connectFailed(URI uri, SocketAddress address, IOException e) {
        // the preflight diagnoses the failure itself
      }
    };
  }

  /**
   * How {@code target} is reached: {@code "direct"}, {@code "direct (NO_PROXY)"} or the proxy's
   * {@link ProxyRoute#shown()}.
   */
  public String describe(URI target) {
    Optional<ProxyRoute> route = routeFor(target);
    if (route.isPresent()) {
      return route.get().shown();
    }
    return bypassed(target) && (https.isPresent() || http.isPresent())
        ? "direct (" + noProxySetting + ")"
        : "direct";
  }
}
