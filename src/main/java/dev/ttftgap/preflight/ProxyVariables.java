package dev.ttftgap.preflight;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The proxy environment variables present, for connection diagnoses. Values are shown as {@code
 * scheme://host:port} only: user info (a proxy password) is dropped.
 */
final class ProxyVariables {
  static final List<String> NAMES =
      List.of("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy");

  private ProxyVariables() {}

  /** {@code NAME=scheme://host:port} (or just {@code NAME}) for each variable set. */
  static List<String> present(Map<String, String> env) {
    List<String> found = new ArrayList<>();
    for (String name : NAMES) {
      String value = env.get(name);
      if (value != null && !value.isBlank()) {
        found.add(withoutUserInfo(value.strip()).map(v -> name + "=" + v).orElse(name));
      }
    }
    return found;
  }

  private static Optional<String> withoutUserInfo(String value) {
    try {
      URI uri = URI.create(value.contains("://") ? value : "http://" + value);
      if (uri.getHost() == null) {
        return Optional.empty();
      }
      String port = uri.getPort() < 0 ? "" : ":" + uri.getPort();
      return Optional.of(uri.getScheme() + "://" + uri.getHost() + port);
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }
}
