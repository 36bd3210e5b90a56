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
    static final Expected ROLE_ONLY = new Expected(ChunkKind.ROLE_ONLY, null);
    static final Expected EMPTY = new Expected(ChunkKind.EMPTY, null);
    static final Expected USAGE = new Expected(ChunkKind.USAGE, null);
    static final Expected ERROR = new Expected(ChunkKind.ERROR, null);
    static final Expected DONE = new Expected(ChunkKind.DONE, null);
    static final Expected TOOL_CALL = new Expected(ChunkKind.TOOL_CALL, null);

    static Expected of(Chunk chunk) {
      return new Expected(chunk.kind(), chunk.text());
    }

    static Expected content(String text) {
      return new Expected(ChunkKind.CONTENT, text);
    }

    static Expected reasoning(String text) {
      return new Expected(ChunkKind.REASONING, text);
    }
  }

  private static final Expected ROLE_ONLY = Expected.ROLE_ONLY;
  private static final Expected EMPTY = Expected.EMPTY;
  private static final Expected USAGE = Expected.USAGE;
  private static final Expected ERROR = Expected.ERROR;
  private static final Expected DONE = Expected.DONE;

  private static Expected content(String text) {
    return Expected.content(text);
  }

  private static Expected reasoning(String text) {
    return Expected.reasoning(text);
  }

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

  /** The chat samples, each as its server sends it. */
  public static final List<Sample> CHAT =
      List.of(VLLM, SGLANG, LLAMA_CPP, REASONING, RATE_LIMITED, HEARTBEATS);

  /** Every sample, of every API. */
  public static final List<Sample> ALL =
      java.util.stream.Stream.concat(CHAT.stream(), OtherApiSamples.ALL.stream()).toList();

  private SampleStreams() {}
}
