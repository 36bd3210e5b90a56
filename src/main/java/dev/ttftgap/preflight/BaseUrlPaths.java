package dev.ttftgap.preflight;

import dev.ttftgap.stream.Api;
import java.net.URI;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The other plausible chat completions URL when one answers 404 on the path: {@code /v1} doubled →
 * once; present → removed; missing → added before {@code /chat/completions}.
 */
final class BaseUrlPaths {
  static final String CHAT_SUFFIX = "/chat/completions";

  private BaseUrlPaths() {}

  static boolean doubledV1(String url) {
    return url.contains("/v1/v1/") || url.endsWith("/v1/v1");
  }

  static Optional<String> alternative(String chatUrl) {
    URI uri;
    try {
      uri = URI.create(chatUrl);
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
    String path = uri.getRawPath() == null ? "" : uri.getRawPath();
    String altPath;
    if (path.contains("/v1/v1/")) {
      altPath = path.replaceFirst("/v1/v1/", "/v1/");
    } else if (path.endsWith("/v1" + CHAT_SUFFIX)) {
      altPath = path.substring(0, path.length() - ("/v1" + CHAT_SUFFIX).length()) + CHAT_SUFFIX;
    } else if (path.endsWith(CHAT_SUFFIX)) {
      altPath = path.substring(0, path.length() - CHAT_SUFFIX.length()) + "/v1" + CHAT_SUFFIX;
    } else {
      return Optional.empty();
    }
    String prefix = chatUrl.substring(0, chatUrl.indexOf(path, chatUrl.indexOf("://") + 3));
    String query = uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery();
    return Optional.of(prefix + altPath + query);
  }

  /**
   * The endpoint of {@code api} next to {@code url}: {@code url}'s path loses its trailing API path
   * (the longest that matches: {@code chat/completions} before {@code completions}) and gains
   * {@code api}'s; the query string stays. A URL that ends with no API path gains {@code api}'s.
   */
  static String forApi(String url, Api api) {
    int q = url.indexOf('?');
    String path = q < 0 ? url : url.substring(0, q);
    String query = q < 0 ? "" : url.substring(q);
    String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    String root =
        Stream.of(Api.values())
            .map(a -> "/" + a.path())
            .sorted(Comparator.comparingInt(String::length).reversed())
            .filter(trimmed::endsWith)
            .findFirst()
            .map(suffix -> trimmed.substring(0, trimmed.length() - suffix.length()))
            .orElse(trimmed);
    return root + "/" + api.path() + query;
  }

  /** The base URL (what precedes {@code /chat/completions}) of a chat completions URL. */
  static String baseOf(String chatUrl) {
    int at = chatUrl.lastIndexOf(CHAT_SUFFIX);
    return at < 0 ? chatUrl : chatUrl.substring(0, at);
  }
}
