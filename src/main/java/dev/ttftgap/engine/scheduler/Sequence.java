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
  private int prefilledTokens;
  private int stepChunk;
  private int generatedTokens;

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

  /** Prompt tokens found in the prefix cache at admission; 0 before admission. */
  public int cachedTokens() {
    return cachedTokens;
  }

  public int generatedTokens() {
    return generatedTokens;
  }

  public OptionalLong arrivalMicros() {
    return optional(arrivalMicros);
  }

  /** When the sequence left the waiting queue for the running set. */
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

  int prefillRemaining() {
    return promptTokens - cachedTokens - prefilledTokens;
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
    // a step may be planned from a moment just before this arrival (timer catch-up)
    scheduledMicros = Math.max(nowMicros, arrivalMicros);
    cachedTokens = cached;
  }

  void addPrefilled(int tokens) {
    prefilledTokens += tokens;
  }

  void markFirstToken(long micros) {
    firstTokenMicros = micros;
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
    return "Sequence[" + id + ", " + state + ", generated " + generatedTokens + "]";
  }
}
