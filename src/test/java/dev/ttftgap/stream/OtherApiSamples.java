package dev.ttftgap.stream;

import static dev.ttftgap.stream.SampleStreams.Expected.DONE;
import static dev.ttftgap.stream.SampleStreams.Expected.EMPTY;
import static dev.ttftgap.stream.SampleStreams.Expected.ERROR;
import static dev.ttftgap.stream.SampleStreams.Expected.ROLE_ONLY;
import static dev.ttftgap.stream.SampleStreams.Expected.TOOL_CALL;
import static dev.ttftgap.stream.SampleStreams.Expected.USAGE;
import static dev.ttftgap.stream.SampleStreams.Expected.content;
import static dev.ttftgap.stream.SampleStreams.Expected.reasoning;

import dev.ttftgap.stream.SampleStreams.Sample;
import java.util.List;

/**
 * Recorded-style streams of tool calls and of the other APIs (completions, Responses, Messages),
 * each with the chunk kinds and texts it must classify to; part of {@link SampleStreams#ALL}.
 */
public final class OtherApiSamples {

  /**
   * vLLM with {@code --enable-auto-tool-choice}: two parallel calls, each opened by a piece with
   * its id and name, then argument pieces by index; {@code finish_reason: tool_calls}.
   */
  static final Sample CHAT_TOOL_CALLS =
      new Sample(
          "chat-parallel-tool-calls",
          """
          data: {"id":"chatcmpl-t1","object":"chat.completion.chunk","choices":[{"index":0,\
          "delta":{"role":"assistant","content":null},"finish_reason":null}]}

          data: {"id":"chatcmpl-t1","object":"chat.completion.chunk","choices":[{"index":0,\
          "delta":{"tool_calls":[{"index":0,"id":"call_a","type":"function",\
          "function":{"name":"get_weather","arguments":""}}]},"finish_reason":null}]}

          data: {"id":"chatcmpl-t1","object":"chat.completion.chunk","choices":[{"index":0,\
          "delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\\"city\\": \\"Zürich"}}]},\
          "finish_reason":null}]}

          data: {"id":"chatcmpl-t1","object":"chat.completion.chunk","choices":[{"index":0,\
          "delta":{"tool_calls":[{"index":1,"id":"call_b","type":"function",\
          "function":{"name":"get_time","arguments":"{\\"tz\\": \\"東京\\"}"}}]},"finish_reason":null}]}

          data: {"id":"chatcmpl-t1","object":"chat.completion.chunk","choices":[{"index":0,\
          "delta":{"tool_calls":[{"index":0,"function":{"arguments":"\\"}"}}]},"finish_reason":null}]}

          data: {"id":"chatcmpl-t1","object":"chat.completion.chunk","choices":[{"index":0,\
          "delta":{},"finish_reason":"tool_calls"}]}

          data: {"id":"chatcmpl-t1","object":"chat.completion.chunk","choices":[],\
          "usage":{"prompt_tokens":80,"completion_tokens":24,"total_tokens":104}}

          data: [DONE]

          """,
          List.of(ROLE_ONLY, TOOL_CALL, TOOL_CALL, TOOL_CALL, TOOL_CALL, EMPTY, USAGE, DONE));

  /** vLLM's legacy {@code /v1/completions} stream ({@code vllm bench serve}'s default). */
  static final Sample COMPLETIONS =
      new Sample(
          "completions",
          Api.COMPLETIONS,
          """
          data: {"id":"cmpl-9","object":"text_completion","created":1764470000,"model":"m",\
          "choices":[{"index":0,"text":"Once","logprobs":null,"finish_reason":null,\
          "stop_reason":null}],"usage":null}

          data: {"id":"cmpl-9","object":"text_completion","created":1764470000,"model":"m",\
          "choices":[{"index":0,"text":" upon 🕰","logprobs":null,"finish_reason":null,\
          "stop_reason":null}],"usage":null}

          data: {"id":"cmpl-9","object":"text_completion","created":1764470000,"model":"m",\
          "choices":[{"index":0,"text":"","logprobs":null,"finish_reason":"length",\
          "stop_reason":null}],"usage":null}

          data: {"id":"cmpl-9","object":"text_completion","created":1764470000,"model":"m",\
          "choices":[],"usage":{"prompt_tokens":5,"total_tokens":8,"completion_tokens":3}}

          data: [DONE]

          """,
          List.of(content("Once"), content(" upon 🕰"), EMPTY, USAGE, DONE));

