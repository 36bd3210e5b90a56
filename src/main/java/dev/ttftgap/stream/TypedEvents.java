package dev.ttftgap.stream;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * The one reading every typed-event grammar (Responses, Messages) does: a pass over the payload's
 * fields into the grammar's own holder, its {@code type} read here (else the SSE event name), then
 * the grammar's chunk of that type. So each grammar says only which fields it wants and what a type
 * means, not again how an event is walked.
 */
final class TypedEvents {
  private TypedEvents() {}

  /**
   * Reads one field (not {@code type}) of an event into {@code fields}; the parser stands on it.
   */
  interface FieldReader<F> {
    void field(JsonParser parser, F fields, String name, JsonToken value) throws IOException;
  }

  /** The chunk an event of {@code type} is, given what its fields held. */
  interface Chunker<F> {
    Chunk chunk(String type, F fields);
  }

  /** The chunk of one typed event, or a MALFORMED chunk (see {@link GrammarJson#typed}). */
  static <F> Chunk classify(
      String eventName, String data, F fields, FieldReader<F> reader, Chunker<F> chunker) {
    return GrammarJson.object(
        data,
        parser -> {
          String[] type = new String[1];
          GrammarJson.fields(
              parser,
              (name, value) -> {
                if (name.equals("type")) {
                  type[0] = GrammarJson.string(parser, value);
                } else {
                  reader.field(parser, fields, name, value);
                }
              });
          return GrammarJson.typed(type[0], eventName, data, t -> chunker.chunk(t, fields));
        });
  }
}
