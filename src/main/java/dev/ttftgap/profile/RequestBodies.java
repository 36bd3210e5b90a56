package dev.ttftgap.profile;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;

/**
 * The body of one request in the shape's API: the model, the API's own fields ({@link ApiBody}),
 * then what every API shares: {@code temperature}, {@code stream: true}, the engine's and vLLM's
 * {@code include_metrics}, {@code ignore_eos} and {@code min_tokens} when the shape forces the
 * output length, and last the shape's {@code extraBody} fields (validated when the profile was read
 * never to replace a field the body sends).
 */
final class RequestBodies {
  static final ObjectMapper MAPPER = new ObjectMapper();

  private RequestBodies() {}

  /** The body with the profile's tools. */
  static String write(
      Optional<String> model, List<ChatMessage> messages, int maxTokens, RequestShape shape) {
    return write(model, messages, maxTokens, shape, shape.api().tools());
  }

  /** The body offering {@code tools} (chat form; a dataset row's own, or the profile's). */
  static String write(
      Optional<String> model,
      List<ChatMessage> messages,
      int maxTokens,
      RequestShape shape,
      List<ObjectNode> tools) {
    ObjectNode body = MAPPER.createObjectNode();
    model.ifPresent(id -> body.put("model", id));
    ApiBody api = ApiBody.of(shape.api().api());
    api.writeInput(body, messages, maxTokens);
    if (api.sendsTemperature(shape)) {
      body.put("temperature", shape.output().temperature());
    }
    body.put("stream", true);
    api.writeOptions(body, shape, tools);
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
}
