package dev.ttftgap.profile;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The JSON body of the streaming request of a run (in the shape's API), built once from the
 * profile's {@link RequestShape} (every user sends the same body, as the source articles'
 * fixed-prompt runs do).
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

  /** The body of one request in the shape's API ({@link RequestBodies}). */
  static String write(
      Optional<String> model, List<ChatMessage> messages, int maxTokens, RequestShape shape) {
    return RequestBodies.write(model, messages, maxTokens, shape);
  }

  /** The JSON body, as sent. */
  @Override
  public String toString() {
    return json;
  }
}
