package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.Knee;
import dev.ttftgap.analysis.ServerMetricsAnalysis;
import dev.ttftgap.analysis.ServerMetricsView;
import dev.ttftgap.analysis.ServerStepMetrics;
import dev.ttftgap.analysis.StepStats;
import java.util.List;
import java.util.Optional;

/**
 * The verdict sentence of the server's own view: where its queue first grows, checked against the
 * knee the client's gap gave. Example: "The server's queue first grows at step 5 (8 rps): mean
 * waiting 0.01 at step 1 → 3.2 — the knee (step 5) is queueing, not prefill (mean prefill 16 → 18
 * ms)."
 *
 * <p>Only steps whose scrapes covered them (not dark, see {@code ServerMetricsAnalysis}) speak for
 * the server: a step without readings is said to be unread, never taken as a quiet server, and when
 * the metrics went dark the sentence says from which step and how the scrapes failed.
 */
final class ServerVerdict {
  private ServerVerdict() {}

  /** The sentence; empty when the run scraped nothing. */
  static Optional<String> of(CapacityReport report) {
    ServerMetricsView view = report.serverMetrics();
    if (view == null) {
      return Optional.empty();
    }
    if (view.failures() == view.scrapes()) {
      return Optional.of(
          "The server's metrics ("
              + view.url()
              + ") could not be scraped ("
              + view.failures()
              + " of "
              + view.scrapes()
              + " attempts failed): no server-side view.");
    }
    if (view.vendor() == null || view.steps().isEmpty()) {
      return Optional.of(
          "The server's metrics ("
              + view.url()
              + ") carry no vLLM, SGLang, TGI or llama.cpp family: no server-side view.");
    }
    String dark = darkness(report, view);
    List<ServerStepMetrics> steps = view.litSteps();
    if (steps.isEmpty()) {
      return Optional.of(dark.strip());
    }
    Knee knee = report.knee();
    boolean kneeUnread = knee.found() && view.darkSteps().contains(knee.step());
    Integer growth = view.queueGrowthStep();
    StringBuilder text = new StringBuilder("The server's (" + view.vendor() + ") queue ");
    Reading reading = new Reading(report, view, steps, knee, kneeUnread, dark);
    return Optional.of(growth == null ? reading.neverGrew(text) : reading.grew(text));
  }

  /**
   * What the verdict reads: the report, its server view, the lit steps, the knee (and whether it
   * fell on a dark step) and the darkness sentence that closes the verdict.
   */
  private record Reading(
      CapacityReport report,
      ServerMetricsView view,
      List<ServerStepMetrics> steps,
      Knee knee,
      boolean kneeUnread,
      String dark) {

    /** The queue never reached the growth threshold: say so, and what the knee then is. */
    String neverGrew(StringBuilder text) {
      ServerStepMetrics first = steps.get(0);
      double maxWaiting =
          steps.stream()
              .map(ServerStepMetrics::waitingMean)
              .filter(w -> w != null)
              .mapToDouble(Double::doubleValue)
              .max()
              .orElse(Double.NaN);
      text.append("never grew");
      if (!view.darkSteps().isEmpty()) {
        text.append(" while its metrics answered");
      }
      text.append(" (mean waiting at most ").append(Fmt.num(maxWaiting));
      if (!view.darkSteps().isEmpty()) {
        text.append(" over ")
            .append(stepList(steps.stream().map(ServerStepMetrics::step).toList()));
      }
      text.append(')');
      if (kneeUnread) {
        text.append(unreadKnee(knee));
      } else if (knee.found()) {
        text.append(" — the knee at step ")
            .append(knee.step())
            .append(" is not queueing at the server (its waiting gauge stayed under ")
            .append(Fmt.num(ServerMetricsAnalysis.QUEUE_GROWTH_WAITING))
            .append(" there): prefill, batching or transfer")
            .append(prefill(view, first.step(), knee.step()));
      }
      return text.append('.').append(preemptions(report, view)).append(dark).toString();
    }

    /** The queue grew from step {@code view.queueGrowthStep()}: from what to what, and the knee. */
    String grew(StringBuilder text) {
      ServerStepMetrics first = steps.get(0);
      Integer growth = view.queueGrowthStep();
      ServerStepMetrics grown = view.step(growth);
      List<Integer> unreadBefore = view.darkSteps().stream().filter(d -> d < growth).toList();
      text.append(unreadBefore.isEmpty() ? "first grows at step " : "is first seen grown at step ")
          .append(growth)
          .append(rate(report, growth));
      if (!unreadBefore.isEmpty()) {
        text.append(", after ").append(stepList(unreadBefore)).append(" unread");
      }
      text.append(": mean waiting ")
          .append(Fmt.num(first.waitingMean()))
          .append(" at step ")
          .append(first.step())
          .append(" → ")
          .append(Fmt.num(grown.waitingMean()));
      if (!knee.found()) {
        text.append(", though the gap never left its low-load band");
      } else if (kneeUnread) {
        text.append(unreadKnee(knee));
      } else if (knee.step().equals(growth)) {
        text.append(" — the knee (step ")
            .append(knee.step())
            .append(") is queueing, not prefill")
            .append(prefill(view, first.step(), growth));
      } else if (knee.step() < growth) {
        text.append(" — after the knee (step ")
            .append(knee.step())
            .append("): the gap first grew while the server's waiting gauge stayed under ")
            .append(Fmt.num(ServerMetricsAnalysis.QUEUE_GROWTH_WAITING))
            .append(" (batching or prefill, or a queue too short to lift the mean waiting to 1)")
            .append(prefill(view, first.step(), knee.step()))
            .append(", the queue came later");
      } else {
        text.append(" — before the knee (step ")
            .append(knee.step())
            .append("): requests queue at the server before the median gap shows it");
      }
      return text.append('.').append(preemptions(report, view)).append(dark).toString();
    }
  }

