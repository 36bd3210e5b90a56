package dev.ttftgap.profile;

/**
 * One request ready to send, and what its record keeps about it.
 *
 * @param json the body
 * @param promptTokens tokens of every message sent (system, history, user), jtokkit counts
 * @param maxTokens {@code max_tokens} sent
 * @param prompts how the prompt was made: {@code distinct}, {@code repeated} or {@code dataset}
 * @param sharedPrefixTokens tokens of the system prompt every request of the run shares; 0 = none
 * @param conversationId the conversation of a multi-turn run; null for single requests
 * @param turn 1-based turn within the conversation; null for single requests
 */
public record PlannedRequest(
    String json,
    int promptTokens,
    int maxTokens,
    String prompts,
    int sharedPrefixTokens,
    String conversationId,
    Integer turn) {}
