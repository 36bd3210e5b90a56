package dev.ttftgap.stream;

import com.fasterxml.jackson.core.JsonToken;

/**
 * Classifies the events of a streaming LLM API, so "first token" of each kind has one definition in
 * one place: the one entry per API, {@link #classify(Api, String, String)}; below, the chat rules.
 *
 * <p><b>Algorithm overview.</b> One pass of Jackson's streaming parser over the payload, no tree:
 * fields that cannot change the kind are skipped with {@code skipChildren()}, and only {@code id},
 * {@code object}, {@code message}, {@code error}, {@code choices[].delta.{content, role,
 * reasoning_content, reasoning, tool_calls}}, {@code choices[].finish_reason}, {@code usage},
 * {@code metrics} and {@code timings} are read. The kind is then decided in this order:
 *
 * <ol>
 *   <li>{@code [DONE]} (surrounding whitespace ignored) → {@link ChunkKind#DONE};
 *   <li>not a single JSON object → {@link ChunkKind#MALFORMED};
 *   <li>a top-level {@code error} that is an object, a string or {@code true}, or {@code
 *       "object":"error"} → {@link ChunkKind#ERROR} (even if choices are present);
 *   <li>any choice's {@code delta.content} is a non-empty string → {@link ChunkKind#CONTENT};
 *   <li>any choice's reasoning is a non-empty string → {@link ChunkKind#REASONING};
 *   <li>any choice's {@code delta.tool_calls} has a piece → {@link ChunkKind#TOOL_CALL};
 *   <li>at least one choice: a string {@code delta.role} → {@link ChunkKind#ROLE_ONLY}, else {@link
 *       ChunkKind#EMPTY};
 *   <li>{@code "choices":[]}, or no {@code choices} but a {@code usage} object → {@link
 *       ChunkKind#USAGE};
 *   <li>anything else (no {@code choices}, usage or error) → {@link ChunkKind#MALFORMED}.
 * </ol>
 *
 * <p><b>Assumptions (decisions).</b>
 *
 * <ul>
 *   <li>Any non-empty string is text, <em>whitespace included</em>: a {@code " "} or {@code "\n"}
 *       delta is a token the user's screen receives, and servers do stream them as separate tokens.
 *       {@code "content":""}, {@code "content":null} and non-string content are not text.
 *   <li>Per delta, reasoning is {@code reasoning_content} when non-empty, else {@code reasoning}:
 *       servers that send both with the same text must not count it twice.
 *   <li>A chunk with both reasoning and content is {@link ChunkKind#CONTENT}; its text is the
 *       reasoning followed by the content, so token counts stay complete.
 *   <li>Usage, {@code metrics} and {@code timings} are read from a chunk of any kind (vLLM puts
 *       {@code metrics} and llama.cpp {@code timings} on the last chunk, next to its choices).
 *   <li>A {@code delta.tool_calls[]} piece (index, id, {@code function.name}, a piece of {@code
 *       function.arguments}; parallel calls by index) with an id, a name or non-empty arguments
 *       goes into {@link Chunk#toolCalls()} on a chunk of any kind; with no content or reasoning
 *       the chunk is {@link ChunkKind#TOOL_CALL}, ranked after reasoning and before role-only.
 *   <li>Legacy completions ({@link Api#COMPLETIONS}) read {@code choices[].text} as content; chat
 *       ignores that field.
 * </ul>
 *
 * <p><b>Other APIs.</b> {@link Api#RESPONSES} and {@link Api#MESSAGES} are typed events: see {@code
 * ResponsesGrammar} and {@code MessagesGrammar} (and {@code docs/apis.md}). For every API an SSE
 * event named {@code error} is {@link ChunkKind#ERROR} with the server's message ({@link
 * #errorLine}), and {@code [DONE]} is {@link ChunkKind#DONE}.
 *
 * <p>Never throws for bad input: every problem becomes a {@link ChunkKind#MALFORMED} chunk whose
 * {@link Chunk#errorMessage()} says what is wrong. Thread-safe and allocation-light: one parser per
 * call (Jackson recycles its buffers), plus the token text.
 */
public final class ChunkClassifier {
  private static final String DONE = "[DONE]";
  private static final Chunk DONE_CHUNK = Chunk.of(ChunkKind.DONE);

