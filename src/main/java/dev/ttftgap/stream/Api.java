package dev.ttftgap.stream;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The streaming APIs the tool speaks: each has its request body, its path under the API root, its
 * event grammar ({@link ChunkClassifier#classify}) and its usage and error shapes.
 *
 * <ul>
 *   <li>{@link #CHAT}: OpenAI chat completions, {@code POST /v1/chat/completions}, {@code data:}
 *       chunks with {@code choices[].delta}, ended by {@code data: [DONE]};
 *   <li>{@link #COMPLETIONS}: OpenAI legacy completions, {@code POST /v1/completions} (what {@code
 *       vllm bench serve} sends by default), {@code choices[].text}, ended by {@code [DONE]};
 *   <li>{@link #RESPONSES}: OpenAI Responses, {@code POST /v1/responses}, typed events ({@code
 *       response.output_text.delta}, …), ended by {@code response.completed};
 *   <li>{@link #MESSAGES}: Anthropic Messages, {@code POST /v1/messages}, typed events ({@code
 *       content_block_delta}, …), ended by {@code message_stop}; {@code x-api-key} and {@code
 *       anthropic-version} headers.
 * </ul>
 */
public enum Api {
  CHAT("chat", "chat/completions"),
  COMPLETIONS("completions", "completions"),
  RESPONSES("responses", "responses"),
  MESSAGES("messages", "messages");

  private final String id;
  private final String path;

  Api(String id, String path) {
    this.id = id;
    this.path = path;
  }

  /** The name used in profiles, settings, records and reports: {@code chat}, {@code messages}… */
  public String id() {
    return id;
  }

  /** The path under the API root ({@code .../v1}), without a leading slash. */
  public String path() {
    return path;
  }

  /**
   * The API named {@code value} (case-insensitive, surrounding blanks ignored).
   *
   * @throws IllegalArgumentException naming the valid values
   */
  public static Api parse(String value) {
    String wanted = value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
    for (Api api : values()) {
      if (api.id.equals(wanted)) {
        return api;
      }
    }
    throw new IllegalArgumentException(
        "unknown API \""
            + value
            + "\", use one of "
            + Arrays.stream(values()).map(Api::id).collect(Collectors.joining(", ")));
  }

  @Override
  public String toString() {
    return id;
  }
}
