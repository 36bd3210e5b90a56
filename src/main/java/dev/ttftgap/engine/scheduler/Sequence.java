package dev.ttftgap.engine.scheduler;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * One request inside the engine: its prompt, its output budget and its progress.
 *
 * <p>Mutated only by {@link EngineScheduler}, on the scheduler's single thread. Engine times are
 * microseconds of the clock the caller feeds the scheduler with.
 */
public final class Sequence {
  /** Where a sequence is in its life. */
  public enum State {
    NEW,
    WAITING,
    RUNNING,
    FINISHED,
    ABORTED
  }

  private static final long UNDEFINED = Long.MIN_VALUE;

  private final String id;
  private final int promptTokens;
  private final long[] blockHashes;
  private final int maxTokens;
  private final TokenSink sink;

  private State state = State.NEW;
  private long arrivalMicros = UNDEFINED;
  private long scheduledMicros = UNDEFINED;
  private long firstTokenMicros = UNDEFINED;
  private long finishedMicros = UNDEFINED;
  private int cachedTokens;
  private int prefillTarget;
  private int admittedCachedTokens;
  private int prefilledTokens;
  private int stepChunk;
  private boolean inStep;
  private int generatedTokens;
  private int preemptions;
  private int sharedKvBlocks;
  private int ownKvBlocks;

  /**
   * @param id request id, for diagnostics
   * @param promptTokens prompt length, tokens, at least 1
   * @param blockHashes chained hashes of the prompt's full blocks ({@link
   *     PrefixCache#blockHashes}); empty when the prefix cache is not used
   * @param maxTokens output tokens to generate, at least 1
   * @param sink receives the tokens
   */
  public Sequence(String id, int promptTokens, long[] blockHashes, int maxTokens, TokenSink sink) {
    if (promptTokens < 1) {
      throw new IllegalArgumentException("promptTokens must be >= 1, was " + promptTokens);
    }
    if (maxTokens < 1) {
      throw new IllegalArgumentException("maxTokens must be >= 1, was " + maxTokens);
    }
    this.id = Objects.requireNonNull(id, "id");
    this.promptTokens = promptTokens;
    this.blockHashes = Objects.requireNonNull(blockHashes, "blockHashes");
    this.maxTokens = maxTokens;
    this.sink = Objects.requireNonNull(sink, "sink");
    this.prefillTarget = promptTokens;
  }

  public String id() {
    return id;
  }

  public int promptTokens() {
    return promptTokens;
  }

  public int maxTokens() {
    return maxTokens;
  }

  public State state() {
    return state;
  }

  /** Times the scheduler preempted this sequence (recompute policy): 0 when never. */
  public int preemptions() {
    return preemptions;
  }

  /** KV-cache blocks held: shared (prefix-cache) ones plus its own; 0 when not running. */
  public int kvBlocks() {
    return sharedKvBlocks + ownKvBlocks;
  }

  /** Prompt tokens found in the prefix cache at (first) admission; 0 before admission. */
  public int cachedTokens() {
    return cachedTokens;
  }

  public int generatedTokens() {
    return generatedTokens;
  }

  public OptionalLong arrivalMicros() {
    return optional(arrivalMicros);
  }

  /** When the sequence first left the waiting queue for the running set. */
  public OptionalLong scheduledMicros() {
    return optional(scheduledMicros);
  }

  /** End of the step that completed the prefill and produced the first token. */
  public OptionalLong firstTokenMicros() {
    return optional(firstTokenMicros);
  }

  public OptionalLong finishedMicros() {
    return optional(finishedMicros);
  }

  long[] blockHashes() {
    return blockHashes;
  }

  TokenSink sink() {
    return sink;
  }

  /**
   * Tokens still to prefill before the next token: the prompt, or after a preemption the prompt and
   * every token generated so far (recompute), less what the prefix cache held at admission.
   */
  int prefillRemaining() {
    return prefillTarget - admittedCachedTokens - prefilledTokens;
  }

  /** Tokens the prefill of the current admission covers (prompt, plus output after preemption). */
  int prefillTarget() {
    return prefillTarget;
  }

  /** KV tokens held once the prefill chunk {@code chunk} is computed. */
  int kvTokensAfterChunk(int chunk) {
    return admittedCachedTokens + prefilledTokens + chunk;
  }

  /** KV tokens held once the next decode step ran: it writes the KV of the last generated token. */
  int kvTokensAfterDecode() {
    return promptTokens + generatedTokens;
  }

  int sharedKvBlocks() {
    return sharedKvBlocks;
  }

  int ownKvBlocks() {
    return ownKvBlocks;
  }

  void setKvBlocks(int shared, int own) {
    sharedKvBlocks = shared;
    ownKvBlocks = own;
  }

  boolean inStep() {
    return inStep;
  }

  void setInStep(boolean value) {
    inStep = value;
  }

  int stepChunk() {
    return stepChunk;
  }

  void setStepChunk(int tokens) {
    stepChunk = tokens;
  }

  void markWaiting(long nowMicros) {
    state = State.WAITING;
    arrivalMicros = nowMicros;
  }

  void markRunning(long nowMicros, int cached) {
    state = State.RUNNING;
    if (scheduledMicros == UNDEFINED) {
      // a step may be planned from a moment just before this arrival (timer catch-up)
      scheduledMicros = Math.max(nowMicros, arrivalMicros);
      cachedTokens = cached;
    }
    admittedCachedTokens = cached;
  }

  /**
   * Back to waiting after a preemption (recompute policy, vLLM V1): the KV is gone, so the prefill
   * on readmission covers the prompt and every token generated so far; the tokens already handed
   * out stay handed out.
   */
  void markPreempted() {
    state = State.WAITING;
    preemptions++;
    prefillTarget = promptTokens + generatedTokens;
    admittedCachedTokens = 0;
    prefilledTokens = 0;
    stepChunk = 0;
  }

  void addPrefilled(int tokens) {
    prefilledTokens += tokens;
  }

  void markFirstToken(long micros) {
    if (firstTokenMicros == UNDEFINED) {
      firstTokenMicros = micros;
    }
  }

  int addGenerated() {
    return ++generatedTokens;
  }

  void markFinished(long micros) {
    state = State.FINISHED;
    finishedMicros = micros;
  }

  void markAborted() {
    state = State.ABORTED;
  }

  private static OptionalLong optional(long micros) {
    return micros == UNDEFINED ? OptionalLong.empty() : OptionalLong.of(micros);
  }

  @Override
  public String toString() {
    return "Sequence["
        + id
        + ", "
        + state
        + ", generated "
        + generatedTokens
        + (preemptions == 0 ? "" : ", preempted " + preemptions)
        + "]";
  }
}
