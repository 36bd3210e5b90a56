package dev.ttftgap.config;

import dev.ttftgap.stream.Api;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The API root of an OpenAI-compatible server, the URL that {@code /chat/completions} and {@code
 * /models} hang from, e.g. {@code http://127.0.0.1:8000/v1}; its {@code /metrics} is at the origin.
 *
 * <p><b>Parsing a base URL.</b> {@code http://h:8000}, {@code http://h:8000/}, {@code
 * http://h:8000/v1} and {@code http://h:8000/v1/} all become {@code http://h:8000/v1}; a URL pasted
 * with the endpoint ({@code .../v1/chat/completions}, {@code /completions}, {@code /responses},
 * {@code /messages} or {@code .../v1/models}) is accepted and cut back to its root, so the path is
 * never doubled. A path with an API version segment anywhere ({@code v1}, {@code v4}, {@code
 * v1beta}) is kept as is: {@code /api/paas/v4}, Gemini's {@code /v1beta/openai}, Cloudflare AI
 * Gateway's {@code /v1/ACCOUNT/GATEWAY/openai}. A path without one (the root, or a prefix such as
 * {@code /api}) gets {@code /v1} appended, as vLLM, SGLang and TGI serve it there. For servers that
 * answer at a versionless path (e.g. {@code https://api.perplexity.ai/chat/completions}), {@code
 * asIs} keeps the path exactly as given (trailing slashes and a pasted endpoint still cut). Query
 * strings, fragments and user credentials in the URL are rejected.
 *
 * <pre>{@code
 * ApiRoot root = ApiRoot.parse("-Dllm.baseUrl", "http://h:8000/", false);
 * root.chatCompletions(); // "http://h:8000/v1/chat/completions"
 * root.metrics();         // http://h:8000/metrics
 * }</pre>
 *
 * @param uri the root, without a trailing slash
 */
public record ApiRoot(URI uri) {
  private static final Pattern VERSION_SEGMENT = Pattern.compile("v\\d+[a-z0-9]*");
  private static final String EXAMPLE_URL = "http://127.0.0.1:8000/v1";

  /** Endpoints a pasted URL may end with, longest first (chat/completions before completions). */
  private static final List<String> PASTED_ENDPOINTS =
      List.of("/chat/completions", "/completions", "/responses", "/messages", "/models");

  /** An already normalized root, such as the embedded engine's {@code baseUrl()}. */
  public static ApiRoot of(String root) {
    return new ApiRoot(URI.create(root));
  }

  /** The streaming endpoint, e.g. {@code http://127.0.0.1:8000/v1/chat/completions}. */
  public String chatCompletions() {
    return uri + "/chat/completions";
  }

  /**
   * The streaming endpoint of {@code api}: {@code .../v1/chat/completions}, {@code
   * .../v1/completions}, {@code .../v1/responses} or {@code .../v1/messages}.
   */
  public String endpoint(Api api) {
    return uri + "/" + api.path();
  }

  /** The model list endpoint, e.g. {@code http://127.0.0.1:8000/v1/models}. */
  public String models() {
    return uri + "/models";
  }

  /** The origin's {@code /metrics} (vLLM, SGLang, TGI and llama.cpp serve it there). */
  public URI metrics() {
    return URI.create(uri.getScheme() + "://" + uri.getRawAuthority() + "/metrics");
  }

  @Override
  public String toString() {
    return uri.toString();
  }

  /**
   * The root a base URL names, normalized as the class comment says.
   *
   * @param name the setting as the user spelled it, for the message
   * @throws SettingsException naming {@code name} when {@code value} is not an http(s) base URL
   */
  public static ApiRoot parse(String name, String value, boolean asIs) {
    URI uri;
    try {
      uri = new URI(value);
    } catch (URISyntaxException e) {
      throw SettingChecks.invalid(name, value, "is not a valid URL; set it like " + EXAMPLE_URL);
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
      if (uri.getRawUserInfo() != null) {
        throw userInfoError(name);
      }
      throw SettingChecks.invalid(name, value, "is not an http(s) URL; set it like " + EXAMPLE_URL);
    }
    if (uri.getRawUserInfo() != null) {
      throw userInfoError(name);
    }
    if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
      throw SettingChecks.invalid(
          name, value, "has a query or fragment; set only the API root like " + EXAMPLE_URL);
    }
    String path = uri.getRawPath() == null ? "" : uri.getRawPath();
    path = stripTrailingSlashes(path);
    for (String endpoint : PASTED_ENDPOINTS) {
      if (path.endsWith(endpoint)) {
        path = stripTrailingSlashes(path.substring(0, path.length() - endpoint.length()));
        break;
      }
    }
    if (!asIs && !hasVersionSegment(path)) {
      path = path + "/v1";
    }
    String port = uri.getPort() < 0 ? "" : ":" + uri.getPort();
    return new ApiRoot(
        URI.create(
            scheme + "://" + uri.getRawAuthority().replaceFirst(":\\d+$", "") + port + path));
  }

  private static boolean hasVersionSegment(String path) {
    for (String segment : path.split("/")) {
      if (VERSION_SEGMENT.matcher(segment).matches()) {
        return true;
      }
    }
    return false;
  }

  private static SettingsException userInfoError(String name) {
    // The value is not echoed: it holds a password or token.
    return new SettingsException(
        name
            + ": the URL contains user credentials; remove them from the URL and put the key in"
            + " LLM_API_KEY");
  }

  private static String stripTrailingSlashes(String path) {
    String result = path;
    while (result.endsWith("/")) {
      result = result.substring(0, result.length() - 1);
    }
    return result;
  }
}
