package dev.ttftgap.stream;

/**
 * One piece of a streamed tool (function) call, as a chunk carries it: the call's start (its id and
 * function name) and/or a piece of its JSON arguments. Chat streams it as {@code
 * choices[].delta.tool_calls[]}, Responses as {@code response.output_item.added} and {@code
 * response.function_call_arguments.delta}, Messages as a {@code tool_use} {@code
 * content_block_start} and {@code input_json_delta}s.
 *
 * @param index which call of the answer it belongs to (0 for the first), as the API numbers them
 * @param id the call's id when this piece carries it, else null
 * @param name the function name when this piece carries it, else null
 * @param argumentsDelta a piece of the call's JSON arguments, else null (may be empty)
 */
public record ToolCallDelta(int index, String id, String name, String argumentsDelta) {}
