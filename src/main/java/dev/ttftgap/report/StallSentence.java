package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.ServerMetricsView;
import dev.ttftgap.analysis.ServerStepMetrics;
import dev.ttftgap.analysis.StepStats;
import dev.ttftgap.servermetrics.MetricsDialect;
import dev.ttftgap.servermetrics.ServerMetric;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The stall sentence: from which step requests paused mid-stream, and which causes the run's
 * evidence leaves standing.
 *
 * <p>Algorithm overview: the stalled steps are those from the first whose share of stalled requests
 * is at least {@value #STALLED_POINTS_TO_REPORT} % and that many points above the first step's. Two
 * causes pause a running stream: the server preempts it (its KV cache is full), or it prefills
 * newly admitted requests between the running decodes (vLLM's chunked prefill and llama.cpp do it;
 * it coincides with arrivals). The server's preemption counter decides, step by step, where it was
 * read (the step not dark, the counter in at least two of its scrapes):
 *
 * <ul>
 *   <li>it rose in a stalled step: preemption, confirmed;
 *   <li>it was read in every stalled step and stayed flat: not preemption; prefill interference
 *       fits;
 *   <li>otherwise (not scraped, no such counter, dark steps, or read in some only): both fit, and
 *       the sentence says what was not read.
 * </ul>
 *
 * <p>Assumptions: a pause is an inter-token gap ≥ 10 × the request's median ITL (the step
 * statistics'); nothing in the client's figures tells the two causes apart.
 */
final class StallSentence {
  /**
   * Points by which a step's share of stalled requests must exceed the first step's (and its least
   * share) before the report speaks of stalls: a busy load generator or machine pauses some streams
   * at any load, a server that preempts pauses more of them as load rises.
   */
  static final double STALLED_POINTS_TO_REPORT = 10.0;

  private static final String PREFILL =
      "prefill of newly admitted requests interleaved with the running decodes (vLLM's chunked"
          + " prefill and llama.cpp do it; it coincides with arrivals)";

  private StallSentence() {}

  /** The sentence; empty when no step stalls noticeably more than the first. */
  static Optional<String> of(CapacityReport report) {
    List<StepStats> steps = report.steps();
    if (steps.isEmpty()) {
      return Optional.empty();
    }
    Double first = steps.get(0).stream().stalledPercent();
    double lowLoad = first == null ? 0 : first;
    List<StepStats> stalled =
        steps.stream()
            .filter(
                s ->
                    s.stream().stalledPercent() != null
                        && s.stream().stalledPercent() >= STALLED_POINTS_TO_REPORT
                        && s.stream().stalledPercent() >= lowLoad + STALLED_POINTS_TO_REPORT)
            .toList();
    if (stalled.isEmpty()) {
      return Optional.empty();
    }
    StepStats step = stalled.get(0);
    double share = step.stream().stalledPercent();
    double worst =
        steps.stream()
            .filter(s -> s.step() >= step.step() && s.stream().stalledPercent() != null)
            .mapToDouble(s -> s.stream().stalledPercent())
            .max()
            .orElseThrow();
    long longest =
        steps.stream()
            .filter(s -> s.stream().longestStallMillis() != null)
            .mapToLong(s -> s.stream().longestStallMillis())
            .max()
            .orElseThrow();
    return Optional.of(
        "Stalls: from step "
            + step.step()
            + " ("
            + (VerdictSentences.closed(report)
                ? VerdictSentences.streams(step.concurrency())
                : Fmt.rate(step.rate()))
            + ") "
            + Fmt.pct(share)
            + " of requests paused mid-stream ("
            + Fmt.pct(lowLoad)
            + " at step "
            + steps.get(0).step()
            + (worst > share ? ", up to " + Fmt.pct(worst) + " later" : "")
            + "; a pause is an inter-token gap ≥ 10 × the request's median ITL, longest "
            + Fmt.ms((double) longest)
            + "; ITL p99 per step in the table): "
            + causes(report, stalled.stream().map(StepStats::step).toList()));
  }

  /** What the preemption counter says about {@code stalled}, and the causes that fit. */
  static String causes(CapacityReport report, List<Integer> stalled) {
    ServerMetricsView view = report.serverMetrics();
    String counter = counterName(view);
    List<Integer> rose = new ArrayList<>();
    List<Integer> flat = new ArrayList<>();
    List<Integer> unread = new ArrayList<>();
    double preempted = 0;
    for (int s : stalled) {
      ServerStepMetrics m = view == null ? null : view.step(s);
      if (m == null || m.dark() || m.preemptions() == null) {
        unread.add(s);
      } else if (m.preemptions() > 0) {
        rose.add(s);
        preempted += m.preemptions();
      } else {
        flat.add(s);
      }
    }
    if (!rose.isEmpty()) {
      return "the server preempted running sequences (its preemption counter "
          + counter
          + " rose by "
          + Fmt.num(preempted)
          + " in "
          + ServerVerdict.stepList(rose)
          + "), as one does when its KV cache is full; with long prompts a full KV cache limits"
          + " concurrency before max_num_seqs does."
          + (flat.isEmpty() && unread.isEmpty()
              ? ""
              : " Where it did not rise ("
                  + ServerVerdict.stepList(concat(flat, unread))
                  + "), "
                  + PREFILL
                  + " fits as well.");
    }
    if (unread.isEmpty()) {
      return "not preemption: the server's preemption counter "
          + counter
          + " was read in "
          + ServerVerdict.stepList(flat)
          + " and stayed flat; the pauses fit "
          + PREFILL
          + ".";
    }
    return "two causes fit, and this run cannot tell them apart: preemption (a server whose KV"
        + " cache is full holds running sequences back; its preemption counter, e.g."
        + " vllm:num_preemptions_total, would confirm it, but "
        + whyUnread(view, counter, flat, unread)
        + "), or "
        + PREFILL
        + ".";
  }

  private static String whyUnread(
      ServerMetricsView view, String counter, List<Integer> flat, List<Integer> unread) {
    String flatToo =
        flat.isEmpty()
            ? ""
            : "; it stayed flat in " + ServerVerdict.stepList(flat) + ", where it was read";
    if (view == null) {
      return "the run scraped no /metrics";
    }
    if (view.vendor() != null && counter == null) {
      return "this server (" + view.vendor() + ") exposes no such counter";
    }
    List<Integer> dark = unread.stream().filter(view.darkSteps()::contains).toList();
    if (!dark.isEmpty() && dark.size() == unread.size()) {
      return "its metrics were dark in " + ServerVerdict.stepList(dark) + flatToo;
    }
    return "it was not read in " + ServerVerdict.stepList(unread) + flatToo;
  }

  /** The server's preemption counter's family name; null when its dialect has none or unknown. */
  private static String counterName(ServerMetricsView view) {
    if (view == null || view.vendor() == null) {
      return null;
    }
    try {
      return MetricsDialect.parse(view.vendor()).name(ServerMetric.PREEMPTIONS).orElse(null);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static List<Integer> concat(List<Integer> a, List<Integer> b) {
    List<Integer> all = new ArrayList<>(a);
    all.addAll(b);
    all.sort(Integer::compare);
    return all;
  }
}
