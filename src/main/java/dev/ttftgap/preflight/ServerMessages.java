package dev.ttftgap.preflight;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a server said, made fit for a one-line diagnosis: the message of an OpenAI-, vLLM- or
 * FastAPI-shaped error body (else the raw body), on one line, at most {@value #MAX_CHARS}
 * characters, with the API key replaced by its mask should the server echo it. Also used by the
 * Gatling glue for the body of a non-200 answer to a streaming request under load.
 */
public final class ServerMessages {
  static final int MAX_CHARS = 160;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Optional<String> apiKey;
  private final List<String> secrets;

  /**
   * @param apiKey the key the request carried, masked wherever the server echoes it
   */
  public ServerMessages(Optional<String> apiKey) {
    this(apiKey, List.of());
  }

  /**
   * @param apiKey the key the request carried, masked wherever the server echoes it
   * @param secrets other values the request carried from the environment (header values), each
   *     replaced by {@code ***} wherever the server echoes it
   */
  public ServerMessages(Optional<String> apiKey, List<String> secrets) {
    this.apiKey = apiKey.map(String::strip).filter(k -> !k.isEmpty());
    this.secrets = List.copyOf(secrets);
  }

  /** The error message in {@code body}; empty text for an empty body. */
  public String of(String body) {
    if (body == null || body.isBlank()) {
      return "";
    }
    String message = body;
    try {
      JsonNode root = JSON.readTree(body);
      JsonNode error = root.path("error");
      if (error.isTextual()) {
        message = error.asText();
      } else if (error.path("message").isTextual()) {
        message = error.path("message").asText();
      } else if (root.path("message").isTextual()) {
        message = root.path("message").asText();
      } else if (root.path("detail").isTextual()) {
        message = root.path("detail").asText();
      }
    } catch (IOException | RuntimeException e) {
      // not JSON: keep the raw body
    }
    return clean(message);
  }

  /** {@code " (server: \"...\")"}, or empty text when the body says nothing. */
  String says(String body) {
    String message = of(body);
    return message.isEmpty() ? "" : " (server: \"" + message + "\")";
  }

  /** One line, bounded, key masked. */
  String clean(String text) {
    String line = oneLine(text);
    if (apiKey.isPresent()) {
      line = line.replace(apiKey.get(), ApiKeyShape.mask(apiKey.get()));
    }
    for (String secret : secrets) {
      if (!secret.isEmpty()) {
        line = line.replace(secret, "***");
      }
    }
    if (line.length() > MAX_CHARS) {
      line = line.substring(0, MAX_CHARS) + "…";
    }
    return line;
  }

  /**
   * Whether an error body names the model (OpenAI's {@code model_not_found}, vLLM's "The model `x`
   * does not exist"), as opposed to a 404 on the path ({@code {"detail":"Not Found"}}).
   */
  static boolean namesTheModel(String body) {
    try {
      JsonNode root = JSON.readTree(body);
      if (root == null) {
        return false;
      }
      JsonNode error = root.path("error");
      String text =
          (error.isTextual() ? error.asText() : error.path("message").asText(""))
              + " "
              + error.path("code").asText("")
              + " "
              + root.path("message").asText("");
      return text.toLowerCase(Locale.ROOT).contains("model");
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  static String oneLine(String text) {
    return text == null ? "" : text.replaceAll("\\s+", " ").strip();
  }
}
