package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.SentWorkload;
import java.util.List;

/**
 * The workload section shared by the text renderers: one sentence on how the prompts were made, a
 * table of requested vs received lengths per step, and TTFT per turn of multi-turn conversations.
 */
final class WorkloadTables {
  static final List<String> LENGTHS_HEADER =
      List.of(
          "step",
          "requests",
          "prompt tokens mean/p50",
          "max_tokens mean",
          "output tokens mean/p50",
          "short outputs");
  static final List<String> TURNS_HEADER =
      List.of("turn", "requests", "ok", "prompt tokens mean", "TTFT p50/p95 ms");

  private WorkloadTables() {}

  /** Whether the report has a workload to show (records that say how their prompts were made). */
  static boolean present(CapacityReport report) {
    return report.workload() != null && !report.workload().steps().isEmpty();
  }

  /**
   * {@link #promptsSentence}, {@link #promptLengthsSentence}, then {@link #outputsSentence}, each
   * when it has something to say.
   */
  static String sentences(CapacityReport report) {
    return String.join(
            " ", promptsSentence(report), promptLengthsSentence(report), outputsSentence(report))
        .replaceAll(" +", " ")
        .strip();
  }

  /**
   * Whether the server ended answers before {@code max_tokens}: when at least {@value
   * #SHORT_OUTPUTS_WORTH_SAYING_PERCENT} % of the ok requests did (weighted by each step's
   * requests), one sentence saying the load carried less decode work than asked and how to force
   * the length; empty otherwise.
   */
  static String outputsSentence(CapacityReport report) {
    SentWorkload workload = report.workload();
    double weight = 0;
    double shortSum = 0;
    double askedSum = 0;
    double gotSum = 0;
    for (SentWorkload.StepLengths step :
        workload == null ? List.<SentWorkload.StepLengths>of() : workload.steps()) {
      if (step.shortOutputPercent() == null
          || step.maxTokensMean() == null
          || step.outputTokensMean() == null) {
        continue;
      }
      weight += step.requests();
      shortSum += step.requests() * step.shortOutputPercent();
      askedSum += step.requests() * step.maxTokensMean();
      gotSum += step.requests() * step.outputTokensMean();
    }
    if (weight == 0 || shortSum / weight < SHORT_OUTPUTS_WORTH_SAYING_PERCENT) {
      return "";
    }
    return "Outputs: "
        + Fmt.pct(shortSum / weight)
        + " of answers ended before max_tokens (mean "
        + Fmt.num(gotSum / weight)
        + " tokens received of "
        + Fmt.num(askedSum / weight)
        + " asked): the server chose the answer lengths, so each request carried less decode work"
        + " than the profile asks. To measure the asked shape set request.forceOutputLength"
        + " (ignore_eos + min_tokens on vLLM/SGLang); keep it off if your users' answers end the"
        + " same way.";
  }

  static final double SHORT_OUTPUTS_WORTH_SAYING_PERCENT = 5.0;

  /** How the prompts were made, in one sentence; empty when the records do not say. */
  static String promptsSentence(CapacityReport report) {
    SentWorkload workload = report.workload();
    if (workload == null || workload.prompts().isEmpty()) {
      return "";
    }
    String shared =
        workload.sharedPrefixTokens() == null || workload.sharedPrefixTokens() == 0
            ? "no shared system prompt"
            : "a shared system prompt of " + workload.sharedPrefixTokens() + " tokens";
    if (workload.repeatedPrompts()) {
      return "Prompts: repeated (every request sent the same text, "
          + shared
          + "). A server with a prefix cache (vLLM V1, SGLang) prefilled it once: these figures"
          + " are optimistic for real traffic; use distinct prompts to plan capacity.";
    }
    if (workload.prompts().equals(List.of("distinct"))) {
      return "Prompts: distinct (each request its own from its first token, "
          + shared
          + "), so a prefix cache reuses at most the shared part.";
    }
    return "Prompts: " + String.join(" and ", workload.prompts()) + " (" + shared + ").";
  }

  /** The column added when the server counted the prompts: asked vs served, mean. */
  static final String ASKED_VS_SERVED = "prompt asked / served";

