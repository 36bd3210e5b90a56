package dev.ttftgap.profile;

import java.util.Locale;

/**
 * How hard a reasoning model is asked to think ({@code request.reasoningEffort}). Each API spells
 * it its own way: chat's {@code reasoning_effort}, Responses' {@code reasoning: {effort}},
 * Messages' {@code thinking: {type: "enabled", budget_tokens}}; Messages wants a token budget, so
 * each level carries one (Anthropic's minimum is 1024).
 */
public enum ReasoningEffort {
  LOW(1_024),
  MEDIUM(4_096),
  HIGH(16_384);

  private final int budgetTokens;

  ReasoningEffort(int budgetTokens) {
    this.budgetTokens = budgetTokens;
  }

  /** The name in profiles and in OpenAI's bodies: {@code low}, {@code medium}, {@code high}. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The thinking budget a Messages body asks for at this level, tokens. */
  public int budgetTokens() {
    return budgetTokens;
  }
}
