package dev.ttftgap.stream;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * What every grammar shares: one streaming-parser pass over a payload that must be one JSON object,
 * turned into a chunk without ever throwing (a bad payload is a {@link ChunkKind#MALFORMED} chunk
 * saying why), and the few readers of nested objects. No trees: fields nobody asked for are skipped
 * with {@code skipChildren()}.
 */
final class GrammarJson {
  private static final JsonFactory JSON = JsonFactory.builder().build();

  /** Payloads up to this many characters are parsed from a buffer kept per thread. */
  private static final int MAX_BUFFERED = 1 << 16;

  private static final ThreadLocal<char[]> BUFFER = ThreadLocal.withInitial(() -> new char[1024]);

  /** Reads one JSON object; the parser stands on its {@code START_OBJECT}. */
  interface ObjectReader {
    Chunk read(JsonParser parser) throws IOException;
  }

  /** Handles one field; the parser stands on its value, which it may consume or leave. */
  interface FieldHandler {
    void field(String name, JsonToken value) throws IOException;
  }

  /** Reads a nested value; the parser stands on its first token. */
  interface NestedReader {
    void read() throws IOException;
  }

  private GrammarJson() {}

  /** Runs {@code reader} when {@code value} opens an object; else leaves the value be. */
  static void ifObject(JsonToken value, NestedReader reader) throws IOException {
    if (value == JsonToken.START_OBJECT) {
      reader.read();
    }
  }

  /** Runs {@code reader} when {@code value} opens an array; else leaves the value be. */
  static void ifArray(JsonToken value, NestedReader reader) throws IOException {
    if (value == JsonToken.START_ARRAY) {
      reader.read();
    }
  }

  /**
   * The type of a typed event (Responses, Messages): the data's {@code type}, else the SSE event
   * name; a MALFORMED chunk when there is neither, else what {@code toChunk} makes of it.
   */
  static Chunk typed(
      String type,
      String eventName,
      String data,
      java.util.function.Function<String, Chunk> toChunk) {
    String chosen = type != null ? type : eventName;
    return chosen == null
        ? Chunk.malformed("event without a \"type\"", data)
        : toChunk.apply(chosen);
  }

  /** The chunk {@code reader} makes of {@code data}, or a MALFORMED chunk; never throws. */
  static Chunk object(String data, ObjectReader reader) {
    if (data == null) {
      return Chunk.malformed("no data", "");
    }
    return object(data, 0, data.length(), reader);
  }

  /**
   * The chunk {@code reader} makes of {@code text[from, to)}, or a MALFORMED chunk; never throws.
   * The characters are copied into a buffer of this thread's, not into a new string: an SSE event's
   * data is parsed where it lies in the envelope that carries it.
   */
  static Chunk object(String text, int from, int to, ObjectReader reader) {
    int length = to - from;
    char[] chars = length <= MAX_BUFFERED ? BUFFER.get() : new char[length];
    if (chars.length < length) {
      chars = new char[Math.max(length, 2 * chars.length)];
      BUFFER.set(chars);
    }
    text.getChars(from, to, chars, 0);
    try (JsonParser parser = JSON.createParser(chars, 0, length)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return Chunk.malformed("not a JSON object", text.substring(from, to));
      }
      Chunk chunk = reader.read(parser);
      if (parser.nextToken() != null) {
        return Chunk.malformed("more than one JSON value", text.substring(from, to));
      }
      return chunk == null
          ? Chunk.malformed("no event of this API", text.substring(from, to))
          : chunk;
    } catch (JsonProcessingException e) {
      return Chunk.malformed(
          "not JSON (" + firstLine(e.getOriginalMessage()) + ")", text.substring(from, to));
    } catch (IOException | RuntimeException e) {
      return Chunk.malformed("unreadable (" + e.getMessage() + ")", text.substring(from, to));
    }
  }

  /**
   * A string value read as a stream's id: the same string for every chunk of the stream ({@link
   * StreamIds}); null when the value is no string.
   */
  static String id(JsonParser parser, JsonToken value) throws IOException {
    return value == JsonToken.VALUE_STRING
        ? StreamIds.of(parser.getTextCharacters(), parser.getTextOffset(), parser.getTextLength())
        : null;
  }

  /** Calls {@code handler} for each field of the object the parser stands in, then skips it. */
  static void fields(JsonParser parser, FieldHandler handler) throws IOException {
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      JsonToken value = parser.nextToken();
      handler.field(name, value);
      parser.skipChildren();
    }
  }

  /** The value as a string when it is one, else null. */
  static String string(JsonParser parser, JsonToken value) throws IOException {
    return value == JsonToken.VALUE_STRING ? parser.getText() : null;
  }

  /** The value as a string when it is a non-empty one, else null. */
  static String text(JsonParser parser, JsonToken value) throws IOException {
    return value == JsonToken.VALUE_STRING && parser.getTextLength() > 0 ? parser.getText() : null;
  }

  /**
   * The value as an int when it is an integer, else null; one beyond int fails the payload (a count
   * no server sends).
   */
  static Integer integer(JsonParser parser, JsonToken value) throws IOException {
    return value == JsonToken.VALUE_NUMBER_INT ? parser.getIntValue() : null;
  }

  /**
   * The counts of a Responses or Messages {@code usage} object, the parser on its {@code
   * START_OBJECT}: {@code [input_tokens, output_tokens]}, each null when absent.
   */
  static Integer[] inputOutputTokens(JsonParser parser) throws IOException {
    Integer[] counts = new Integer[2];
    fields(
        parser,
        (name, value) -> {
          if (name.equals("input_tokens")) {
            counts[0] = integer(parser, value);
          } else if (name.equals("output_tokens")) {
            counts[1] = integer(parser, value);
          }
        });
    return counts;
  }

  /**
   * The message of an error object ({@code {"message":..,"type":..,"code":..}}), the parser on its
   * {@code START_OBJECT}: the message, else "type code", else null.
   */
  static String errorObject(JsonParser parser) throws IOException {
    String[] found = new String[3];
    fields(
        parser,
        (name, value) -> {
          boolean scalar = value.isScalarValue() && value != JsonToken.VALUE_NULL;
          int slot =
              switch (name) {
                case "message" -> 0;
                case "type" -> 1;
                case "code" -> 2;
                default -> -1;
              };
          if (slot >= 0 && scalar) {
            found[slot] = parser.getText();
          }
        });
    return messageOf(found[0], found[1], found[2]);
  }

  /** {@code message}, else "type code" of what is there, else null. */
  static String messageOf(String message, String type, String code) {
    if (message != null && !message.isBlank()) {
      return message;
    }
    if (type == null && code == null) {
      return null;
    }
    return ((type != null ? type : "") + (code != null ? " " + code : "")).strip();
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "parse error";
    }
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
