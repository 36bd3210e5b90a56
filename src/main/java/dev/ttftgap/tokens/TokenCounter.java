package dev.ttftgap.tokens;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import java.nio.charset.StandardCharsets;

/**
 * Counts tokens with a real BPE tokenizer (jtokkit's {@code cl100k_base}).
 *
 * <p>Not the served model's own tokenizer (Qwen, Llama...), so counts differ from the server's by a
 * few percent; used where the server does not report usage and to build prompts of a given length.
 * Thread-safe.
 */
public final class TokenCounter {
  private static final Encoding ENCODING =
      Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.CL100K_BASE);

  private TokenCounter() {}

  /** Tokens in {@code text}; 0 for an empty string; an unpaired surrogate counts as {@code ?}. */
  public static int count(String text) {
    return text.isEmpty() ? 0 : ENCODING.countTokens(wholeCharacters(text));
  }

  /**
   * {@code text} with each unpaired UTF-16 surrogate (a JSON escape like {@code \ud800} alone) as
   * {@code ?}, what its UTF-8 bytes on the wire decode to; {@code text} itself when it has none.
   * The tokenizer takes only whole characters (jtokkit asserts it).
   */
  public static String wholeCharacters(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++; // a pair: one whole character
      } else if (Character.isSurrogate(c)) {
        return new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
      }
    }
    return text;
  }

  /** The shared encoding, for callers that need token ids (prefix cache, exact-length prompts). */
  public static Encoding encoding() {
    return ENCODING;
  }
}
