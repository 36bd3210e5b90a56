package dev.ttftgap.engine;

import java.nio.charset.StandardCharsets;

/**
 * The deterministic "model output": token i of a request is a word picked from a fixed list by i
 * and the prompt length, so the same request always yields the same text. About one word in twelve
 * has multi-byte UTF-8 (accents, CJK, an emoji) so clients get to split characters across reads.
 * Words are JSON-safe as they are (no quotes, backslashes or control characters).
 */
final class WordList {
  private static final String[] WORDS = {
    "The",
    " engine",
    " answers",
    " with",
    " a",
    " steady",
    " stream",
    " of",
    " tokens",
    ".",
    " Each",
    " step",
    " adds",
    " one",
    " word",
    " per",
    " running",
    " sequence",
    ",",
    " and",
    " the",
    " queue",
    " waits",
    " café",
    " for",
    " a",
    " free",
    " slot",
    " naïve",
    " 日本",
    " latency",
    " grows",
    " under",
    " load",
    " 🙂",
    " while",
    " headers",
    " arrive",
    " early",
    " über",
    " prefill",
    " costs",
    " time",
    " Straße",
    " decode",
    " is",
    " cheap",
    " 速い",
  };
  private static final byte[][] BYTES = new byte[WORDS.length][];

  static {
    for (int i = 0; i < WORDS.length; i++) {
      BYTES[i] = WORDS[i].getBytes(StandardCharsets.UTF_8);
    }
  }

  private WordList() {}

  private static int index(int tokenIndex, int seed) {
    return Math.floorMod(tokenIndex * 7 + seed, WORDS.length);
  }

  /** Token {@code tokenIndex} (0-based) of a request whose prompt had {@code seed} tokens. */
  static String word(int tokenIndex, int seed) {
    return WORDS[index(tokenIndex, seed)];
  }

  /** UTF-8 bytes of {@link #word}. Callers must not modify the array. */
  static byte[] wordBytes(int tokenIndex, int seed) {
    return BYTES[index(tokenIndex, seed)];
  }
}
