package dev.ttftgap.engine.scheduler;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs an {@link EngineScheduler} under a fake clock, the way the Netty driver does in real time: a
 * step starts when work arrives at an idle engine, the next one at the previous one's end. Records
 * every token with its engine time.
 */
public final class VirtualTimeDriver implements TokenSink {
  /** One produced token. */
  public record Token(String sequenceId, int index, long micros, boolean last) {}

  private final EngineScheduler scheduler;
  private final List<Token> tokens = new ArrayList<>();
  private final Map<String, Sequence> sequences = new HashMap<>();
  private long nowMicros;
  private boolean holdSteps;

  public VirtualTimeDriver(StepCostModel costs) {
    this.scheduler = new EngineScheduler(costs);
  }

  public EngineScheduler scheduler() {
    return scheduler;
  }

  public long nowMicros() {
    return nowMicros;
  }

  /** Submits a sequence now; false when the queue refused it. */
  public boolean submit(String id, int promptTokens, int maxTokens) {
    return submit(id, promptTokens, new long[0], maxTokens);
  }

  public boolean submit(String id, int promptTokens, long[] blockHashes, int maxTokens) {
    Sequence sequence = new Sequence(id, promptTokens, blockHashes, maxTokens, this);
    sequences.put(id, sequence);
    boolean accepted = scheduler.submit(sequence, nowMicros);
    if (accepted && !holdSteps && !scheduler.stepInProgress()) {
      scheduler.startStep(nowMicros);
    }
    return accepted;
  }

  /** Runs {@code submissions} as if they arrived at the same instant, then starts a step. */
  public void together(Runnable submissions) {
    holdSteps = true;
    try {
      submissions.run();
    } finally {
      holdSteps = false;
    }
    if (!scheduler.stepInProgress() && scheduler.hasWork()) {
      scheduler.startStep(nowMicros);
    }
  }

  public Sequence sequence(String id) {
    return sequences.get(id);
  }

  /** Runs every step that ends at or before {@code micros}, then sets the clock there. */
  public void advanceTo(long micros) {
    while (scheduler.stepInProgress() && scheduler.stepEndMicros() <= micros) {
      nowMicros = scheduler.stepEndMicros();
      scheduler.finishStep();
      if (scheduler.hasWork()) {
        scheduler.startStep(nowMicros);
      }
    }
    nowMicros = Math.max(nowMicros, micros);
    if (!scheduler.stepInProgress() && scheduler.hasWork()) {
      scheduler.startStep(nowMicros);
    }
  }

  /** Runs until nothing is running or waiting. */
  public void runUntilIdle() {
    while (scheduler.stepInProgress()) {
      advanceTo(scheduler.stepEndMicros());
    }
  }

  public List<Token> tokens() {
    return tokens;
  }

  /** Engine time of the first token of {@code id}, or -1. */
  public long firstTokenMicros(String id) {
    return tokens.stream()
        .filter(t -> t.sequenceId().equals(id) && t.index() == 0)
        .mapToLong(Token::micros)
        .findFirst()
        .orElse(-1);
  }

  @Override
  public void onToken(Sequence sequence, long stepEndMicros, boolean last) {
    tokens.add(new Token(sequence.id(), sequence.generatedTokens() - 1, stepEndMicros, last));
  }
}