  /**
   * OpenAI Responses: reasoning summary, a function call (item added, argument deltas), then text;
   * {@code event:} names next to the {@code type}s, no {@code [DONE]}.
   */
  static final Sample RESPONSES =
      new Sample(
          "responses",
          Api.RESPONSES,
          """
          event: response.created
          data: {"type":"response.created","sequence_number":0,"response":{"id":"resp_1",\
          "object":"response","status":"in_progress","output":[],"usage":null}}

          event: response.in_progress
          data: {"type":"response.in_progress","sequence_number":1,"response":{"id":"resp_1",\
          "status":"in_progress"}}

          event: response.output_item.added
          data: {"type":"response.output_item.added","sequence_number":2,"output_index":0,\
          "item":{"id":"rs_1","type":"reasoning","summary":[]}}

          event: response.reasoning_summary_text.delta
          data: {"type":"response.reasoning_summary_text.delta","sequence_number":3,\
          "item_id":"rs_1","output_index":0,"summary_index":0,"delta":"Weather → tool"}

          event: response.output_item.added
          data: {"type":"response.output_item.added","sequence_number":4,"output_index":1,\
          "item":{"id":"fc_1","type":"function_call","status":"in_progress","arguments":"",\
          "call_id":"call_r1","name":"get_weather"}}

          event: response.function_call_arguments.delta
          data: {"type":"response.function_call_arguments.delta","sequence_number":5,\
          "item_id":"fc_1","output_index":1,"delta":"{\\"city\\":\\"Köln\\"}"}

          event: response.function_call_arguments.done
          data: {"type":"response.function_call_arguments.done","sequence_number":6,\
          "item_id":"fc_1","output_index":1,"arguments":"{\\"city\\":\\"Köln\\"}"}

          event: response.output_text.delta
          data: {"type":"response.output_text.delta","sequence_number":7,"item_id":"msg_1",\
          "output_index":2,"content_index":0,"delta":"Checking ☁"}

          event: response.output_text.done
          data: {"type":"response.output_text.done","sequence_number":8,"item_id":"msg_1",\
          "output_index":2,"content_index":0,"text":"Checking ☁"}

          event: response.completed
          data: {"type":"response.completed","sequence_number":9,"response":{"id":"resp_1",\
          "status":"completed","output":[{"type":"reasoning","id":"rs_1"},\
          {"type":"function_call","id":"fc_1"},{"type":"message","id":"msg_1"}],\
          "usage":{"input_tokens":36,"output_tokens":87,"total_tokens":123}}}

          """,
          List.of(
              ROLE_ONLY,
              ROLE_ONLY,
              EMPTY,
              reasoning("Weather → tool"),
              TOOL_CALL,
              TOOL_CALL,
              EMPTY,
              content("Checking ☁"),
              EMPTY,
              DONE));

  /** Anthropic Messages: thinking, text, a tool_use block, ping, message_delta, message_stop. */
  static final Sample MESSAGES =
      new Sample(
          "messages",
          Api.MESSAGES,
          """
          event: message_start
          data: {"type":"message_start","message":{"id":"msg_01","type":"message",\
          "role":"assistant","content":[],"model":"claude","stop_reason":null,\
          "usage":{"input_tokens":472,"output_tokens":2}}}

          event: content_block_start
          data: {"type":"content_block_start","index":0,"content_block":{"type":"thinking",\
          "thinking":""}}

          event: content_block_delta
          data: {"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta",\
          "thinking":"Need the weather…"}}

          event: content_block_delta
          data: {"type":"content_block_delta","index":0,"delta":{"type":"signature_delta",\
          "signature":"EqQB"}}

          event: content_block_stop
          data: {"type":"content_block_stop","index":0}

          event: ping
          data: {"type": "ping"}

          event: content_block_start
          data: {"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}

          event: content_block_delta
          data: {"type":"content_block_delta","index":1,"delta":{"type":"text_delta",\
          "text":"Let me check 🌦"}}

          event: content_block_start
          data: {"type":"content_block_start","index":2,"content_block":{"type":"tool_use",\
          "id":"toolu_01","name":"get_weather","input":{}}}

          event: content_block_delta
          data: {"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta",\
          "partial_json":""}}

          event: content_block_delta
          data: {"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta",\
          "partial_json":"{\\"city\\": \\"Paris\\"}"}}

          event: content_block_stop
          data: {"type":"content_block_stop","index":2}

          event: message_delta
          data: {"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},\
          "usage":{"output_tokens":89}}

          event: message_stop
          data: {"type":"message_stop"}

          """,
          List.of(
              ROLE_ONLY,
              EMPTY,
              reasoning("Need the weather…"),
              EMPTY,
              EMPTY,
              EMPTY,
              EMPTY,
              content("Let me check 🌦"),
              TOOL_CALL,
              EMPTY,
              TOOL_CALL,
              EMPTY,
              USAGE,
              DONE));

  /** An overloaded Messages stream: {@code event: error} after the start. */
  static final Sample MESSAGES_OVERLOADED =
      new Sample(
          "messages-overloaded",
          Api.MESSAGES,
          """
          event: message_start
          data: {"type":"message_start","message":{"id":"msg_02","usage":{"input_tokens":9}}}

          event: error
          data: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}

          """,
          List.of(ROLE_ONLY, ERROR));

  /** Every sample of this class. */
  public static final List<Sample> ALL =
      List.of(CHAT_TOOL_CALLS, COMPLETIONS, RESPONSES, MESSAGES, MESSAGES_OVERLOADED);

  private OtherApiSamples() {}
}
