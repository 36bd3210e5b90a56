package dev.ttftgap.profile;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The JSON body of the streaming chat-completion request of a run, built once from the profile's
 * {@link RequestShape} (every user sends the same body, as the source articles' fixed-prompt runs
 * do).
 *
 * <p>Example, for {@code {"prompt": "Hi", "maxTokens": 64}} and model {@code Qwen3-8B}:
 *
 * <pre>{@code
 * {"model":"Qwen3-8B","messages":[{"role":"user","content":"Hi"}],"max_tokens":64,
 *  "temperature":0.0,"stream":true,"stream_options":{"include_usage":true}}
 * }</pre>
 *
 * <p>Model: the settings' ({@code LLM_MODEL}) wins over the profile's {@code request.model}; with
 * neither, {@code "model"} is left out and the server picks its default (vLLM and the embedded
 * engine accept that; a gateway that routes by model will answer 400, which names the problem).
 * {@code includeMetrics} adds {@code "include_metrics": true} (the embedded engine's and vLLM-style
 * flag for per-request timings on the last chunk). {@code includeUsage: false} leaves {@code
 * stream_options} out. This class builds the one fixed body of a shape (the experiments' and the
 * repeated prompt's); {@link RequestFactory} builds a body per request with the same writer.
 *
 * @param model the model id sent; empty when the body has no {@code "model"}
 * @param promptText the user message sent
 * @param json the request body, compact JSON
 */
record ChatRequestBody(Optional<String> model, String promptText, String json) {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /**
   * The body for {@code shape}, with {@code modelOverride} (the settings' model) winning over
   * {@code shape.model()}. Generates the prompt text once.
   */
  public static ChatRequestBody of(RequestShape shape, Optional<String> modelOverride) {
    Objects.requireNonNull(modelOverride, "modelOverride");
    Optional<String> model = modelOverride.or(shape::model);
    String promptText = shape.promptText();
    List<ChatMessage> messages = new ArrayList<>(2);
    shape
        .prompt()
        .systemPrompt()
        .ifPresent(system -> messages.add(new ChatMessage("system", system, 0)));
    messages.add(new ChatMessage("user", promptText, 0));
    return new ChatRequestBody(
        model, promptText, write(model, messages, shape.output().maxTokens(), shape));
  }

  /**
   * The body of one request: {@code messages} and {@code maxTokens} with the shape's settings
   * ({@code temperature}, usage, metrics), {@code ignore_eos} and {@code min_tokens} when the shape
   * forces the output length, then the shape's {@code extraBody} fields (validated when the profile
   * was read never to replace model, messages, stream or the length fields).
   */
  static String write(
      Optional<String> model, List<ChatMessage> messages, int maxTokens, RequestShape shape) {
    ObjectNode body = MAPPER.createObjectNode();
    model.ifPresent(id -> body.put("model", id));
    ArrayNode array = body.putArray("messages");
    for (ChatMessage message : messages) {
      array.addObject().put("role", message.role()).put("content", message.content());
    }
    body.put("max_tokens", maxTokens);
    body.put("temperature", shape.output().temperature());
    body.put("stream", true);
    if (shape.stream().includeUsage()) {
      body.putObject("stream_options").put("include_usage", true);
    }
    if (shape.stream().includeMetrics()) {
      body.put("include_metrics", true);
    }
    if (shape.output().forceOutputLength()) {
      body.put("ignore_eos", true);
      body.put("min_tokens", maxTokens);
    }
    shape
        .extras()
        .extraBody()
        .ifPresent(
            extra ->
                extra
                    .fields()
                    .forEachRemaining(e -> body.set(e.getKey(), e.getValue().deepCopy())));
    try {
      return MAPPER.writeValueAsString(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write a JSON tree of strings and numbers", e);
    }
  }

  /** The JSON body, as sent. */
  @Override
  public String toString() {
    return json;
  }
}
