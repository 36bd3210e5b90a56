package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.KindLimits;
import dev.ttftgap.analysis.Slo;
import dev.ttftgap.analysis.StepStats;
import dev.ttftgap.stream.TtftKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The verdicts' words for the first token by kind: the run's streams (API, what TTFT is, how many
 * requests reasoned or called a tool), a broken per-kind limit with its figures ("TTFVT p95 (first
 * visible answer token) 2.4 s > 2000 ms"), and the steps not judged on a kind they never produced.
 * Each says nothing for a plain chat run, whose verdicts stay as they were.
 */
final class KindSentences {
  private KindSentences() {}

  /** "TTFVT p95 (first visible answer token)", … for a per-kind limit's name; null otherwise. */
  static String name(String metric) {
    return switch (metric) {
      case "ttfvt_p95" -> "TTFVT p95 (first visible answer token)";
      case "ttfr_p95" -> "TTFR p95 (first reasoning token)";
      case "ttftc_p95" -> "TTFTC p95 (first tool call)";
      default -> null;
    };
  }

  /**
   * The broken {@code metric} of {@code step} with its figure and limit, e.g. "TTFVT p95 (first
   * visible answer token) 2.4 s > 2000 ms", for a per-kind limit; its plain name otherwise.
   */
  static String breach(StepStats step, String metric, Slo slo) {
    if (step == null || metric == null || !KindLimits.isKindMetric(metric)) {
      return VerdictSentences.metricName(metric);
    }
    Double value = KindLimits.p95Millis(step, metric);
    return name(metric)
        + (value == null
            ? ""
            : " " + Fmt.ms(value) + " > " + Fmt.ms(KindLimits.limit(metric, slo)));
  }

  /**
   * " Not judged on a kind they did not produce: no tool calls in step 1, 2; no reasoning in step
   * 3." when a per-kind limit met steps without that kind; empty otherwise.
   */
  static String unjudged(CapacityReport report) {
    Slo slo = report.options().slo();
    if (!slo.hasKindLimit()) {
      return "";
    }
    Map<String, List<Integer>> steps = new LinkedHashMap<>();
    for (StepStats step : report.steps()) {
      for (String metric : KindLimits.unjudged(step, slo)) {
        steps.computeIfAbsent(metric, m -> new ArrayList<>()).add(step.step());
      }
    }
    if (steps.isEmpty()) {
      return "";
    }
    List<String> parts = new ArrayList<>();
    steps.forEach(
        (metric, list) ->
            parts.add(
                absence(metric)
                    + " in step "
                    + String.join(", ", list.stream().map(String::valueOf).toList())));
    return " Not judged on a kind they did not produce: " + String.join("; ", parts) + ".";
  }

  /**
   * "Streams: API messages; TTFT is the first tool call (request.ttftFrom = toolCall); 40 % of
   * successful requests called a tool, 60 % reasoned first (…)." for a run beyond plain chat; empty
   * for plain chat.
   */
  static String streams(CapacityReport report) {
    List<String> parts = new ArrayList<>();
    if (report.input().beyondChat()) {
      parts.add("API " + String.join(", ", report.input().apis()));
    }
    TtftKind kind = report.options().ttftKind();
    if (kind != TtftKind.ANY) {
      parts.add(
          "TTFT is the first "
              + OutputKinds.kindName(kind)
              + " (request.ttftFrom = "
              + kind.id()
              + ")");
    }
    int ok = report.steps().stream().mapToInt(s -> s.counts().okRequests()).sum();
    int tools = report.steps().stream().mapToInt(s -> s.firstTokens().toolCallRequests()).sum();
    int reasoning =
        report.steps().stream().mapToInt(s -> s.firstTokens().reasoningRequests()).sum();
    if (ok > 0 && (tools > 0 || reasoning > 0)) {
      List<String> shares = new ArrayList<>();
      if (tools > 0) {
        shares.add(Fmt.pct(100.0 * tools / ok) + " of successful requests called a tool");
      }
      if (reasoning > 0) {
        shares.add(Fmt.pct(100.0 * reasoning / ok) + " reasoned first");
      }
      parts.add(String.join(", ", shares) + " (first token by kind per step in the step table)");
    }
    return parts.isEmpty() ? "" : "Streams: " + String.join("; ", parts) + ".";
  }

  private static String absence(String metric) {
    return switch (metric) {
      case "ttfvt_p95" -> "no visible answer token";
      case "ttfr_p95" -> "no reasoning";
      case "ttftc_p95" -> "no tool calls";
      default -> "no " + metric;
    };
  }
}
