package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.FirstTokens;
import dev.ttftgap.analysis.LatencySummary;
import dev.ttftgap.analysis.StepStats;
import dev.ttftgap.stream.TtftKind;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The first token by kind, as the reports show it: which of TTFVT (first visible answer token),
 * TTFR (first reasoning token) and TTFTC (first tool call) a run had, their step-table columns and
 * the line that explains each. A plain chat run without reasoning or tools has none of them, so its
 * reports stay as they were: there the first answer token is TTFT itself.
 */
final class OutputKinds {
  /**
   * One kind a report may show.
   *
   * @param column its step-table header
   * @param json its field in a step's {@code firstTokens} of {@code capacity.json}
   * @param summary its latency summary in a step
   * @param meaning the line that explains it
   */
  record Kind(
      String column, String json, Function<FirstTokens, LatencySummary> summary, String meaning) {}

  static final Kind TTFVT =
      new Kind(
          "TTFVT p95 ms",
          "ttfvtMillis",
          FirstTokens::ttfvt,
          "TTFVT = send → first visible answer token (content): what the user of a reasoning"
              + " model or an agent's final answer waits for.");
  static final Kind TTFR =
      new Kind(
          "TTFR p95 ms",
          "ttfrMillis",
          FirstTokens::ttfr,
          "TTFR = send → first reasoning token: the model has started, though nothing is shown"
              + " yet.");
  static final Kind TTFTC =
      new Kind(
          "TTFTC p95 ms",
          "ttftcMillis",
          FirstTokens::ttftc,
          "TTFTC = send → first tool call (its name or first argument piece): what an agent waits"
              + " for before it can run the tool.");

  private OutputKinds() {}

  /**
   * The kinds {@code report} shows: TTFVT when some step reasoned or called a tool (else it is
   * TTFT), TTFR when some step reasoned, TTFTC when some step called a tool; also each kind TTFT is
   * measured from when it is not "any".
   */
  static List<Kind> shown(CapacityReport report) {
    boolean reasoning = report.steps().stream().anyMatch(s -> seen(s, TTFR));
    boolean tools = report.steps().stream().anyMatch(s -> seen(s, TTFTC));
    TtftKind ttftKind = report.options().ttftKind();
    List<Kind> kinds = new ArrayList<>();
    if (reasoning || tools || ttftKind != TtftKind.ANY) {
      kinds.add(TTFVT);
    }
    if (reasoning || ttftKind == TtftKind.REASONING) {
      kinds.add(TTFR);
    }
    if (tools || ttftKind == TtftKind.TOOL_CALL) {
      kinds.add(TTFTC);
    }
    return List.copyOf(kinds);
  }

  private static boolean seen(StepStats step, Kind kind) {
    FirstTokens tokens = step.firstTokens();
    return kind == TTFR
        ? tokens.ttfr() != null || tokens.reasoningRequests() > 0
        : tokens.ttftc() != null || tokens.toolCallRequests() > 0;
  }

  /** The step's p95 of {@code kind}, ms without the unit; "—" where the kind did not occur. */
  static String p95Cell(StepStats step, Kind kind) {
    LatencySummary summary = kind.summary().apply(step.firstTokens());
    return summary == null ? Fmt.UNDEFINED : Fmt.msBare(summary.p95Millis());
  }

  /**
   * The lines explaining the kinds {@code report} shows, then which first output its TTFT is and
   * which API the records used when not the defaults; empty for a plain chat run.
   */
  static List<String> notes(CapacityReport report) {
    List<String> notes = new ArrayList<>();
    TtftKind ttftKind = report.options().ttftKind();
    if (ttftKind != TtftKind.ANY) {
      notes.add(
          "TTFT here is the first "
              + kindName(ttftKind)
              + " (the profile's request.ttftFrom = "
              + ttftKind.id()
              + "), not the first output of any kind.");
    } else if (!shown(report).isEmpty()) {
      notes.add("TTFT = send → first output of any kind (reasoning, answer or tool call).");
    }
    for (Kind kind : shown(report)) {
      notes.add(kind.meaning());
    }
    return notes;
  }

  /** "API messages." when some record used another API than chat completions; empty otherwise. */
  static String api(CapacityReport report) {
    return report.input().beyondChat()
        ? "API " + String.join(", ", report.input().apis()) + "."
        : "";
  }

  /** "visible answer token", "reasoning token", "tool call", "output" for {@code kind}. */
  static String kindName(TtftKind kind) {
    return switch (kind) {
      case ANY -> "output";
      case CONTENT -> "visible answer token";
      case REASONING -> "reasoning token";
      case TOOL_CALL -> "tool call";
    };
  }
}