  /**
   * What the run left on the server ({@link dev.ttftgap.servermetrics.AfterRunCheck#sentence}),
   * said with the run's notes; empty when it was not checked or nothing was left.
   */
  static Optional<String> afterRun(CapacityReport report) {
    ServerMetricsView view = report.serverMetrics();
    if (view == null || view.afterRun() == null) {
      return Optional.empty();
    }
    // the requests cut at the end were still connected when the check read
    int cut = report.steps().stream().mapToInt(s -> s.stream().cutByClientRequests()).sum();
    return view.afterRun().sentence(cut);
  }

  private static String unreadKnee(Knee knee) {
    return " — the knee (step "
        + knee.step()
        + ") fell where the server's metrics went unread: they cannot say what it is";
  }

  /**
   * " The server's /metrics stopped answering at step 4 (6 rps): 74 of 174 scrapes timed out from
   * then on, as happens when it shares its worker pool with the load; no server-side figures for
   * steps 4–6.", or "" when every step was read.
   */
  static String darkness(CapacityReport report, ServerMetricsView view) {
    ServerMetricsView.Darkness dark = view.darkness();
    if (dark == null || view.darkSteps().isEmpty()) {
      return "";
    }
    StringBuilder text =
        new StringBuilder(" The server's /metrics stopped answering at step ")
            .append(dark.fromStep())
            .append(rate(report, dark.fromStep()))
            .append(": ");
    if (dark.timedOut() > 0) {
      text.append(dark.timedOut())
          .append(" of ")
          .append(dark.attempts())
          .append(" scrapes timed out");
      if (dark.failed() > 0) {
        text.append(" and ").append(dark.failed()).append(" failed");
      }
      text.append(" from then on, as happens when it shares its worker pool with the load");
    } else {
      text.append(dark.failed())
          .append(" of ")
          .append(dark.attempts())
          .append(" scrapes failed from then on (error status, unparsable page or no connection)");
    }
    return text.append("; no server-side figures for ")
        .append(stepList(view.darkSteps()))
        .append(" (under ")
        .append(Fmt.pct(view.coverageThresholdPercent()))
        .append(" of their scrapes answered).")
        .toString();
  }

  /** "step 4", "steps 4–6", "steps 2, 4–6". */
  static String stepList(List<Integer> steps) {
    List<String> runs = new java.util.ArrayList<>();
    int i = 0;
    while (i < steps.size()) {
      int j = i;
      while (j + 1 < steps.size() && steps.get(j + 1) == steps.get(j) + 1) {
        j++;
      }
      runs.add(i == j ? String.valueOf(steps.get(i)) : steps.get(i) + "–" + steps.get(j));
      i = j + 1;
    }
    return (steps.size() == 1 ? "step " : "steps ") + String.join(", ", runs);
  }

  /** " From step 4 (2 rps) the server preempts: …", or "" when it never did (or cannot say). */
  private static String preemptions(CapacityReport report, ServerMetricsView view) {
    for (ServerStepMetrics step : view.steps()) {
      if (step.preemptions() != null && step.preemptions() > 0) {
        return " From step "
            + step.step()
            + rate(report, step.step())
            + " the server preempts ("
            + Fmt.num(step.preemptions())
            + " sequences"
            + (step.kvCacheUsageMeanPercent() == null
                ? ""
                : ", KV cache " + Fmt.pct(step.kvCacheUsageMeanPercent()) + " used")
            + "): its KV cache is full, so it recomputes running sequences and fewer run at once.";
      }
    }
    return "";
  }

  private static String prefill(ServerMetricsView view, int from, int to) {
    ServerStepMetrics a = view.step(from);
    ServerStepMetrics b = view.step(to);
    if (a == null || b == null || a.prefillMeanMillis() == null || b.prefillMeanMillis() == null) {
      return "";
    }
    return " (mean prefill "
        + Fmt.msBare(a.prefillMeanMillis())
        + " → "
        + Fmt.ms(b.prefillMeanMillis())
        + ")";
  }

  static String rate(CapacityReport report, int step) {
    StepStats stats = report.step(step);
    if (stats == null) {
      return "";
    }
    if (stats.offeredRate() != null) {
      return " (" + Fmt.rate(stats.offeredRate()) + ")";
    }
    return stats.concurrency() != null ? " (" + stats.concurrency() + " users)" : "";
  }
}
