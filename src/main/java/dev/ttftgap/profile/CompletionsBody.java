package dev.ttftgap.profile;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;

/**
 * OpenAI legacy completions, what {@code vllm bench serve} sends by default: {@code prompt}, {@code
 * max_tokens}, {@code stream_options.include_usage}. A request of one user message sends its text
 * as the prompt, as a benchmark does; a conversation is flattened to {@code "User: …\n\nAssistant:
 * …\n\nUser: …\n\nAssistant:"} (the server applies no chat template). No tools (the profile refuses
 * them).
 */
final class CompletionsBody implements ApiBody {
  @Override
  public void writeInput(ObjectNode body, List<ChatMessage> messages, int maxTokens) {
    body.put("prompt", prompt(messages));
    body.put("max_tokens", maxTokens);
  }

  @Override
  public void writeOptions(ObjectNode body, RequestShape shape, List<ObjectNode> tools) {
    if (shape.stream().includeUsage()) {
      body.putObject("stream_options").put("include_usage", true);
    }
  }

  /** The messages as one text: the lone user message as is, else labelled turns. */
  static String prompt(List<ChatMessage> messages) {
    if (messages.size() == 1 && messages.get(0).role().equals("user")) {
      return messages.get(0).content();
    }
    StringBuilder text = new StringBuilder();
    for (ChatMessage message : messages) {
      String role = message.role();
      text.append(role.substring(0, 1).toUpperCase(Locale.ROOT))
          .append(role.substring(1))
          .append(": ")
          .append(message.content())
          .append("\n\n");
    }
    return text.append("Assistant:").toString();
  }
}
