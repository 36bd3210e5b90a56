package dev.ttftgap.tokens;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;

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

  /** Tokens in {@code text}; 0 for an empty string. */
  public static int count(String text) {
    return text.isEmpty() ? 0 : ENCODING.countTokens(text);
  }

  /** The shared encoding, for callers that need token ids (prefix cache, exact-length prompts). */
  public static Encoding encoding() {
    return ENCODING;
  }
}
