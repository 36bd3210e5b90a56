package dev.ttftgap.engine;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code POST /v1/responses} events, as OpenAI and vLLM stream them, each an {@code event:} line
 * and a {@code data:} object with the same {@code type} and a {@code sequence_number}: {@code
 * response.created}, {@code response.in_progress}; per output item {@code
 * response.output_item.added}, its deltas ({@code response.reasoning_text.delta}, {@code
 * response.output_text.delta} or {@code response.function_call_arguments.delta}), their {@code
 * .done} and {@code response.output_item.done}; then {@code response.completed} with the output and
 * {@code usage} (status {@code incomplete} when {@code max_output_tokens} cut the answer, as vLLM
 * sends it). A failure is {@code error}, then {@code response.failed}.
 */
final class ResponsesEncoder implements StreamEncoder {
  private final String id;
  private final ChatRequest request;
  private final long createdEpochSeconds;
  private final ArrayNode output = HttpResponses.JSON.createArrayNode();
  private final StringBuilder itemText = new StringBuilder();
  private int sequence;
  private OutputPart open;

  ResponsesEncoder(String id, ChatRequest request, long createdEpochSeconds) {
    this.id = id;
    this.request = request;
    this.createdEpochSeconds = createdEpochSeconds;
  }

  @Override
  public ByteBuf opening(ByteBufAllocator alloc) {
    SseText events = new SseText();
    emit(
        events,
        "response.created",
        typed("response.created").set("response", response("in_progress")));
    emit(
        events,
        "response.in_progress",
        typed("response.in_progress").set("response", response("in_progress")));
    return events.take(alloc);
  }

  @Override
  public ByteBuf token(ByteBufAllocator alloc, int index, byte[] word) {
    SseText events = new SseText();
    OutputPart part = request.part(index);
    if (part != open) {
      close(events);
      add(events, part);
    }
    String text = new String(word, StandardCharsets.UTF_8);
    String delta = text;
    if (part == OutputPart.TOOL_CALL) {
      delta =
          OfferedTool.argumentsPiece(
              request.toolCall().argument(),
              index - request.reasoningTokens(),
              request.outputTokens() - request.reasoningTokens(),
              text);
    }
    itemText.append(delta);
    String type =
        switch (part) {
          case REASONING -> "response.reasoning_text.delta";
          case CONTENT -> "response.output_text.delta";
          case TOOL_CALL -> "response.function_call_arguments.delta";
        };
    // the hot path: one small object per token, written by hand
    events.event(
        type,
        "{\"type\":\""
            + type
            + "\",\"sequence_number\":"
            + sequence++
            + ",\"item_id\":\""
            + itemId(part)
            + "\",\"output_index\":"
            + output.size()
            + (part == OutputPart.TOOL_CALL ? "" : ",\"content_index\":0")
            + ",\"delta\":"
            + SseText.quote(delta)
            + (part == OutputPart.CONTENT ? ",\"logprobs\":[]" : "")
            + "}");
    return events.take(alloc);
  }

  private String itemId(OutputPart part) {
    return switch (part) {
      case REASONING -> "rs_" + id;
      case CONTENT -> "msg_" + id;
      case TOOL_CALL -> "fc_" + id;
    };
  }

  private ObjectNode item(OutputPart part, String status, String text) {
    ObjectNode item = HttpResponses.JSON.createObjectNode().put("id", itemId(part));
    switch (part) {
      case REASONING -> {
        item.put("type", "reasoning").putArray("summary");
        ArrayNode content = item.putArray("content");
        if (status.equals("completed")) {
          content.addObject().put("type", "reasoning_text").put("text", text);
        }
      }
      case CONTENT -> {
        item.put("type", "message").put("role", "assistant");
        ArrayNode content = item.putArray("content");
        if (status.equals("completed")) {
          content.add(outputText(text));
        }
      }
      case TOOL_CALL ->
          item.put("type", "function_call")
              .put("call_id", "call_" + id)
              .put("name", request.toolCall().name())
              .put("arguments", text);
    }
    return item.put("status", status);
  }

  private static ObjectNode outputText(String text) {
    ObjectNode part = HttpResponses.JSON.createObjectNode().put("type", "output_text");
    part.put("text", text).putArray("annotations");
    return part;
  }

  private void add(SseText events, OutputPart part) {
    open = part;
    itemText.setLength(0);
    ObjectNode added = typed("response.output_item.added").put("output_index", output.size());
    emit(events, "response.output_item.added", added.set("item", item(part, "in_progress", "")));
    if (part == OutputPart.CONTENT) {
      ObjectNode partAdded = itemEvent("response.content_part.added", part);
      emit(events, "response.content_part.added", partAdded.set("part", outputText("")));
    }
  }

