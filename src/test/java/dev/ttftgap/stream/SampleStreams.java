package dev.ttftgap.stream;

import java.util.List;

/**
 * Recorded-style stream bodies (chat completions, completions, Responses, Messages) of the servers
 * the tool meets, each with the chunk kinds and texts it must classify to. Shapes follow what each
 * server really sends (field order, {@code null}s, usage and timing objects); texts mix ASCII,
 * Chinese and emoji so that splits fall inside multi-byte UTF-8 characters.
 */
public final class SampleStreams {

  /** A body of a stream of {@code api} and the (kind, text) sequence its events classify to. */
  public record Sample(String name, Api api, String body, List<Expected> expected) {
    /** A chat-completion sample. */
    public Sample(String name, String body, List<Expected> expected) {
      this(name, Api.CHAT, body, expected);
    }

    /** The chunk of one decoded event of this sample. */
    public Chunk classify(SseEvent event) {
      return ChunkClassifier.classify(api, event.event(), event.data());
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /** One expected chunk: its kind and its text (null when it has none). */
  record Expected(ChunkKind kind, String text) {
    static Expected of(Chunk chunk) {
      return new Expected(chunk.kind(), chunk.text());
    }
  }

  private static final Expected ROLE_ONLY = new Expected(ChunkKind.ROLE_ONLY, null);
  private static final Expected EMPTY = new Expected(ChunkKind.EMPTY, null);
  private static final Expected USAGE = new Expected(ChunkKind.USAGE, null);
  private static final Expected ERROR = new Expected(ChunkKind.ERROR, null);
  private static final Expected DONE = new Expected(ChunkKind.DONE, null);

  private static Expected content(String text) {
    return new Expected(ChunkKind.CONTENT, text);
  }

  private static Expected reasoning(String text) {
    return new Expected(ChunkKind.REASONING, text);
  }

  private static final Expected TOOL_CALL = new Expected(ChunkKind.TOOL_CALL, null);

  static final Sample VLLM =
      new Sample(
          "vllm",
          """
          data: {"id":"chatcmpl-7f3a","object":"chat.completion.chunk","created":1764470000,\
          "model":"Qwen/Qwen2.5-7B-Instruct","choices":[{"index":0,"delta":{"role":"assistant",\
          "content":""},"logprobs":null,"finish_reason":null}]}

          data: {"id":"chatcmpl-7f3a","object":"chat.completion.chunk","created":1764470000,\
          "model":"Qwen/Qwen2.5-7B-Instruct","choices":[{"index":0,"delta":{"content":"你好"},\
          "logprobs":null,"finish_reason":null}]}

          data: {"id":"chatcmpl-7f3a","object":"chat.completion.chunk","created":1764470000,\
          "model":"Qwen/Qwen2.5-7B-Instruct","choices":[{"index":0,"delta":{"content":"，世界 🌍"},\
          "logprobs":null,"finish_reason":null}]}

          data: {"id":"chatcmpl-7f3a","object":"chat.completion.chunk","created":1764470000,\
          "model":"Qwen/Qwen2.5-7B-Instruct","choices":[{"index":0,"delta":{"content":" "},\
          "logprobs":null,"finish_reason":null}]}

          data: {"id":"chatcmpl-7f3a","object":"chat.completion.chunk","created":1764470000,\
          "model":"Qwen/Qwen2.5-7B-Instruct","choices":[{"index":0,"delta":{"content":""},\
          "logprobs":null,"finish_reason":"stop","stop_reason":null}],\
          "metrics":{"queue_time_ms":812.5,"time_to_first_token_ms":930.0,"model_forward_time_ms":41}}

          data: {"id":"chatcmpl-7f3a","object":"chat.completion.chunk","created":1764470000,\
          "model":"Qwen/Qwen2.5-7B-Instruct","choices":[],\
          "usage":{"prompt_tokens":21,"total_tokens":26,"completion_tokens":5}}

          data: [DONE]

          """,
          List.of(ROLE_ONLY, content("你好"), content("，世界 🌍"), content(" "), EMPTY, USAGE, DONE));

  /** SGLang style, with CRLF line ends and {@code "usage":null} on every chunk. */
  static final Sample SGLANG =
      new Sample(
          "sglang-crlf",
          """
          data: {"id":"5c1e0b","object":"chat.completion.chunk","created":1764470001,\
          "model":"default","choices":[{"index":0,"delta":{"role":"assistant","content":"Hé",\
          "reasoning_content":null,"tool_calls":null},"logprobs":null,"finish_reason":null,\
          "matched_stop":null}],"usage":null}

          data: {"id":"5c1e0b","object":"chat.completion.chunk","created":1764470001,\
          "model":"default","choices":[{"index":0,"delta":{"role":null,"content":"llo 😀",\
          "reasoning_content":null,"tool_calls":null},"logprobs":null,"finish_reason":null,\
          "matched_stop":null}],"usage":null}

          data: {"id":"5c1e0b","object":"chat.completion.chunk","created":1764470001,\
          "model":"default","choices":[{"index":0,"delta":{"role":null,"content":null,\
          "reasoning_content":null,"tool_calls":null},"logprobs":null,"finish_reason":"length",\
          "matched_stop":null}],"usage":null}

          data: {"id":"5c1e0b","object":"chat.completion.chunk","created":1764470001,\
          "model":"default","choices":[],"usage":{"prompt_tokens":9,"total_tokens":11,\
          "completion_tokens":2,"prompt_tokens_details":null}}

          data: [DONE]

          """
              .replace("\n", "\r\n"),
          List.of(content("Hé"), content("llo 😀"), EMPTY, USAGE, DONE));

  /** llama.cpp server: no role chunk, {@code timings} and usage on the finish chunk. */
  static final Sample LLAMA_CPP =
      new Sample(
          "llama.cpp",
          """
          data: {"choices":[{"finish_reason":null,"index":0,"delta":{"content":"Ça"}}],\
          "created":1764470002,"id":"chatcmpl-Qx2","model":"gpt-3.5-turbo",\
          "system_fingerprint":"b6100-abcdef","object":"chat.completion.chunk"}

          data: {"choices":[{"finish_reason":null,"index":0,"delta":{"content":" va\\n"}}],\
          "created":1764470002,"id":"chatcmpl-Qx2","model":"gpt-3.5-turbo",\
          "system_fingerprint":"b6100-abcdef","object":"chat.completion.chunk"}

          data: {"choices":[{"finish_reason":"stop","index":0,"delta":{}}],"created":1764470002,\
          "id":"chatcmpl-Qx2","model":"gpt-3.5-turbo","system_fingerprint":"b6100-abcdef",\
          "object":"chat.completion.chunk","usage":{"completion_tokens":3,"prompt_tokens":14,\
          "total_tokens":17},"timings":{"prompt_n":14,"prompt_ms":35.2,"prompt_per_token_ms":2.514,\
          "prompt_per_second":397.7,"predicted_n":3,"predicted_ms":61.0,\
          "predicted_per_token_ms":20.33,"predicted_per_second":49.18}}

          data: [DONE]

          """,
          List.of(content("Ça"), content(" va\n"), EMPTY, DONE));

  /** A reasoning model (DeepSeek-R1 style via vLLM): reasoning first, then the answer. */
  static final Sample REASONING =
      new Sample(
          "reasoning",
          """
          data: {"id":"chatcmpl-r1","object":"chat.completion.chunk","created":1764470003,\
          "model":"deepseek-r1","choices":[{"index":0,"delta":{"role":"assistant","content":null,\
          "reasoning_content":""},"finish_reason":null}]}

          data: {"id":"chatcmpl-r1","object":"chat.completion.chunk","created":1764470003,\
          "model":"deepseek-r1","choices":[{"index":0,"delta":{"reasoning_content":"嗯，想想"},\
          "finish_reason":null}]}

          data: {"id":"chatcmpl-r1","object":"chat.completion.chunk","created":1764470003,\
          "model":"deepseek-r1","choices":[{"index":0,"delta":{"reasoning":"…🤔",\
          "reasoning_content":"…🤔"},"finish_reason":null}]}

          data: {"id":"chatcmpl-r1","object":"chat.completion.chunk","created":1764470003,\
          "model":"deepseek-r1","choices":[{"index":0,"delta":{"content":"42",\
          "reasoning_content":null},"finish_reason":null}]}

          data: {"id":"chatcmpl-r1","object":"chat.completion.chunk","created":1764470003,\
          "model":"deepseek-r1","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}

          data: [DONE]

          """,
          List.of(ROLE_ONLY, reasoning("嗯，想想"), reasoning("…🤔"), content("42"), EMPTY, DONE));

  /** A gateway's rate limiter answering 200 and then an error object, without [DONE]. */
  static final Sample RATE_LIMITED =
      new Sample(
          "rate-limiter-error",
          """
          event: error
          data: {"error":{"message":"Rate limit exceeded: 60 requests per minute. Réessayez.",\
          "type":"rate_limit_error","param":null,"code":"rate_limit_exceeded"}}

          """,
          List.of(ERROR));

  /**
   * Heartbeats and SSE fields around the chunks: comment lines, {@code event}/{@code id}/{@code
   * retry} fields, a multi-line data payload, a bare CR line end, a vLLM-style in-stream error.
   */
  static final Sample HEARTBEATS =
      new Sample(
          "heartbeats",
          ": ping\n\n"
              + ":\n"
              + "retry: 3000\n"
              + "id: 1\n"
              + "event: message\n"
              + "data:"
              + " {\"id\":\"c-1\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\"}}]}\n"
              + "\n"
              + ": keep-alive 2026-11-30T03:00:00Z\n"
              + "data: {\"id\":\"c-1\",\"choices\":[{\"index\":0,\n"
              + "data: \"delta\":{\"content\":\"多行\"}}]}\r\r"
              + "id: 2\n"
              + ": ping\n"
              + "data:{\"object\":\"error\",\"message\":\"KV cache exhausted"
              + " 🔥\",\"type\":\"InternalServerError\",\"param\":null,\"code\":500}\n\n"
              + "data: [DONE]\n\n",
          List.of(ROLE_ONLY, content("多行"), ERROR, DONE));

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

  /** Chat, completions, Responses and Messages samples of tool calls, reasoning and errors. */
  public static final List<Sample> OTHER_APIS =
      List.of(CHAT_TOOL_CALLS, COMPLETIONS, RESPONSES, MESSAGES, MESSAGES_OVERLOADED);

  /** The chat samples, each as its server sends it. */
  public static final List<Sample> CHAT =
      List.of(VLLM, SGLANG, LLAMA_CPP, REASONING, RATE_LIMITED, HEARTBEATS);

  /** Every sample, of every API. */
  public static final List<Sample> ALL =
      java.util.stream.Stream.concat(CHAT.stream(), OTHER_APIS.stream()).toList();

  private SampleStreams() {}
}
