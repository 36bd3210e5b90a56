package dev.ttftgap.stream;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Classifies the {@code data:} payloads of an OpenAI-compatible chat-completion stream, so "first
 * token" has one definition in one place.
 *
 * <p><b>Algorithm overview.</b> One pass of Jackson's streaming parser over the payload, no tree:
 * fields that cannot change the kind are skipped with {@code skipChildren()}, and only {@code id},
 * {@code object}, {@code message}, {@code error}, {@code choices[].delta.{content, role,
 * reasoning_content, reasoning}}, {@code choices[].finish_reason}, {@code usage}, {@code metrics}
 * and {@code timings} are read. The kind is then decided in this order:
 *
 * <ol>
 *   <li>{@code [DONE]} (surrounding whitespace ignored) → {@link ChunkKind#DONE};
 *   <li>not a single JSON object → {@link ChunkKind#MALFORMED};
 *   <li>a top-level {@code error} that is an object, a string or {@code true}, or {@code
 *       "object":"error"} → {@link ChunkKind#ERROR} (even if choices are present);
 *   <li>any choice's {@code delta.content} is a non-empty string → {@link ChunkKind#CONTENT};
 *   <li>any choice's reasoning is a non-empty string → {@link ChunkKind#REASONING};
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
 *   <li>Tool-call deltas and legacy {@code /v1/completions} {@code choices[].text} are not tokens
 *       here: such chunks are {@link ChunkKind#EMPTY}.
 * </ul>
 *
 * <p>Never throws for bad input: every problem becomes a {@link ChunkKind#MALFORMED} chunk whose
 * {@link Chunk#errorMessage()} says what is wrong. Thread-safe and allocation-light: one parser per
 * call (Jackson recycles its buffers), plus the token text.
 */
public final class ChunkClassifier {
  private static final JsonFactory JSON = JsonFactory.builder().build();
  private static final String DONE = "[DONE]";
  private static final Chunk DONE_CHUNK = Chunk.of(ChunkKind.DONE);

  private ChunkClassifier() {}

  /**
   * Classifies one SSE event of a stream of {@code api}: its {@code event:} name (null when the
   * event had none) and its {@code data} payload, lines joined with {@code \n}. Never throws.
   *
   * <p>SKELETON (issue 25): every API is read as chat until the grammars land.
   */
  public static Chunk classify(Api api, String eventName, String data) {
    return classifyData(data);
  }

  /**
   * The chunk of an SSE {@code error:} line's value (llama.cpp's mid-stream failure: {@code error:
   * {"code":500,"message":"..."}}, which is no {@code data:} line): always {@link ChunkKind#ERROR},
   * its message the server's.
   *
   * <p>SKELETON (issue 25): the raw value is the message until the grammars land.
   */
  public static Chunk errorLine(String value) {
    return new Chunk(ChunkKind.ERROR, null, null, null, null, null, value, Map.of());
  }

  /**
   * Classifies the payload of one SSE event: its {@code data} lines joined with {@code \n}, as a
   * server sends it (a JSON object, or {@code [DONE]}).
   */
  public static Chunk classifyData(String data) {
    if (data == null) {
      return Chunk.malformed("no data", "");
    }
    if (isDone(data, 0, data.length())) {
      return DONE_CHUNK;
    }
    try (JsonParser parser = JSON.createParser(data)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return Chunk.malformed("not a JSON object", data);
      }
      Chunk chunk = readObject(parser, data);
      if (parser.nextToken() != null) {
        return Chunk.malformed("more than one JSON value", data);
      }
      return chunk;
    } catch (JsonProcessingException e) {
      return Chunk.malformed("not JSON (" + firstLine(e.getOriginalMessage()) + ")", data);
    } catch (IOException e) {
      return Chunk.malformed("unreadable (" + e.getMessage() + ")", data);
    }
  }

  private static Chunk readObject(JsonParser parser, String data) throws IOException {
    PayloadFields fields = new PayloadFields();
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      JsonToken value = parser.nextToken();
      switch (name) {
        case "id" -> fields.id = value == JsonToken.VALUE_STRING ? parser.getText() : fields.id;
        case "object" ->
            fields.objectError |=
                value == JsonToken.VALUE_STRING && "error".equals(parser.getText());
        case "message" -> {
          if (value == JsonToken.VALUE_STRING) {
            fields.topMessage = parser.getText();
          }
        }
        case "error" -> readError(parser, value, fields);
        case "choices" -> {
          if (value == JsonToken.START_ARRAY) {
            readChoices(parser, fields);
          }
        }
        case "usage" -> {
          if (value == JsonToken.START_OBJECT) {
            readUsage(parser, fields);
          }
        }
        case "metrics", "timings" -> {
          if (value == JsonToken.START_OBJECT) {
            readTimings(parser, fields);
          }
        }
        default -> {}
      }
      parser.skipChildren();
    }
    return fields.toChunk(data);
  }

  private static void readError(JsonParser parser, JsonToken value, PayloadFields fields)
      throws IOException {
    if (value == JsonToken.VALUE_STRING) {
      fields.error = true;
      fields.errorMessage = parser.getText();
    } else if (value == JsonToken.VALUE_TRUE || value == JsonToken.START_ARRAY) {
      fields.error = true;
    } else if (value == JsonToken.START_OBJECT) {
      fields.error = true;
      String message = null;
      String type = null;
      String code = null;
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String name = parser.currentName();
        JsonToken field = parser.nextToken();
        boolean scalar = field.isScalarValue() && field != JsonToken.VALUE_NULL;
        switch (name) {
          case "message" -> message = scalar ? parser.getText() : message;
          case "type" -> type = scalar ? parser.getText() : type;
          case "code" -> code = scalar ? parser.getText() : code;
          default -> {}
        }
        parser.skipChildren();
      }
      if (message != null) {
        fields.errorMessage = message;
      } else if (type != null || code != null) {
        fields.errorMessage = (type != null ? type : "") + (code != null ? " " + code : "");
      }
    }
  }

  private static void readChoices(JsonParser parser, PayloadFields fields) throws IOException {
    fields.choicesArray = true;
    JsonToken element;
    while ((element = parser.nextToken()) != JsonToken.END_ARRAY) {
      fields.choices++;
      if (element == JsonToken.START_OBJECT) {
        readChoice(parser, fields);
      } else {
        parser.skipChildren();
      }
    }
  }

  private static void readChoice(JsonParser parser, PayloadFields fields) throws IOException {
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      JsonToken value = parser.nextToken();
      if (name.equals("delta") && value == JsonToken.START_OBJECT) {
        readDelta(parser, fields);
      } else if (name.equals("finish_reason")
          && value == JsonToken.VALUE_STRING
          && fields.finishReason == null) {
        fields.finishReason = parser.getText();
      }
      parser.skipChildren();
    }
  }

  private static void readDelta(JsonParser parser, PayloadFields fields) throws IOException {
    String reasoningContent = null;
    String reasoning = null;
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      JsonToken value = parser.nextToken();
      boolean text = value == JsonToken.VALUE_STRING && parser.getTextLength() > 0;
      switch (name) {
        case "content" -> {
          if (text) {
            fields.content = concat(fields.content, parser.getText());
          }
        }
        case "role" -> fields.role |= value == JsonToken.VALUE_STRING;
        case "reasoning_content" -> reasoningContent = text ? parser.getText() : reasoningContent;
        case "reasoning" -> reasoning = text ? parser.getText() : reasoning;
        default -> {}
      }
      parser.skipChildren();
    }
    String chosen = reasoningContent != null ? reasoningContent : reasoning;
    if (chosen != null) {
      fields.reasoning = concat(fields.reasoning, chosen);
    }
  }

  private static void readUsage(JsonParser parser, PayloadFields fields) throws IOException {
    fields.usage = true;
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      JsonToken value = parser.nextToken();
      if (value == JsonToken.VALUE_NUMBER_INT) {
        if (name.equals("completion_tokens")) {
          fields.completionTokens = parser.getIntValue();
        } else if (name.equals("prompt_tokens")) {
          fields.promptTokens = parser.getIntValue();
        }
      }
      parser.skipChildren();
    }
  }

  private static void readTimings(JsonParser parser, PayloadFields fields) throws IOException {
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      JsonToken value = parser.nextToken();
      if (value == JsonToken.VALUE_NUMBER_INT || value == JsonToken.VALUE_NUMBER_FLOAT) {
        if (fields.timings == null) {
          fields.timings = new LinkedHashMap<>();
        }
        fields.timings.put(name, parser.getDoubleValue());
      }
      parser.skipChildren();
    }
  }

  private static String concat(String before, String text) {
    return before == null ? text : before + text;
  }

  private static boolean isDone(String s, int from, int to) {
    int start = Blanks.skip(s, from);
    int end = Blanks.trimEnd(s, start, to);
    return end - start == DONE.length() && s.startsWith(DONE, start);
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "parse error";
    }
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
