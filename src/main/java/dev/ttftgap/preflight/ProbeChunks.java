package dev.ttftgap.preflight;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/**
 * Classifies one SSE {@code data:} payload of the streaming probe.
 *
 * <p>Stop-gap: once {@code dev.ttftgap.stream.ChunkClassifier} is merged, the probe should call
 * {@code ChunkClassifier.classifyData(String)} so that "first token" has one definition.
 */
final class ProbeChunks {
  private static final ObjectMapper JSON = new ObjectMapper();

  enum Kind {
    /** Non-empty {@code delta.content} or reasoning in some choice. */
    CONTENT,
    /** {@code [DONE]}. */
    DONE,
    /** An {@code error} object. */
    ERROR,
    /** Not JSON. */
    MALFORMED,
    /** Role-only, finish, usage-only or other chunks without content. */
    OTHER
  }

  private ProbeChunks() {}

  static Kind classify(String data) {
    if (data.strip().equals("[DONE]")) {
      return Kind.DONE;
    }
    JsonNode node;
    try {
      node = JSON.readTree(data);
    } catch (IOException e) {
      return Kind.MALFORMED;
    }
    if (node == null || !node.isObject()) {
      return Kind.MALFORMED;
    }
    if (node.has("error") && !node.get("error").isNull()) {
      return Kind.ERROR;
    }
    for (JsonNode choice : node.path("choices")) {
      JsonNode delta = choice.path("delta");
      if (nonEmptyText(delta.get("content"))
          || nonEmptyText(delta.get("reasoning_content"))
          || nonEmptyText(delta.get("reasoning"))) {
        return Kind.CONTENT;
      }
    }
    return Kind.OTHER;
  }

  /** The {@code error.message} (or {@code error} string) of an error chunk, if any. */
  static String errorMessage(String data) {
    try {
      JsonNode error = JSON.readTree(data).path("error");
      return error.isTextual() ? error.asText() : error.path("message").asText(data);
    } catch (IOException e) {
      return data;
    }
  }

  private static boolean nonEmptyText(JsonNode node) {
    return node != null && node.isTextual() && !node.asText().isEmpty();
  }
}