  /** {@link #LENGTHS_HEADER}, with {@link #ASKED_VS_SERVED} when the server counted prompts. */
  static List<String> lengthsHeader(CapacityReport report) {
    if (!countedByServer(report)) {
      return LENGTHS_HEADER;
    }
    List<String> header = new java.util.ArrayList<>(LENGTHS_HEADER);
    header.add(3, ASKED_VS_SERVED);
    return List.copyOf(header);
  }

  /** Whether any step has both the asked and the server's prompt lengths. */
  static boolean countedByServer(CapacityReport report) {
    return present(report)
        && report.workload().steps().stream().anyMatch(s -> s.servedPromptTokensMean() != null);
  }

  static List<List<String>> lengthRows(CapacityReport report) {
    boolean counted = countedByServer(report);
    return TextTable.rowsOf(
        report.workload().steps(),
        step -> {
          List<String> row = lengthRow(step);
          if (!counted) {
            return row;
          }
          List<String> withServed = new java.util.ArrayList<>(row);
          withServed.add(3, askedVsServed(step));
          return List.copyOf(withServed);
        });
  }

  /** {@code 100 / 130 (+30 %)}; undefined parts as {@link Fmt#UNDEFINED}. */
  private static String askedVsServed(SentWorkload.StepLengths step) {
    Double percent = step.servedVsAskedPercent();
    return Fmt.num(step.askedPromptTokensMean())
        + " / "
        + Fmt.num(step.servedPromptTokensMean())
        + (percent == null ? "" : " (" + (percent >= 0 ? "+" : "") + Fmt.num(percent) + " %)");
  }

  /**
   * Asked vs served prompt lengths in one sentence when the server counted them: how far its count
   * was from what the run asked (weighted by each step's requests); empty otherwise.
   */
  static String promptLengthsSentence(CapacityReport report) {
    if (!countedByServer(report)) {
      return "";
    }
    double weight = 0;
    double asked = 0;
    double served = 0;
    for (SentWorkload.StepLengths step : report.workload().steps()) {
      if (step.askedPromptTokensMean() == null || step.servedPromptTokensMean() == null) {
        continue;
      }
      weight += step.requests();
      asked += step.requests() * step.askedPromptTokensMean();
      served += step.requests() * step.servedPromptTokensMean();
    }
    double percent = 100.0 * (served / asked - 1);
    String lengths =
        "Prompt lengths: asked "
            + Fmt.num(asked / weight)
            + " tokens per request on average, the server counted "
            + Fmt.num(served / weight)
            + " (usage.prompt_tokens, its tokenizer and chat template)";
    if (Math.abs(percent) <= PROMPT_LENGTH_TOLERANCE_PERCENT) {
      return lengths + ".";
    }
    return lengths
        + ", "
        + (percent > 0 ? "+" : "")
        + Fmt.num(percent)
        + " %: the prompts were not the length the profile asks; calibrate them with"
        + " -Dprompt.calibration=auto (the default) against this server.";
  }

  /** Within this, asked and served prompt lengths agree (the calibration's stated tolerance). */
  static final double PROMPT_LENGTH_TOLERANCE_PERCENT = 5.0;

  static List<List<String>> turnRows(CapacityReport report) {
    return TextTable.rowsOf(report.workload().turns(), WorkloadTables::turnRow);
  }

  private static List<String> lengthRow(SentWorkload.StepLengths step) {
    return List.of(
        String.valueOf(step.step()),
        String.valueOf(step.requests()),
        Fmt.num(step.promptTokensMean()) + " / " + whole(step.promptTokensP50()),
        Fmt.num(step.maxTokensMean()),
        Fmt.num(step.outputTokensMean()) + " / " + whole(step.outputTokensP50()),
        Fmt.pct(step.shortOutputPercent()));
  }

  private static List<String> turnRow(SentWorkload.TurnLatency turn) {
    return List.of(
        String.valueOf(turn.turn()),
        String.valueOf(turn.requests()),
        String.valueOf(turn.okRequests()),
        Fmt.num(turn.promptTokensMean()),
        StepTable.p50AndP95(turn.ttft()));
  }

  private static String whole(Integer value) {
    return value == null ? Fmt.UNDEFINED : String.valueOf(value);
  }
}
