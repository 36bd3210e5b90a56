package dev.ttftgap.analysis;

import dev.ttftgap.health.LoadGeneratorHealth;
import java.util.List;

/**
 * The finished capacity analysis of one or several records files: what every renderer formats.
 * Immutable; null components are undefined (see each one's type for why).
 *
 * @param input what the analysis read: its files, runs and records
 * @param options the SLO, peak rate and baseline asked for
 * @param steps per-step statistics, in step order
 * @param headerTiming when the server sends its headers
 * @param knee where the gap leaves its low-load band
 * @param slo the max sustainable rate (open) or concurrency (closed) under the SLO
 * @param saturation where throughput stops rising with the load
 * @param model the fitted queueing model; null when not fitted ({@code modelNote} says why), and
 *     always in a closed run
 * @param modelNote why no model was fitted; null when one was
 * @param closedLoopModel Little's-law figures of a closed run's plateau; null in an open run and
 *     when not built ({@code modelNote} says why)
 * @param replicas replicas for the peak rate; null when no peak rate was given
 * @param baseline comparison with a previous report; null when none was given
 * @param workload what the run sent (prompt mode, lengths per step, TTFT per turn); null when not
 *     read
 * @param runNotes what happened to the run itself, in sentences that come first in the verdicts
 *     (e.g. the circuit breaker's "stopped at step 3 · 6 rps: ..."); empty for a run that ran its
 *     course
 * @param serverMetrics the server's own view from its scraped {@code /metrics}; null when the run
 *     left no {@code server-metrics.jsonl}
 * @param loadGenerator the load generator's health per step and for the run (from {@code
 *     load-generator.jsonl} beside the records); null when the run has no such file
 * @param queueLocation where the queue is, step by step (before or after the headers), and the knee
 *     on TTFT; null when not analysed (a report built without it)
 * @param classes per-class verdicts and the joint answer of a run with request classes; null for a
 *     run of one request shape
 * @param recovery the queue's rise and drain around a launch spike; null for a run without a burst
 */
public record CapacityReport(
    Input input,
    CapacityOptions options,
    List<StepStats> steps,
    HeaderTimingVerdict headerTiming,
    Knee knee,
    SloVerdict slo,
    Saturation saturation,
    QueueModel model,
    String modelNote,
    ClosedLoopModel closedLoopModel,
    Replicas replicas,
    PreviousRunComparison baseline,
    SentWorkload workload,
    List<String> runNotes,
    ServerMetricsView serverMetrics,
    LoadGeneratorHealth loadGenerator,
    QueueLocation queueLocation,
    ClassesVerdict classes,
    RecoveryVerdict recovery) {

  public CapacityReport {
    runNotes = runNotes == null ? List.of() : List.copyOf(runNotes);
    steps = List.copyOf(steps);
  }

  /**
   * What the analysis read.
   *
   * @param sources the records files analysed
   * @param runs distinct run ids found in them
   * @param requests all records read, warm-up included
   * @param warmupRequests warm-up records, left out of the statistics
   * @param apis the streaming APIs the records used ({@code chat}, {@code messages}, …; a record
   *     without one counts as {@code chat}), sorted; empty when there was no record
   * @param connections what opening connections cost; null when no record has a set-up time
   */
  public record Input(
      List<String> sources,
      List<String> runs,
      int requests,
      int warmupRequests,
      List<String> apis,
      ConnectionSetup connections) {
    /** What the analysis read, with no API named (records of a chat run). */
    public Input(List<String> sources, List<String> runs, int requests, int warmupRequests) {
      this(sources, runs, requests, warmupRequests, List.of(), null);
    }

    public Input {
      sources = List.copyOf(sources);
      runs = List.copyOf(runs);
      apis = apis == null ? List.of() : List.copyOf(apis);
    }

    /** True when some record used another API than chat completions. */
    public boolean beyondChat() {
      return apis.stream().anyMatch(api -> !"chat".equals(api));
    }
  }

  /** True when some step saw reasoning or a tool call ({@link FirstTokens#beyondContent()}). */
  public boolean hasOutputKinds() {
    return steps.stream().anyMatch(s -> s.firstTokens().beyondContent());
  }

  /** How the load was applied: it decides whether the verdicts read in rates or concurrency. */
  public LoadModel loadModel() {
    return LoadModel.of(steps);
  }

  /** The step with index {@code step}, or null. */
  public StepStats step(int step) {
    return steps.stream().filter(s -> s.step() == step).findFirst().orElse(null);
  }
}
