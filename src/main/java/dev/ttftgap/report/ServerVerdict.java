package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.Knee;
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
    List<ServerStepMetrics> steps = view.steps();
    ServerStepMetrics first = steps.get(0);
    Knee knee = report.knee();
    Integer growth = view.queueGrowthStep();
    StringBuilder text = new StringBuilder("The server's (" + view.vendor() + ") queue ");
    if (growth == null) {
      double maxWaiting =
          steps.stream()
              .map(ServerStepMetrics::waitingMean)
              .filter(w -> w != null)
              .mapToDouble(Double::doubleValue)
              .max()
              .orElse(Double.NaN);
      text.append("never grew (mean waiting at most ").append(Fmt.num(maxWaiting)).append(')');
      if (knee.found()) {
        text.append(" — the knee at step ")
            .append(knee.step())
            .append(" is not queueing at the server: prefill, batching or transfer")
            .append(prefill(view, first.step(), knee.step()));
      }
      return Optional.of(text.append('.').append(preemptions(report, view)).toString());
    }
    ServerStepMetrics grown = view.step(growth);
    text.append("first grows at step ")
        .append(growth)
        .append(rate(report, growth))
        .append(": mean waiting ")
        .append(Fmt.num(first.waitingMean()))
        .append(" at step ")
        .append(first.step())
        .append(" → ")
        .append(Fmt.num(grown.waitingMean()));
    if (!knee.found()) {
      text.append(", though the gap never left its low-load band");
    } else if (knee.step().equals(growth)) {
      text.append(" — the knee (step ")
          .append(knee.step())
          .append(") is queueing, not prefill")
          .append(prefill(view, first.step(), growth));
    } else if (knee.step() < growth) {
      text.append(" — after the knee (step ")
          .append(knee.step())
          .append("): the gap first grew from batching or prefill")
          .append(prefill(view, first.step(), knee.step()))
          .append(", the queue came later");
    } else {
      text.append(" — before the knee (step ")
          .append(knee.step())
          .append("): requests queue at the server before the median gap shows it");
    }
    return Optional.of(text.append('.').append(preemptions(report, view)).toString());
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

  private static String rate(CapacityReport report, int step) {
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
