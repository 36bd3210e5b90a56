package dev.ttftgap.preflight;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The preflight's first step, before anything is sent: the URLs are http(s) with a host, and the
 * API key has a key's shape (a malformed key is never sent).
 */
final class LocalChecks {
  private LocalChecks() {}

  /** Throws the diagnosis of the first URL or key problem. */
  static void check(PreflightTarget target) throws PreflightStop {
    List<String> urls = new ArrayList<>(List.of(target.chatCompletionsUrl()));
    if (target.modelsUrl() != null) {
      urls.add(target.modelsUrl());
    }
    for (String url : urls) {
      try {
        URI uri = new URI(url);
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
          throw PreflightStop.of(
              Diagnosis.Kind.BAD_SETTING,
              "base URL \""
                  + url
                  + "\" is not an http(s) URL with a host: set LLM_BASE_URL to e.g."
                  + " http://localhost:8000/v1");
        }
      } catch (URISyntaxException e) {
        throw PreflightStop.of(
            Diagnosis.Kind.BAD_SETTING,
            "base URL \""
                + url
                + "\" is not a valid URL ("
                + e.getReason()
                + "): fix LLM_BASE_URL");
      }
    }
    Optional<String> key = target.apiKey();
    Optional<String> problem = key.flatMap(ApiKeyShape::problem);
    if (problem.isPresent()) {
      throw PreflightStop.of(
          Diagnosis.Kind.API_KEY_MALFORMED,
          "the API key ("
              + ApiKeyShape.mask(key.get())
              + ") "
              + problem.get()
              + ": export LLM_API_KEY with the bare key, no quotes, spaces or line breaks");
    }
  }
}
