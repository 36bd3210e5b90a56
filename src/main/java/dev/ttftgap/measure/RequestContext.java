package dev.ttftgap.measure;

import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.RequestRecordBuilder;
import org.jspecify.annotations.Nullable;

/**
 * What the load generator knows about a request before sending it.
 *
 * @param phase warm-up, step or (a search's) hold
 * @param offeredRate requests/s of the step (open model), null otherwise
 * @param concurrency users of the step (closed model), null otherwise
 * @param idleTimeoutMillis longest allowed silence between two events of one stream
 * @param newConnection whether the request needed a new connection (see {@link
 *     ConnectionEstimator}), null when unknown
 * @param prompts how the prompt was made ({@code distinct}, {@code repeated}, {@code dataset});
 *     null when not said
 * @param sharedPrefixTokens tokens of the system prompt every request shares; null when not said
 * @param conversationId the conversation of a multi-turn run; null for single requests
 * @param turn 1-based turn within the conversation; null for single requests
 */
public record RequestContext(
    String run,
    long userId,
    RequestPhase phase,
    int step,
    String stepLabel,
    @Nullable Double offeredRate,
    @Nullable Integer concurrency,
    String model,
    @Nullable Integer promptTokens,
    @Nullable Integer maxTokens,
    long idleTimeoutMillis,
    @Nullable Boolean newConnection,
    @Nullable String prompts,
    @Nullable Integer sharedPrefixTokens,
    @Nullable String conversationId,
    @Nullable Integer turn) {

  /**
   * The same context in another part of the run: a search's or auto stairs' phase, decided when the
   * request was admitted.
   */
  public RequestContext withStep(
      RequestPhase newPhase,
      int newStep,
      String newStepLabel,
      @Nullable Double newOfferedRate,
      @Nullable Integer newConcurrency) {
    return new RequestContext(
        run,
        userId,
        newPhase,
        newStep,
        newStepLabel,
        newOfferedRate,
        newConcurrency,
        model,
        promptTokens,
        maxTokens,
        idleTimeoutMillis,
        newConnection,
        prompts,
        sharedPrefixTokens,
        conversationId,
        turn);
  }

  /** The same context with {@code newConnection} set. */
  public RequestContext withNewConnection(boolean value) {
    return new RequestContext(
        run,
        userId,
        phase,
        step,
        stepLabel,
        offeredRate,
        concurrency,
        model,
        promptTokens,
        maxTokens,
        idleTimeoutMillis,
        value,
        prompts,
        sharedPrefixTokens,
        conversationId,
        turn);
  }

  /**
   * The request's record with what is known before sending already set: who sent it, in which step,
   * what it asked for and how its prompt was made (every measured field still undefined).
   */
  public RequestRecordBuilder record() {
    return RequestRecord.builder()
        .identity(id -> id.run(run).userId(userId))
        .level(
            lv ->
                lv.phase(phase)
                    .step(step)
                    .stepLabel(stepLabel)
                    .offeredRate(offeredRate)
                    .concurrency(concurrency))
        .input(
            in ->
                in.model(model)
                    .promptTokens(promptTokens)
                    .askedPromptTokens(promptTokens)
                    .maxTokens(maxTokens))
        .newConnection(newConnection)
        .input(
            in ->
                in.prompts(prompts)
                    .sharedPrefixTokens(sharedPrefixTokens)
                    .conversationId(conversationId)
                    .turn(turn));
  }
}
