package dev.ttftgap.engine.scheduler;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
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
 * <p>KV cache ({@link KvBlockPool}, when {@code num_gpu_blocks > 0}): a running sequence holds ⌈KV
 * tokens / block_size⌉ blocks, its cached prefix blocks shared. Every scheduled token needs its
 * slot: a decode step writes the KV of the last generated token, so a decoding sequence holds
 * ⌈(prompt + generated) / block_size⌉ blocks; a prefill chunk needs the blocks up to its end.
 * Admission (FIFO) stops at the first waiting sequence whose chunk's blocks are not free. When a
 * running sequence's next token or chunk finds no free block, the youngest running sequence (last
 * admitted) is preempted, possibly the one asking: recompute policy as vLLM V1 — its blocks are
 * freed, it goes back to the front of the waiting queue, and on readmission its prefill covers the
 * prompt plus every token it generated (less the prefix cache's hits); no admission happens in a
 * step that preempted. Tokens already handed to the sink stay handed out; the next one comes after
 * the recompute, so the client sees a stall, never a lost or repeated token.
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
 *
 * <p>One class (~350 lines, a quarter of them this specification) on purpose: the step planner,
 * admission and preemption read and write the same queues, budget and KV pool within one step; the
 * cost model, the KV pool and the prefix cache are already their own types.
 */
public final class EngineScheduler {
  private final StepCostModel costs;
  private final PrefixCache prefixCache;
  private final ArrayDeque<Sequence> waiting = new ArrayDeque<>();
  private final ArrayList<Sequence> running = new ArrayList<>();
  private final ArrayList<Sequence> step = new ArrayList<>();
  private final KvBlockPool kvCache;
  private int waitingCount;
  private int runningCount;
  private boolean stepInProgress;
  private long stepEndMicros;
  private long stepsRun;
  private long preemptionsTotal;
  private int budget;
  private boolean preemptedThisStep;

  /** A scheduler with the limits and costs of {@code costs}; a prefix cache when it has blocks. */
  public EngineScheduler(StepCostModel costs) {
    this.costs = Objects.requireNonNull(costs, "costs");
    this.prefixCache =
        costs.prefixCacheBlocks() > 0 ? new PrefixCache(costs.prefixCacheBlocks()) : null;
    this.kvCache = new KvBlockPool(costs);
  }

  public StepCostModel costs() {
    return costs;
  }

  /**
   * Queues {@code sequence} at engine time {@code nowMicros}.
   *
   * @return false when the waiting queue is full (the caller rejects the request)
   * @throws IllegalArgumentException when the sequence alone needs more blocks than the KV cache
   *     has (the caller must bound prompt + output by the cache, as vLLM bounds {@code
   *     max_model_len})
   */
  public boolean submit(Sequence sequence, long nowMicros) {
    if (sequence.state() != Sequence.State.NEW) {
      throw new IllegalStateException("sequence already submitted: " + sequence);
    }
    // the KV of the last output token is never computed
    long peakTokens = (long) sequence.promptTokens() + sequence.maxTokens() - 1;
    if (kvCache.limited() && costs.blocksFor(peakTokens) > kvCache.totalBlocks()) {
      throw new IllegalArgumentException(
          sequence.id()
              + " needs "
              + costs.blocksFor(peakTokens)
              + " KV-cache blocks, more than num_gpu_blocks = "
              + kvCache.totalBlocks());
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
        kvCache.release(sequence);
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
    budget = costs.maxNumBatchedTokens();
    preemptedThisStep = false;
    for (int i = 0; i < running.size(); i++) {
      Sequence sequence = running.get(i);
      if (sequence.state() == Sequence.State.RUNNING
          && sequence.prefillRemaining() == 0
          && allocate(sequence, sequence.kvTokensAfterDecode())) {
        addToStep(sequence, 0);
      }
    }
    for (int i = 0; i < running.size() && budget > 0; i++) {
      Sequence sequence = running.get(i);
      if (sequence.state() == Sequence.State.RUNNING && sequence.prefillRemaining() > 0) {
        int chunk = Math.min(sequence.prefillRemaining(), budget);
        if (allocate(sequence, sequence.kvTokensAfterChunk(chunk))) {
          addToStep(sequence, chunk);
        }
      }
    }
    // as vLLM V1: no admission in a step that had to preempt
    boolean admitting = !preemptedThisStep;
    while (admitting && budget > 0 && runningCount < costs.maxNumSeqs() && waitingCount > 0) {
      admitting = admitHead(nowMicros);
    }
    if (step.isEmpty()) {
      running.removeIf(sequence -> sequence.state() != Sequence.State.RUNNING);
      return OptionalLong.empty();
    }
    long prefillTokens = 0;
    for (Sequence sequence : step) {
      prefillTokens += sequence.stepChunk();
    }
    stepInProgress = true;
    stepEndMicros = nowMicros + costs.stepMicros(step.size(), prefillTokens);
    return OptionalLong.of(stepEndMicros);
  }

  /**
   * Admits the head of the waiting queue with a prefill chunk as large as the budget left, if the
   * KV cache has the blocks for that chunk; drops an aborted head.
   *
   * @return false when the head has to wait (too few free blocks), ending admission for this step
   */
  private boolean admitHead(long nowMicros) {
    Sequence sequence = waiting.peekFirst();
    if (sequence.state() != Sequence.State.WAITING) {
      waiting.pollFirst();
      return true;
    }
    int matched = prefixCache == null ? 0 : prefixCache.matchedBlocks(sequence.blockHashes());
    // at least one token is always computed, as in vLLM, so the next token has a step to come from
    int cached = Math.min(matched * costs.blockSize(), sequence.prefillTarget() - 1);
    int chunk = Math.min(sequence.prefillTarget() - cached, budget);
    int tokens = cached + chunk;
    if (kvCache.blocksToAdmit(sequence.blockHashes(), matched, tokens) > kvCache.freeBlocks()) {
      return false;
    }
    waiting.pollFirst();
    waitingCount--;
    sequence.markRunning(nowMicros, cached);
    kvCache.admit(sequence, matched, tokens);
    running.add(sequence);
    runningCount++;
    addToStep(sequence, chunk);
    return true;
  }

  private void addToStep(Sequence sequence, int chunk) {
    sequence.setStepChunk(chunk);
    sequence.setInStep(true);
    step.add(sequence);
    budget -= Math.max(1, chunk);
  }

  /**
   * Gives {@code sequence} the blocks for {@code kvTokens} tokens, preempting the youngest running
   * sequences (the last admitted: vLLM V1's order under first-come-first-served) while too few are
   * free.
   *
   * @return false when {@code sequence} itself had to be preempted
   */
  private boolean allocate(Sequence sequence, int kvTokens) {
    while (!kvCache.grow(sequence, kvTokens)) {
      Sequence victim = youngestRunning();
      preempt(victim);
      if (victim == sequence) {
        return false;
      }
    }
    return true;
  }

  private Sequence youngestRunning() {
    for (int i = running.size() - 1; i >= 0; i--) {
      if (running.get(i).state() == Sequence.State.RUNNING) {
        return running.get(i);
      }
    }
    throw new IllegalStateException("no running sequence to preempt");
  }

  /** Recompute preemption: blocks freed, back to the front of the waiting queue. */
  private void preempt(Sequence victim) {
    if (victim.inStep()) {
      step.remove(victim);
      victim.setInStep(false);
      budget += Math.max(1, victim.stepChunk());
    }
    kvCache.release(victim);
    victim.markPreempted();
    runningCount--;
    waiting.addFirst(victim);
    waitingCount++;
    preemptionsTotal++;
    preemptedThisStep = true;
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
      sequence.setInStep(false);
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
          kvCache.publish(sequence);
        }
        sequence.markFirstToken(end);
      }
      boolean last = sequence.addGenerated() >= sequence.maxTokens();
      if (last) {
        sequence.markFinished(end);
        runningCount--;
        kvCache.release(sequence);
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

  /** Preemptions since the start (vLLM {@code num_preemptions}). */
  public long preemptionsTotal() {
    return preemptionsTotal;
  }

  /** KV-cache blocks the running sequences hold (shared blocks once). */
  public int kvCacheUsedBlocks() {
    return kvCache.usedBlocks();
  }

  /**
   * Share of the KV cache the running sequences hold, 0..1 (vLLM {@code kv_cache_usage_perc});
   * empty when the profile sets no KV-cache size.
   */
  public OptionalDouble kvCacheUsage() {
    return kvCache.limited()
        ? OptionalDouble.of(kvCache.usedBlocks() / (double) kvCache.totalBlocks())
        : OptionalDouble.empty();
  }

  /** Blocks held by the prefix cache; 0 when the cache is disabled. */
  public int prefixCacheBlocks() {
    return prefixCache == null ? 0 : prefixCache.sizeBlocks();
  }

  /** Snapshot of the running sequences, for diagnostics and tests. */
  public List<Sequence> runningSequences() {
    return running.stream().filter(s -> s.state() == Sequence.State.RUNNING).toList();
  }
}
