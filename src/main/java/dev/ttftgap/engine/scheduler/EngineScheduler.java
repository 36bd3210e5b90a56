package dev.ttftgap.engine.scheduler;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Continuous-batching scheduler of one simulated model, in the style of vLLM's V1 scheduler.
 *
 * <p>Algorithm overview: the engine runs one step at a time. {@link #startStep} plans a step at
 * engine time {@code now}: it spends the token budget ({@code max_num_batched_tokens}) first on one
 * decode token per running sequence whose prefill is done, then on the next prefill chunk of
 * running sequences still prefilling, then admits waiting sequences in FIFO order while fewer than
 * {@code max_num_seqs} run, each with a prefill chunk as large as the remaining budget. The step
 * lasts {@code base + per_seq × sequences_in_step + per_prefill_token × prefill_tokens} ({@link
 * StepCostModel#stepMicros}). {@link #finishStep} ends it: every decoding sequence gets one token,
 * a sequence whose prefill completed gets its first token, and a sequence that reached its {@code
 * maxTokens} leaves the running set, freeing its slot for the next step.
 *
 * <p>Worked example ({@code qwen3-8b-like}: base 10 ms, 0.5 ms per sequence, 0.1475 ms per prefill
 * token): an idle engine receiving a 2,000-token prompt runs one step of 10 + 0.5 + 295 = 305.5 ms,
 * at whose end the first token is ready; each further token then takes a 10.5 ms step.
 *
 * <p>Assumptions: a step's cost is known when it starts; sequences that arrive during a step wait
 * for the next one; an aborted sequence frees its slot at once but the step already under way keeps
 * its cost. The waiting queue admits a request while {@code waiting − free_slots < max_waiting}, so
 * {@code max_waiting = 0} means "no queueing beyond the free slots".
 *
 * <p>Not thread-safe: one thread (the engine's event loop, or a test) calls every method.
 */
public final class EngineScheduler {
  private final StepCostModel costs;
  private final PrefixCache prefixCache;
  private final ArrayDeque<Sequence> waiting = new ArrayDeque<>();
  private final ArrayList<Sequence> running = new ArrayList<>();
  private final ArrayList<Sequence> step = new ArrayList<>();
  private int waitingCount;
  private int runningCount;
  private boolean stepInProgress;
  private long stepEndMicros;
  private long stepsRun;

  /** A scheduler with the limits and costs of {@code costs}; a prefix cache when it has blocks. */
  public EngineScheduler(StepCostModel costs) {
    this.costs = Objects.requireNonNull(costs, "costs");
    this.prefixCache =
        costs.prefixCacheBlocks() > 0 ? new PrefixCache(costs.prefixCacheBlocks()) : null;
  }

  public StepCostModel costs() {
    return costs;
  }

  /**
   * Queues {@code sequence} at engine time {@code nowMicros}.
   *
   * @return false when the waiting queue is full (the caller rejects the request)
   */
  public boolean submit(Sequence sequence, long nowMicros) {
    if (sequence.state() != Sequence.State.NEW) {
      throw new IllegalStateException("sequence already submitted: " + sequence);
    }
    int freeSlots = Math.max(0, costs.maxNumSeqs() - runningCount);
    if (waitingCount - freeSlots >= costs.maxWaiting()) {
      return false;
    }
    sequence.markWaiting(nowMicros);
    waiting.addLast(sequence);
    waitingCount++;
    return true;
  }

  /** Removes {@code sequence} from the waiting queue or the running set; no-op once it ended. */
  public void abort(Sequence sequence) {
    switch (sequence.state()) {
      case WAITING -> {
        waitingCount--;
        sequence.markAborted();
        if (waitingCount == 0) {
          waiting.clear();
        }
      }
      case RUNNING -> {
        runningCount--;
        sequence.markAborted();
      }
      case NEW -> sequence.markAborted();
      default -> {
        // finished or already aborted
      }
    }
  }

  /**
   * Plans the next step at engine time {@code nowMicros}.
   *
   * @return the engine time at which the step ends, or empty when there is nothing to run
   * @throws IllegalStateException when a step is already under way
   */
  public OptionalLong startStep(long nowMicros) {
    if (stepInProgress) {
      throw new IllegalStateException("a step is already under way until " + stepEndMicros);
    }
    int budget = costs.maxNumBatchedTokens();
    long prefillTokens = 0;
    for (Sequence sequence : running) {
      if (sequence.state() == Sequence.State.RUNNING && sequence.prefillRemaining() == 0) {
        sequence.setStepChunk(0);
        step.add(sequence);
        budget--;
      }
    }
    for (Sequence sequence : running) {
      if (budget == 0) {
        break;
      }
      if (sequence.state() == Sequence.State.RUNNING && sequence.prefillRemaining() > 0) {
        int chunk = Math.min(sequence.prefillRemaining(), budget);
        sequence.setStepChunk(chunk);
        step.add(sequence);
        budget -= chunk;
        prefillTokens += chunk;
      }
    }
    while (budget > 0 && runningCount < costs.maxNumSeqs() && waitingCount > 0) {
      Sequence sequence = waiting.pollFirst();
      if (sequence.state() != Sequence.State.WAITING) {
        continue;
      }
      waitingCount--;
      sequence.markRunning(nowMicros, cachedTokens(sequence));
      running.add(sequence);
      runningCount++;
      int chunk = Math.min(sequence.prefillRemaining(), budget);
      sequence.setStepChunk(chunk);
      step.add(sequence);
      budget -= chunk;
      prefillTokens += chunk;
    }
    if (step.isEmpty()) {
      return OptionalLong.empty();
    }
    stepInProgress = true;
    stepEndMicros = nowMicros + costs.stepMicros(step.size(), prefillTokens);
    return OptionalLong.of(stepEndMicros);
  }

  /**
   * Ends the step under way at its planned end time: hands every produced token to its sequence's
   * sink, in step order, and frees the slots of sequences that finished.
   */
  public void finishStep() {
    if (!stepInProgress) {
      throw new IllegalStateException("no step under way");
    }
    stepInProgress = false;
    stepsRun++;
    long end = stepEndMicros;
    for (Sequence sequence : step) {
      if (sequence.state() != Sequence.State.RUNNING) {
        continue;
      }
      int chunk = sequence.stepChunk();
      if (chunk > 0) {
        sequence.addPrefilled(chunk);
        sequence.setStepChunk(0);
        if (sequence.prefillRemaining() > 0) {
          continue;
        }
        if (prefixCache != null) {
          prefixCache.insert(sequence.blockHashes());
        }
        sequence.markFirstToken(end);
      }
      boolean last = sequence.addGenerated() >= sequence.maxTokens();
      if (last) {
        sequence.markFinished(end);
        runningCount--;
      }
      sequence.sink().onToken(sequence, end, last);
    }
    step.clear();
    running.removeIf(sequence -> sequence.state() != Sequence.State.RUNNING);
  }

  public boolean stepInProgress() {
    return stepInProgress;
  }

  /** Planned end of the step under way; meaningful only while {@link #stepInProgress()}. */
  public long stepEndMicros() {
    return stepEndMicros;
  }

  /** Whether a step could start now: something is running or waiting. */
  public boolean hasWork() {
    return runningCount > 0 || waitingCount > 0;
  }

  public int runningCount() {
    return runningCount;
  }

  public int waitingCount() {
    return waitingCount;
  }

  public long stepsRun() {
    return stepsRun;
  }

  /** Blocks held by the prefix cache; 0 when the cache is disabled. */
  public int prefixCacheBlocks() {
    return prefixCache == null ? 0 : prefixCache.sizeBlocks();
  }

  /** Snapshot of the running sequences, for diagnostics and tests. */
  public List<Sequence> runningSequences() {
    return running.stream().filter(s -> s.state() == Sequence.State.RUNNING).toList();
  }

  private int cachedTokens(Sequence sequence) {
    if (prefixCache == null) {
      return 0;
    }
    int matched = prefixCache.matchedBlocks(sequence.blockHashes());
    // at least one token is always computed, as in vLLM, so the first token has a step to come from
    return Math.min(matched * costs.blockSize(), sequence.promptTokens() - 1);
  }
}
