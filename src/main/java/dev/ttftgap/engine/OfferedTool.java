package dev.ttftgap.engine;

import com.fasterxml.jackson.core.io.JsonStringEncoder;

/**
 * A function tool the request offers, as the engine calls it: its name and the one argument the
 * simulated model fills (the first property of its parameter schema, or {@code input}).
 *
 * <p>The arguments are streamed one engine token per piece: {@code {"arg":"} with the first word,
 * then a word per token, the last planned one closing {@code "}}: the pieces are planned over the
 * request's output tokens, so the arguments are whole JSON unless a fault cuts the stream.
 */
record OfferedTool(String name, String argument) {
  static final String DEFAULT_ARGUMENT = "input";

  /** The raw JSON arguments text of tool token {@code piece} out of {@code pieces}. */
  static String argumentsPiece(String argument, int piece, int pieces, String word) {
    StringBuilder text = new StringBuilder();
    if (piece == 0) {
      text.append("{\"").append(argument).append("\":\"");
    }
    text.append(word);
    if (piece == pieces - 1) {
      text.append("\"}");
    }
    return text.toString();
  }

  /** {@link #argumentsPiece} as a JSON string's inside (quotes escaped). */
  String quotedPiece(int piece, int pieces, String word) {
    String raw = argumentsPiece(argument, piece, pieces, word);
    return new String(JsonStringEncoder.getInstance().quoteAsString(raw));
  }
}