  private ChunkClassifier() {}

  /**
   * Classifies one SSE event of a stream of {@code api}: its {@code event:} name (null when the
   * event had none) and its {@code data} payload, lines joined with {@code \n}. Never throws.
   */
  public static Chunk classify(Api api, String eventName, String data) {
    if ("message".equals(eventName)) {
      eventName = null; // the SSE default name: no name at all
    }
    if ("error".equals(eventName)) {
      return errorLine(data == null ? "" : data);
    }
    if (data != null && isDone(data)) {
      return DONE_CHUNK;
    }
    return switch (api == null ? Api.CHAT : api) {
      case CHAT -> ChatGrammar.CHAT.classify(data);
      case COMPLETIONS -> ChatGrammar.COMPLETIONS.classify(data);
      case RESPONSES -> ResponsesGrammar.classify(eventName, data);
      case MESSAGES -> MessagesGrammar.classify(eventName, data);
    };
  }

  /**
   * {@link #classify(Api, String, String)} of the payload {@code text[from, to)}, read where it
   * lies (a chat or completions payload is parsed without a string of its own): what the Gatling
   * glue calls with the event as Gatling renders it. Never throws.
   */
  public static Chunk classify(Api api, String eventName, String text, int from, int to) {
    Api chosen = api == null ? Api.CHAT : api;
    boolean grammarOnly =
        (chosen == Api.CHAT || chosen == Api.COMPLETIONS)
            && (eventName == null || "message".equals(eventName))
            && !isDone(text, from, to);
    if (!grammarOnly) {
      return classify(api, eventName, text.substring(from, to));
    }
    return (chosen == Api.CHAT ? ChatGrammar.CHAT : ChatGrammar.COMPLETIONS)
        .classify(text, from, to);
  }

  /**
   * The chunk of an SSE {@code error:} line's value (llama.cpp's mid-stream failure: {@code error:
   * {"code":500,"message":"...","type":"server_error"}}, which is no {@code data:} line), or of an
   * {@code event: error}'s data: always {@link ChunkKind#ERROR}, its message the server's: {@code
   * error.message}, else the top-level {@code message}, else a string {@code error}, else "type
   * code"; the trimmed value itself when it is no JSON object; a fixed text when it is blank.
   */
  public static Chunk errorLine(String value) {
    String text = value == null ? "" : value.strip();
    if (text.isEmpty()) {
      return Chunk.ofError(null, "error line without a message");
    }
    String[] found = new String[4];
    Chunk parsed =
        GrammarJson.object(
            text,
            parser -> {
              GrammarJson.fields(
                  parser,
                  (name, token) -> {
                    boolean scalar = token.isScalarValue() && token != JsonToken.VALUE_NULL;
                    switch (name) {
                      case "error" ->
                          found[0] =
                              token == JsonToken.START_OBJECT
                                  ? GrammarJson.errorObject(parser)
                                  : GrammarJson.text(parser, token);
                      case "message" -> found[1] = scalar ? parser.getText() : found[1];
                      case "type" -> found[2] = scalar ? parser.getText() : found[2];
                      case "code" -> found[3] = scalar ? parser.getText() : found[3];
                      default -> {}
                    }
                  });
              return DONE_CHUNK;
            });
    if (parsed.kind() == ChunkKind.MALFORMED) {
      return Chunk.ofError(null, text);
    }
    String message =
        found[0] != null ? found[0] : GrammarJson.messageOf(found[1], found[2], found[3]);
    // {"type":""} gives a blank "type code": the value itself says more
    return Chunk.ofError(null, message != null && !message.isBlank() ? message : text);
  }

  /**
   * Classifies the payload of one chat-completion SSE event: its {@code data} lines joined with
   * {@code \n}, as a server sends it (a JSON object, or {@code [DONE]}). The same as {@code
   * classify(Api.CHAT, null, data)}.
   */
  public static Chunk classifyData(String data) {
    return classify(Api.CHAT, null, data);
  }

  private static boolean isDone(String s) {
    return isDone(s, 0, s.length());
  }

  private static boolean isDone(String s, int from, int to) {
    int start = Blanks.skip(s, from);
    int end = Blanks.trimEnd(s, start, to);
    return end - start == DONE.length() && s.startsWith(DONE, start);
  }
}
