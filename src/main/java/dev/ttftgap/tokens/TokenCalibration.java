package dev.ttftgap.tokens;

import java.util.Locale;
import java.util.Objects;

/**
 * How the served model counts a prompt, against {@link TokenCounter}'s cl100k: {@code served ≈
 * servedPerCl100k × cl100k(contents) + overheadTokens}, the overhead being the chat template's
 * fixed tokens (role markers, BOS) of a one-message request.
 *
 * <p>Algorithm overview: two prompts of the tool's own generated text (the text every generated
 * prompt is made of) with cl100k lengths {@code a < b} are counted by the server, {@code s(a)} and
 * {@code s(b)}; the slope {@code (s(b) − s(a)) / (b − a)} is the per-token ratio and {@code s(a) −
 * ratio × a} the overhead, so a fixed template cost is not mistaken for a longer tokenizer. A
 * request asked to be {@code N} served tokens then gets a user message of {@code round((N −
 * overhead) / ratio)} cl100k tokens ({@link #contentTokensFor}); its asked length stays {@code N}.
 *
 * <p>Assumptions: the ratio measured on the generated text holds for it at any length (the text is
 * the same words throughout); a second message (a system prompt) adds a few template tokens the
 * one-message overhead does not count (4 on the embedded engine, typically 3 to 5); text prompts
 * and datasets are sent as written, their asked length predicted with {@link #servedFor}. Stated
 * tolerance: a generated prompt's served length is within ±max(2 tokens, 2 %) of the asked length
 * plus, with a system prompt, that second message's template tokens.
 *
 * <p>Parameters: none; the points come from the preflight ({@code
 * preflight.TokenCalibrationProbe}).
 *
 * @param servedPerCl100k served-model tokens per cl100k token of the generated text (1.0 on the
 *     embedded engine, which counts with cl100k)
 * @param overheadTokens the chat template's fixed tokens of a one-message request (7 on the engine)
 * @param source where the counts came from, for the run header
 */
public record TokenCalibration(double servedPerCl100k, double overheadTokens, Source source) {

  /** Where the served counts came from. */
  public enum Source {
    /** Nothing measured: lengths are cl100k tokens. */
    NONE("not calibrated"),
    /** The server's {@code POST /tokenize} for the ratio, its usage for the template overhead. */
    TOKENIZE("the server's /tokenize"),
    /** {@code usage.prompt_tokens} of two preflight requests of different lengths. */
    USAGE("usage.prompt_tokens of two preflight requests");

    private final String text;

    Source(String text) {
      this.text = text;
    }

    public String text() {
      return text;
    }
  }

  /** Lengths are cl100k tokens, as before calibration. */
  public static final TokenCalibration NONE = new TokenCalibration(1.0, 0, Source.NONE);

  /** A served ratio outside this range is not a tokenizer but a broken count. */
  static final double MIN_RATIO = 0.2;

  static final double MAX_RATIO = 5.0;

  public TokenCalibration {
    Objects.requireNonNull(source, "source");
    if (!(servedPerCl100k >= MIN_RATIO && servedPerCl100k <= MAX_RATIO)) {
      throw new IllegalArgumentException("servedPerCl100k out of range: " + servedPerCl100k);
    }
    if (!Double.isFinite(overheadTokens)) {
      throw new IllegalArgumentException("overheadTokens not finite: " + overheadTokens);
    }
  }

  /**
   * From two lengths counted by the server ({@code served*} include the template when they are
   * usage counts). {@code overheadTokens} is then {@code servedShort − ratio × cl100kShort},
   * floored at 0.
   *
   * @throws IllegalArgumentException when the lengths are not increasing or the ratio is out of
   *     [{@value #MIN_RATIO}, {@value #MAX_RATIO}]
   */
  public static TokenCalibration fromTwoLengths(
      int cl100kShort, int servedShort, int cl100kLong, int servedLong, Source source) {
    if (cl100kLong <= cl100kShort) {
      throw new IllegalArgumentException("the long prompt must be longer: " + cl100kLong);
    }
    double ratio = (servedLong - servedShort) / (double) (cl100kLong - cl100kShort);
    double overhead = Math.max(0, servedShort - ratio * cl100kShort);
    return new TokenCalibration(ratio, overhead, source);
  }

  /** Whether the counts came from the server. */
  public boolean calibrated() {
    return source != Source.NONE;
  }

  /**
   * The cl100k length of a request's generated user message for the request to be {@code
   * servedTokens} served tokens, the template's fixed tokens included; at least 1. Uncalibrated:
   * {@code servedTokens} itself.
   */
  public int contentTokensFor(int servedTokens) {
    if (!calibrated()) {
      return servedTokens;
    }
    return (int) Math.max(1, Math.round((servedTokens - overheadTokens) / servedPerCl100k));
  }

  /**
   * The cl100k length of generated text that the served model counts as {@code servedTokens} (a
   * system prompt, a conversation turn: no template taken off); at least 1 unless 0 is asked.
   */
  public int cl100kFor(int servedTokens) {
    if (!calibrated() || servedTokens == 0) {
      return servedTokens;
    }
    return (int) Math.max(1, Math.round(servedTokens / servedPerCl100k));
  }

  /**
   * The served length of generated text of {@code cl100k} tokens, no template (a system prompt).
   */
  public int servedContentFor(int cl100k) {
    return calibrated() ? (int) Math.round(servedPerCl100k * cl100k) : cl100k;
  }

  /** The served length, template included, of a request whose messages hold {@code cl100k}. */
  public int servedFor(int cl100k) {
    return calibrated() ? (int) Math.round(servedPerCl100k * cl100k + overheadTokens) : cl100k;
  }

  /**
   * One line for the run header, e.g. {@code prompt lengths in the served model's tokens: 1.30 per
   * cl100k token + 12 template tokens per request (the server's /tokenize)}.
   */
  public String describe() {
    if (!calibrated()) {
      return "prompt lengths in cl100k tokens (not calibrated against the target)";
    }
    return String.format(
        Locale.ROOT,
        "prompt lengths in the served model's tokens: %.2f per cl100k token + %.0f template"
            + " tokens per request (%s)",
        servedPerCl100k,
        overheadTokens,
        source.text());
  }
}
