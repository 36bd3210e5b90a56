package dev.ttftgap.profile;

/**
 * Whether the requests of a run share their prompt. Real servers cache prefixes (vLLM V1 and SGLang
 * by default), so a run that repeats one prompt measures the cache, not the model.
 */
public enum PromptMode {
  /**
   * Every request's user message starts with its own tag: nothing cached beyond the shared part.
   */
  DISTINCT("distinct"),
  /**
   * Every request sends the same text (the source articles' fixed prompt): measures a warm cache.
   */
  REPEATED("repeated"),
  /** Prompts come from a dataset's conversations (set by {@code request.dataset}). */
  DATASET("dataset");

  private final String code;

  PromptMode(String code) {
    this.code = code;
  }

  /** The name written in profiles and records. */
  public String code() {
    return code;
  }
}
