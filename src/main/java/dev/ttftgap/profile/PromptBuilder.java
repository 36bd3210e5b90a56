package dev.ttftgap.profile;

import dev.ttftgap.tokens.TokenCounter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Deterministic English-like prompts of an exact token length, for prefill experiments ("20 → 2000
 * tokens leaves TTFB flat and raises TTFT").
 *
 * <p>Algorithm overview: sentences of 5 to 14 common words, capitalised, with an occasional comma,
 * each ending in a period. Every piece (a word with its leading space, a comma, a period) is one
 * token of {@link TokenCounter}'s encoding, and the encoding's pre-tokenizer splits the text at
 * exactly those piece boundaries, so the count is the number of pieces. The last piece is a period
 * when there is room for one. The result is checked with a full count.
 *
 * <p>Assumptions: the word list is filtered at class load to words that are one token in all three
 * forms ({@code "word"}, {@code " word"}, {@code " Word"}), so a tokenizer change shrinks the list
 * instead of breaking the count. The same {@code (tokens, seed)} always gives the same text.
 *
 * <p>Parameters: {@code tokens} ≥ 1; {@code seed} any long (default 1 in profiles).
 */
public final class PromptBuilder {
  // Common words; split on spaces. Filtered at class load to single-token ones.
  private static final String CANDIDATES =
      "the a and of to in is that it for on with as was at by this from or have not are but they"
          + " which one you all were we when there can more time will about out up so what some"
          + " other into than then only new way work first over after also many most before good"
          + " people year each small large long water city house world river light road book story"
          + " morning night school market garden window table letter music paper train bridge"
          + " island forest winter summer old young quiet bright early late open short simple clear"
          + " warm cold green blue red white walk read write build find keep bring show learn carry"
          + " watch follow change begin answer travel across under between through near often"
          + " always never again together every because while during";
  private static final List<String> WORDS = singleTokenWords();

  private PromptBuilder() {}

  /**
   * Text whose {@link TokenCounter#count} is exactly {@code tokens}.
   *
   * @throws IllegalArgumentException when {@code tokens} &lt; 1
   */
  public static String promptOfTokens(int tokens, long seed) {
    if (tokens < 1) {
      throw new IllegalArgumentException("tokens must be >= 1: " + tokens);
    }
    SplittableRandom random = new SplittableRandom(seed);
    StringBuilder text = new StringBuilder(tokens * 6);
    int remaining = tokens;
    while (remaining > 0) {
      int sentenceWords = 5 + random.nextInt(10);
      for (int word = 0; word < sentenceWords && remaining > 0; word++) {
        if (word > 0 && remaining == 1) {
          break; // the last token ends the sentence
        }
        if (word > 0 && word < sentenceWords - 1 && remaining > 2 && random.nextInt(12) == 0) {
          text.append(',');
          remaining--;
        }
        String next = WORDS.get(random.nextInt(WORDS.size()));
        if (!text.isEmpty()) {
          text.append(' ');
        }
        text.append(word == 0 ? capitalise(next) : next);
        remaining--;
      }
      if (remaining > 0) {
        text.append('.');
        remaining--;
      }
    }
    String prompt = text.toString();
    int counted = TokenCounter.count(prompt);
    if (counted != tokens) {
      // Only a tokenizer whose pre-tokenizer merges these pieces could get here.
      throw new IllegalStateException(
          "prompt of " + tokens + " tokens (seed " + seed + ") counted " + counted);
    }
    return prompt;
  }

  /** Tokens of {@link #uniqueTag}: five words and a period. */
  static final int TAG_TOKENS = 6;

  private static final int TAG_WORDS = TAG_TOKENS - 1;
  // A prime larger than any word list, so index -> index × MULTIPLIER mod W^5 is a bijection.
  private static final long MULTIPLIER = 1_000_003L;

  /**
   * The first {@code tokens} pieces of the endless text of {@code seed}, each piece one token: the
   * first a capitalised word, then words with their leading space, commas and periods. Joining the
   * first n pieces gives a text of exactly n tokens (sentences of 5 to 14 words, as {@link
   * #promptOfTokens}), so one list serves every prompt length of a run.
   */
  static List<String> pieces(int tokens, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<String> pieces = new ArrayList<>(tokens + 2);
    while (pieces.size() < tokens) {
      int sentenceWords = 5 + random.nextInt(10);
      for (int word = 0; word < sentenceWords; word++) {
        if (word > 0 && word < sentenceWords - 1 && random.nextInt(12) == 0) {
          pieces.add(",");
        }
        String next = WORDS.get(random.nextInt(WORDS.size()));
        String text = word == 0 ? capitalise(next) : next;
        pieces.add(pieces.isEmpty() ? text : " " + text);
      }
      pieces.add(".");
    }
    return List.copyOf(pieces.subList(0, tokens));
  }

  /**
   * A tag of {@code tokens} (at most {@value #TAG_TOKENS}) tokens that differs for every {@code
   * index} of one {@code seed}: five words that spell {@code index × 1,000,003 + offset(seed)} in
   * base W (the word list's size) modulo W⁵, then a period. The map is a bijection, so up to W⁵
   * (over 10¹⁰) requests get pairwise different tags, and every prompt that starts with one differs
   * from the others from its first token. Shorter tags keep the last digits (W^tokens distinct).
   */
  static String uniqueTag(long index, long seed, int tokens) {
    int size = WORDS.size();
    long modulus = 1;
    for (int i = 0; i < TAG_WORDS; i++) {
      modulus *= size;
    }
    long offset = Math.floorMod(new SplittableRandom(seed).nextLong(), modulus);
    long value =
        Math.floorMod(Math.floorMod(index, modulus) * MULTIPLIER % modulus + offset, modulus);
    StringBuilder tag = new StringBuilder(48);
    int words = Math.min(tokens, TAG_WORDS);
    for (int i = 0; i < words; i++) {
      String word = WORDS.get((int) (value % size));
      value /= size;
      if (i == 0) {
        tag.append(capitalise(word));
      } else {
        tag.append(' ').append(word);
      }
    }
    if (tokens >= TAG_TOKENS) {
      tag.append('.');
    }
    return tag.toString();
  }

  /**
   * Text of {@code tokens} tokens: with {@code tagged}, the tag of {@code tagIndex} ({@link
   * #uniqueTag}, at most {@link #TAG_TOKENS}) then the first pieces; else the first pieces only.
   *
   * @param pieces from {@link #pieces}, at least {@code tokens} long
   */
  static String text(List<String> pieces, boolean tagged, long tagIndex, long seed, int tokens) {
    StringBuilder content = new StringBuilder(tokens * 7);
    int tagTokens = 0;
    if (tagged) {
      tagTokens = Math.min(tokens, TAG_TOKENS);
      content.append(uniqueTag(tagIndex, seed, tagTokens));
    }
    for (int i = 0; i < tokens - tagTokens; i++) {
      if (i == 0 && tagTokens > 0) {
        content.append(' ');
      }
      content.append(pieces.get(i));
    }
    return content.toString();
  }

  private static String capitalise(String word) {
    return word.substring(0, 1).toUpperCase(Locale.ROOT) + word.substring(1);
  }

  private static List<String> singleTokenWords() {
    List<String> words = new ArrayList<>();
    for (String word : CANDIDATES.split(" ")) {
      String upper = capitalise(word);
      if (TokenCounter.count(word) == 1
          && TokenCounter.count(" " + word) == 1
          && TokenCounter.count(upper) == 1
          && TokenCounter.count(" " + upper) == 1) {
        words.add(word);
      }
    }
    if (words.size() < 20 || TokenCounter.count(".") != 1 || TokenCounter.count(",") != 1) {
      throw new IllegalStateException("the token counter's encoding splits common words");
    }
    return List.copyOf(words);
  }
}
