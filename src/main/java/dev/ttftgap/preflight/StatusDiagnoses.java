package dev.ttftgap.preflight;

import dev.ttftgap.config.Settings;
import java.util.List;
import java.util.Optional;

/**
 * Turns an HTTP error status of a probe into a diagnosis: 401/403 (key missing or rejected), 404
 * naming the model (with served ids and near matches), 429 at rest, and anything else. A 404 on the
 * path needs a second request, so {@link Preflight} handles it with {@link #pathFixed} and {@link
 * #pathWrong}.
 */
final class StatusDiagnoses {
  private static final int MAX_LISTED_MODELS = 15;

  private final PreflightTarget target;
  private final ServerMessages messages;

  StatusDiagnoses(PreflightTarget target, ServerMessages messages) {
    this.target = target;
    this.messages = messages;
  }

  /** Whether a 404 is about the model rather than the path. */
  boolean modelNotFound(String body, List<String> served) {
    return !served.isEmpty() && !served.contains(target.model())
        || ServerMessages.namesTheModel(body);
  }

  Diagnosis unauthorized(int status, String url, String body) {
    Optional<String> key = target.apiKey();
    if (key.isEmpty()) {
      return new Diagnosis(
          Diagnosis.Kind.API_KEY_MISSING,
          status
              + " from "
              + url
              + messages.says(body)
              + ": no API key is configured; export LLM_API_KEY (or OPENAI_API_KEY) with the"
              + " endpoint's key");
    }
    return new Diagnosis(
        Diagnosis.Kind.API_KEY_REJECTED,
        status
            + " from "
            + url
            + messages.says(body)
            + ": the server rejected the API key "
            + ApiKeyShape.mask(key.get())
            + "; check it is not revoked or expired and that it belongs to this endpoint"
            + (status == 403 ? " and may use model " + target.model() : ""));
  }

  Diagnosis rateLimited(String url, String body, Optional<String> retryAfter) {
    return new Diagnosis(
        Diagnosis.Kind.RATE_LIMITED,
        "429 from "
            + url
            + " before any load was sent"
            + messages.says(body)
            + retryAfter.map(s -> ", Retry-After " + s).orElse("")
            + ": the endpoint is rate-limiting at rest, a load run would measure the limiter;"
            + " wait or raise the key's quota, then rerun");
  }

  Diagnosis other(int status, String url, String body) {
    return new Diagnosis(
        Diagnosis.Kind.HTTP_ERROR,
        status
            + " from "
            + url
            + messages.says(body)
            + (status >= 500
                ? ": the server fails at rest; fix it before a load run"
                : ": the endpoint rejected a minimal chat request; check LLM_MODEL and that"
                    + " LLM_BASE_URL is an OpenAI-compatible API"));
  }

  Diagnosis modelNotFound(String url, String body, List<String> served) {
    String model = target.model();
    if (served.isEmpty()) {
      return new Diagnosis(
          Diagnosis.Kind.MODEL_NOT_FOUND,
          "model \""
              + model
              + "\" not found at "
              + url
              + messages.says(body)
              + "; the server lists no models"
              + (target.modelsUrl() == null ? "" : " at " + target.modelsUrl())
              + ": check the exact id in LLM_MODEL (case, '_' vs '-')");
    }
    List<String> near = NearMatches.of(model, served);
    return new Diagnosis(
        Diagnosis.Kind.MODEL_NOT_FOUND,
        "model \""
            + model
            + "\" is not served at "
            + url
            + messages.says(body)
            + (near.isEmpty() ? "" : "; near matches: " + String.join(", ", near))
            + "; served: "
            + listed(served)
            + ": set LLM_MODEL to "
            + (near.isEmpty() ? "one of the served ids" : "\"" + near.get(0) + "\"")
            + " (ids are exact)");
  }

  /** No model id given: name the served ones. */
  Diagnosis noModel(List<String> served) {
    return new Diagnosis(
        Diagnosis.Kind.BAD_SETTING,
        "no model id: set LLM_MODEL"
            + (served.isEmpty()
                ? " to a model id the endpoint serves"
                : " to one of: " + listed(served)));
  }

  /**
   * 404 on {@code url}, while {@code alternative} answered {@code status}. The fix names the
   * alternative's base, plus {@code LLM_BASE_URL_AS_IS=true} when {@link Settings} would otherwise
   * append {@code /v1} to it (a base without a version segment, e.g. a server at the root).
   */
  Diagnosis pathFixed(String url, String alternative, int status) {
    String what =
        BaseUrlPaths.doubledV1(url)
            ? "doubled"
            : url.contains("/v1" + BaseUrlPaths.CHAT_SUFFIX)
                ? "not part of this server's path"
                : "missing";
    return new Diagnosis(
        Diagnosis.Kind.BASE_URL_PATH,
        "404 on "
            + url
            + " but "
            + alternative
            + " answers "
            + status
            + ": /v1 is "
            + what
            + " in the base URL; "
            + setBaseUrl(BaseUrlPaths.baseOf(alternative)));
  }

  /** The settings that make the run use {@code base} + {@code /chat/completions} as given. */
  private static String setBaseUrl(String base) {
    return Settings.appendsV1(base)
        ? "set LLM_BASE_URL=" + base + " LLM_BASE_URL_AS_IS=true (without it, /v1 is appended)"
        : "set LLM_BASE_URL=" + base;
  }

  /** 404 on {@code url} and on the alternative, if any. */
  Diagnosis pathWrong(String url, String body, Optional<String> alternative) {
    return new Diagnosis(
        Diagnosis.Kind.BASE_URL_PATH,
        "404 on "
            + url
            + messages.says(body)
            + alternative.map(a -> " and on " + a).orElse("")
            + ": the path is wrong; set LLM_BASE_URL to the URL that precedes /chat/completions"
            + " (usually ending in /v1; if it has no version segment, also"
            + " LLM_BASE_URL_AS_IS=true)");
  }

  private static String listed(List<String> served) {
    return String.join(", ", served.subList(0, Math.min(served.size(), MAX_LISTED_MODELS)))
        + (served.size() > MAX_LISTED_MODELS
            ? " (+" + (served.size() - MAX_LISTED_MODELS) + " more)"
            : "");
  }
}
