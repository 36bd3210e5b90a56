package dev.ttftgap.preflight;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.stream.Api;
import java.io.IOException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which API a stream is in, read from the shape of its events alone, so that the preflight can say
 * "this URL speaks another API" whatever the configured API's grammar makes of them.
 *
 * <p>Algorithm overview: an event is Responses when its {@code event:} name or its data's {@code
 * type} starts with {@code response.}; Messages when either is one of Anthropic's stream events
 * ({@code message_start}, {@code content_block_delta}…); chat when its data has {@code
 * "object":"chat.completion.chunk"} or a choice with a {@code delta}; completions when {@code
 * "object":"text_completion"} or a choice with a {@code text}. Anything else ({@code [DONE]}, which
 * both OpenAI completion APIs send, {@code ping}, errors, comments) says nothing. A stream is in
 * the API most of its telling events are in (the first seen on a tie).
 *
 * <p>Assumption: gateways keep each API's event shapes as the providers define them; a server that
 * mixed two shapes in one stream is reported as the majority's.
 */
final class ApiShapes {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> MESSAGES_EVENTS =
      Set.of(
          "message_start",
          "content_block_start",
          "content_block_delta",
          "content_block_stop",
          "message_delta",
          "message_stop");

  private ApiShapes() {}

  /** The API of one event: its {@code event:} name (null when none) and data; empty if unknown. */
  static Optional<Api> of(String eventName, String data) {
    Optional<Api> named = ofType(eventName);
    if (named.isPresent()) {
      return named;
    }
    JsonNode root;
    try {
      root = JSON.readTree(data == null ? "" : data);
    } catch (IOException e) {
      return Optional.empty();
    }
    if (root == null || !root.isObject()) {
      return Optional.empty();
    }
    Optional<Api> typed = ofType(root.path("type").asText(null));
    if (typed.isPresent()) {
      return typed;
    }
    String object = root.path("object").asText("");
    if (object.equals("chat.completion.chunk")) {
      return Optional.of(Api.CHAT);
    }
    if (object.equals("text_completion")) {
      return Optional.of(Api.COMPLETIONS);
    }
    for (JsonNode choice : root.path("choices")) {
      if (choice.has("delta")) {
        return Optional.of(Api.CHAT);
      }
      if (choice.has("text")) {
        return Optional.of(Api.COMPLETIONS);
      }
    }
    return Optional.empty();
  }

  /** The API most of the stream's telling events are in; empty when none tells. */
  static Optional<Api> of(List<SseRecorder.Event> events) {
    Map<Api, Integer> counts = new EnumMap<>(Api.class);
    Api first = null;
    for (SseRecorder.Event event : events) {
      Optional<Api> api = of(event.name(), event.data());
      if (api.isPresent()) {
        first = first == null ? api.get() : first;
        counts.merge(api.get(), 1, Integer::sum);
      }
    }
    Api best = first;
    for (Map.Entry<Api, Integer> entry : counts.entrySet()) {
      if (entry.getValue() > counts.get(best)) {
        best = entry.getKey();
      }
    }
    return Optional.ofNullable(best);
  }

  /**
   * Whether {@code body} is a whole, non-streaming answer of {@code api} ({@code choices[].message}
   * of chat, {@code choices[].text} of completions, a {@code response} object, a Messages {@code
   * message}): the endpoint speaks the API but ignored {@code stream: true}.
   */
  static boolean wholeAnswer(Api api, String body) {
    JsonNode root;
    try {
      root = JSON.readTree(body == null ? "" : body);
    } catch (IOException e) {
      return false;
    }
    if (root == null || !root.isObject()) {
      return false;
    }
    JsonNode choice = root.path("choices").path(0);
    return switch (api) {
      case CHAT -> choice.has("message");
      case COMPLETIONS -> choice.has("text");
      case RESPONSES -> root.path("object").asText("").equals("response");
      case MESSAGES -> root.path("type").asText("").equals("message");
    };
  }

  /**
   * What diagnoses say of each API: one row per API (named as {@link Api}'s constants), so that the
   * words for one API are read together and a new API is one row.
   */
  private enum Words {
    CHAT(
        "chat completions",
        "chunks with choices[].delta",
        "choices[].delta.content",
        "data: [DONE]"),
    COMPLETIONS(
        "legacy completions", "chunks with choices[].text", "choices[].text", "data: [DONE]"),
    RESPONSES(
        "OpenAI Responses",
        "response.* events",
        "response.output_text.delta events",
        "response.completed"),
    MESSAGES(
        "Anthropic Messages",
        "content_block_delta events",
        "content_block_delta events",
        "message_stop");

    final String noun;
    final String marks;
    final String answerField;
    final String endEvent;

    Words(String noun, String marks, String answerField, String endEvent) {
      this.noun = noun;
      this.marks = marks;
      this.answerField = answerField;
      this.endEvent = endEvent;
    }

    static Words of(Api api) {
      return valueOf(api.name());
    }
  }

  /** The API by name, for diagnoses: "chat completions", "Anthropic Messages"… */
  static String noun(Api api) {
    return Words.of(api).noun;
  }

  /** What marks a stream of {@code api}, for diagnoses. */
  static String marks(Api api) {
    return Words.of(api).marks;
  }

  /** Where {@code api}'s stream carries the answer, for a diagnosis of a stream without any. */
  static String answerField(Api api) {
    return Words.of(api).answerField;
  }

  /** The event that ends a complete stream of {@code api}. */
  static String endEvent(Api api) {
    return Words.of(api).endEvent;
  }

  private static Optional<Api> ofType(String type) {
    if (type == null) {
      return Optional.empty();
    }
    if (type.startsWith("response.")) {
      return Optional.of(Api.RESPONSES);
    }
    return MESSAGES_EVENTS.contains(type) ? Optional.of(Api.MESSAGES) : Optional.empty();
  }
}
