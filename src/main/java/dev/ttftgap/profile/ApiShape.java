package dev.ttftgap.profile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.stream.Api;
import dev.ttftgap.stream.TtftKind;
import dev.ttftgap.validation.NonNull;
import java.util.List;
import java.util.Optional;

/**
 * Which API the requests speak and what they offer the model beyond the messages: tools, a tool
 * choice, a reasoning effort. Kept apart from the messages so that one message list becomes the
 * body of any API ({@link ApiBody}).
 *
 * @param api the streaming API ({@code request.api}); default chat
 * @param ttftFrom which first output the run's TTFT is ({@code request.ttftFrom}); default any
 * @param tools OpenAI chat function tools, {@code {"type":"function","function":{name, description,
 *     parameters}}}, as written; each API's writer reshapes them
 * @param toolChoice sent as {@code tool_choice}, as written (in the target API's own form)
 * @param reasoningEffort asked reasoning; empty = the body asks for none
 */
public record ApiShape(
    Api api,
    TtftKind ttftFrom,
    List<ObjectNode> tools,
    Optional<JsonNode> toolChoice,
    Optional<ReasoningEffort> reasoningEffort) {

  /** Chat completions, TTFT from any output, no tools, no reasoning asked. */
  public static final ApiShape CHAT =
      new ApiShape(Api.CHAT, TtftKind.ANY, List.of(), Optional.empty(), Optional.empty());

  public ApiShape {
    NonNull.check(
        "api ttftFrom tools toolChoice reasoningEffort",
        api,
        ttftFrom,
        tools,
        toolChoice,
        reasoningEffort);
    tools = tools.stream().map(ObjectNode::deepCopy).toList();
    toolChoice = toolChoice.map(JsonNode::deepCopy);
  }
}
