package dev.ttftgap.profile;

import java.util.Locale;

/**
 * Whether the requests of a run share their prompt. Real servers cache prefixes (vLLM V1 and SGLang
 * by default), so a run that repeats one prompt measures the cache, not the model.
 */
public enum PromptMode {
  /**
   * Every request's user message starts with its own tag: nothing cached beyond the shared part.
   */
  DISTINCT,
  /**
   * Every request sends the same text (the source articles' fixed prompt): measures a warm cache.
   */
  REPEATED,
  /** Prompts come from a dataset's conversations (set by {@code request.dataset}). */
  DATASET;

  /** The name written in profiles and records: the constant's name in lower case. */
  public String code() {
    return name().toLowerCase(Locale.ROOT);
  }
}
