package dev.ttftgap.preflight;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.stream.Api;

/**
 * The smallest valid request body of each API, for the preflight's probes: the model, one user
 * prompt, a token limit and {@code stream}. The load's own request writers carry far more (tools,
 * history, extra body); a probe needs only what each API requires, so it is written here from
 * scratch rather than borrowed from the glue.
 *
 * <ul>
 *   <li>chat: {@code messages}, {@code max_tokens}, {@code temperature 0}, usage asked when
 *       streaming ({@code stream_options.include_usage});
 *   <li>completions: {@code prompt}, {@code max_tokens}, {@code temperature 0}, usage likewise;
 *   <li>responses: {@code input}, {@code max_output_tokens} (at least {@value
 *       #RESPONSES_MIN_TOKENS}, OpenAI's minimum);
 *   <li>messages: {@code messages}, {@code max_tokens} (required by Anthropic).
 * </ul>
 */
final class ProbeBodies {
  static final int RESPONSES_MIN_TOKENS = 16;
  private static final ObjectMapper JSON = new ObjectMapper();

  private ProbeBodies() {}

  static ObjectNode of(Api api, String model, boolean stream, String prompt, int maxTokens) {
    ObjectNode body = JSON.createObjectNode();
    body.put("model", model);
    switch (api) {
      case CHAT -> {
        body.putArray("messages").addObject().put("role", "user").put("content", prompt);
        body.put("max_tokens", maxTokens);
        body.put("temperature", 0);
      }
      case COMPLETIONS -> {
        body.put("prompt", prompt);
        body.put("max_tokens", maxTokens);
        body.put("temperature", 0);
      }
      case RESPONSES -> {
        body.put("input", prompt);
        body.put("max_output_tokens", Math.max(RESPONSES_MIN_TOKENS, maxTokens));
      }
      case MESSAGES -> {
        body.putArray("messages").addObject().put("role", "user").put("content", prompt);
        body.put("max_tokens", maxTokens);
      }
    }
    body.put("stream", stream);
    if (stream && (api == Api.CHAT || api == Api.COMPLETIONS)) {
      body.putObject("stream_options").put("include_usage", true);
    }
    return body;
  }
}
