package dev.ttftgap.stream;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;

/**
 * The grammar of OpenAI chat-completion chunks ({@code choices[].delta}) and, with {@code
 * completions}, of legacy completion chunks ({@code choices[].text}): one pass that reads {@code
 * id}, {@code object}, {@code message}, {@code error}, {@code choices[].delta.{content, role,
 * reasoning_content, reasoning, tool_calls}}, {@code choices[].text} (completions only), {@code
 * choices[].finish_reason}, {@code usage}, {@code metrics} and {@code timings}; {@link
 * PayloadFields#toChunk} decides the kind (rules in {@link ChunkClassifier}).
 */
final class ChatGrammar {
  private final boolean completions;

  static final ChatGrammar CHAT = new ChatGrammar(false);
  static final ChatGrammar COMPLETIONS = new ChatGrammar(true);

  private ChatGrammar(boolean completions) {
    this.completions = completions;
  }

  /** The chunk of one {@code data:} payload (not {@code [DONE]}); never throws. */
  Chunk classify(String data) {
    if (data == null) {
      return Chunk.malformed("no data", "");
    }
    return classify(data, 0, data.length());
  }

  /** The chunk of the payload {@code text[from, to)} (not {@code [DONE]}); never throws. */
  Chunk classify(String text, int from, int to) {
    return GrammarJson.object(text, from, to, parser -> readObject(parser, text, from, to));
  }

  private Chunk readObject(JsonParser parser, String text, int from, int to) throws IOException {
    PayloadFields fields = new PayloadFields();
    GrammarJson.fields(
        parser,
        (name, value) -> {
          switch (name) {
            case "id" -> {
              if (value == JsonToken.VALUE_STRING) {
                fields.id = GrammarJson.id(parser, value);
              }
            }
            case "object" ->
                fields.objectError |= "error".equals(GrammarJson.string(parser, value));
            case "message" -> {
              if (value == JsonToken.VALUE_STRING) {
                fields.topMessage = parser.getText();
              }
            }
            case "error" -> readError(parser, value, fields);
            case "choices" -> GrammarJson.ifArray(value, () -> readChoices(parser, fields));
            case "usage" -> GrammarJson.ifObject(value, () -> readUsage(parser, fields));
            case "metrics", "timings" ->
                GrammarJson.ifObject(value, () -> readTimings(parser, fields));
            default -> {}
          }
        });
    return fields.toChunk(text, from, to);
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
      String message = GrammarJson.errorObject(parser);
      if (message != null) {
        fields.errorMessage = message;
      }
    }
  }

  private void readChoices(JsonParser parser, PayloadFields fields) throws IOException {
    fields.choicesArray = true;
    JsonToken element;
    while ((element = parser.nextToken()) != JsonToken.END_ARRAY && element != null) {
      fields.choices++;
      if (element == JsonToken.START_OBJECT) {
        GrammarJson.fields(
            parser,
            (name, value) -> {
              if (name.equals("delta") && value == JsonToken.START_OBJECT) {
                readDelta(parser, fields);
              } else if (name.equals("text") && completions) {
                String text = GrammarJson.text(parser, value);
                if (text != null) {
                  fields.content = concat(fields.content, text);
                }
              } else if (name.equals("finish_reason")
                  && value == JsonToken.VALUE_STRING
                  && fields.finishReason == null) {
                fields.finishReason = parser.getText();
              }
            });
      } else {
        parser.skipChildren();
      }
    }
  }

  private static void readDelta(JsonParser parser, PayloadFields fields) throws IOException {
    String[] reasoning = new String[2];
    GrammarJson.fields(
        parser,
        (name, value) -> {
          String text = GrammarJson.text(parser, value);
          switch (name) {
            case "content" -> {
              if (text != null) {
                fields.content = concat(fields.content, text);
              }
            }
            case "role" -> fields.role |= value == JsonToken.VALUE_STRING;
            case "reasoning_content" -> reasoning[0] = text != null ? text : reasoning[0];
            case "reasoning" -> reasoning[1] = text != null ? text : reasoning[1];
            case "tool_calls" -> GrammarJson.ifArray(value, () -> readToolCalls(parser, fields));
            default -> {}
          }
        });
    String chosen = reasoning[0] != null ? reasoning[0] : reasoning[1];
    if (chosen != null) {
      fields.reasoning = concat(fields.reasoning, chosen);
    }
  }

  /**
   * {@code delta.tool_calls[]}: {@code {"index":0,"id":"call_1","type":"function","function":
   * {"name":"f","arguments":"{\"a"}}}}. A piece counts when it has an id, a name or a non-empty
   * arguments piece; its index defaults to its position in the array.
   */
  private static void readToolCalls(JsonParser parser, PayloadFields fields) throws IOException {
    int position = 0;
    JsonToken element;
    while ((element = parser.nextToken()) != JsonToken.END_ARRAY && element != null) {
      if (element != JsonToken.START_OBJECT) {
        parser.skipChildren();
        position++;
        continue;
      }
      Piece call = new Piece(position);
      GrammarJson.fields(
          parser,
          (name, value) -> {
            switch (name) {
              case "index" -> {
                Integer index = GrammarJson.integer(parser, value);
                call.index = index != null && index >= 0 ? index : call.index;
              }
              case "id" -> call.id = GrammarJson.text(parser, value);
              case "function" -> {
                if (value == JsonToken.START_OBJECT) {
                  GrammarJson.fields(
                      parser,
                      (field, inner) -> {
                        if (field.equals("name")) {
                          call.name = GrammarJson.text(parser, inner);
                        } else if (field.equals("arguments")) {
                          call.arguments = GrammarJson.text(parser, inner);
                        }
                      });
                }
              }
              default -> {}
            }
          });
      if (call.id != null || call.name != null || call.arguments != null) {
        if (fields.toolCalls == null) {
          fields.toolCalls = new ArrayList<>();
        }
        fields.toolCalls.add(new ToolCallDelta(call.index, call.id, call.name, call.arguments));
      }
      position++;
    }
  }

  /** One tool-call piece while it is read. */
  private static final class Piece {
    int index;
    String id;
    String name;
    String arguments;

    Piece(int index) {
      this.index = index;
    }
  }

  private static void readUsage(JsonParser parser, PayloadFields fields) throws IOException {
    fields.usage = true;
    GrammarJson.fields(
        parser,
        (name, value) -> {
          Integer count = GrammarJson.integer(parser, value);
          if (count == null) {
            return;
          }
          if (name.equals("completion_tokens")) {
            fields.completionTokens = count;
          } else if (name.equals("prompt_tokens")) {
            fields.promptTokens = count;
          }
        });
  }

  private static void readTimings(JsonParser parser, PayloadFields fields) throws IOException {
    GrammarJson.fields(
        parser,
        (name, value) -> {
          if (value == JsonToken.VALUE_NUMBER_INT || value == JsonToken.VALUE_NUMBER_FLOAT) {
            if (fields.timings == null) {
              fields.timings = new LinkedHashMap<>();
            }
            fields.timings.put(name, parser.getDoubleValue());
          }
        });
  }

  private static String concat(String before, String text) {
    return before == null ? text : before + text;
  }
}