  private void close(SseText events) {
    if (open == null) {
      return;
    }
    String text = itemText.toString();
    switch (open) {
      case REASONING ->
          emit(
              events,
              "response.reasoning_text.done",
              itemEvent("response.reasoning_text.done", open).put("text", text));
      case CONTENT -> {
        emit(
            events,
            "response.output_text.done",
            itemEvent("response.output_text.done", open).put("text", text));
        ObjectNode done = itemEvent("response.content_part.done", open);
        emit(events, "response.content_part.done", done.set("part", outputText(text)));
      }
      case TOOL_CALL -> {
        ObjectNode done = itemEvent("response.function_call_arguments.done", open);
        done.remove("content_index");
        emit(events, "response.function_call_arguments.done", done.put("arguments", text));
      }
    }
    ObjectNode item = item(open, "completed", text);
    ObjectNode done = typed("response.output_item.done").put("output_index", output.size());
    emit(events, "response.output_item.done", done.set("item", item));
    output.add(item);
    open = null;
  }

  private ObjectNode itemEvent(String type, OutputPart part) {
    return typed(type)
        .put("item_id", itemId(part))
        .put("output_index", output.size())
        .put("content_index", 0);
  }

  private ObjectNode typed(String type) {
    return HttpResponses.JSON
        .createObjectNode()
        .put("type", type)
        .put("sequence_number", sequence++);
  }

  private ObjectNode response(String status) {
    ObjectNode response = HttpResponses.JSON.createObjectNode();
    response.put("id", id).put("object", "response").put("created_at", createdEpochSeconds);
    response.put("status", status).put("model", request.profile().name());
    response.set("output", output.deepCopy());
    return response;
  }

  /**
   * The response of a finished answer, as {@code response.completed} carries it: the output items,
   * status {@code incomplete} when {@code max_output_tokens} cut it, and {@code usage}.
   */
  private ObjectNode finished(int completionTokens) {
    boolean cut = request.finishReason().equals("length");
    ObjectNode response = response(cut ? "incomplete" : "completed");
    if (cut) {
      response.putObject("incomplete_details").put("reason", "max_output_tokens");
    }
    int prompt = request.promptTokens();
    ObjectNode usage = response.putObject("usage").put("input_tokens", prompt);
    usage.putObject("input_tokens_details").put("cached_tokens", 0);
    usage.put("output_tokens", completionTokens);
    usage
        .putObject("output_tokens_details")
        .put("reasoning_tokens", Math.min(completionTokens, request.reasoningTokens()));
    usage.put("total_tokens", prompt + completionTokens);
    return response;
  }

  /**
   * The whole response of a non-streaming request ({@link WholeReply}): the same object as the
   * stream's {@code response.completed}, its items made at once from the {@code words} served.
   */
  ObjectNode whole(WholeReply.Words words, int completionTokens) {
    if (!words.reasoning().isEmpty()) {
      output.add(item(OutputPart.REASONING, "completed", words.reasoning()));
    }
    output.add(
        request.toolCall() == null
            ? item(OutputPart.CONTENT, "completed", words.text())
            : item(OutputPart.TOOL_CALL, "completed", request.toolArguments(completionTokens)));
    return finished(completionTokens);
  }

  private static void emit(SseText events, String type, ObjectNode event) {
    events.event(type, event.toString());
  }

  @Override
  public List<ByteBuf> ending(
      ByteBufAllocator alloc, int completionTokens, String metricsJson, boolean done) {
    SseText events = new SseText();
    close(events);
    if (done) {
      ObjectNode response = finished(completionTokens);
      if (metricsJson != null) {
        response.putRawValue("metrics", new RawValue(metricsJson));
      }
      emit(events, "response.completed", typed("response.completed").set("response", response));
    }
    return events.isEmpty() ? List.of() : List.of(events.take(alloc));
  }

  @Override
  public ByteBuf failure(ByteBufAllocator alloc, String message) {
    SseText events = new SseText();
    ObjectNode error = typed("error").put("code", "server_error").put("message", message);
    emit(events, "error", error.putNull("param"));
    ObjectNode response = response("failed");
    response.putObject("error").put("code", "server_error").put("message", message);
    emit(events, "response.failed", typed("response.failed").set("response", response));
    return events.take(alloc);
  }
}
