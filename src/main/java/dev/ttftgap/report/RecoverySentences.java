package dev.ttftgap.report;

import dev.ttftgap.analysis.BurstPlan;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.RecoveryVerdict;
import dev.ttftgap.analysis.RecoveryWindow;
import java.util.Locale;
import java.util.Optional;

/**
 * The verdict of a launch-spike run, in one sentence: the burst as run, how long after its end the
 * first token came back into its low-load band, next to the drain the fitted queue predicts, then
 * the explanation when the two differ (or one is missing), and how high the queue rose: peak
 * in-flight requests and the server's waiting count, or "server waiting not scraped" (never 0 for
 * missing). For example: "Launch spike: 11.5 rps for 30 s over 5.5 rps: TTFT back in its low-load
 * band (p50 ≤ 420 ms, p95 ≤ 800 ms) 45 s after the burst (fitted queue predicts 51 s with μ 7.8
 * rps: −12 %); peak 38 requests in flight, server waiting up to 21." Nothing for a run without a
 * burst.
 */
final class RecoverySentences {
  private RecoverySentences() {}

  /** The sentence for {@code report}'s burst; empty for a run without one. */
  static Optional<String> of(CapacityReport report) {
    RecoveryVerdict verdict = report.recovery();
    if (verdict == null) {
      return Optional.empty();
    }
    BurstPlan plan = verdict.plan();
    StringBuilder text =
        new StringBuilder("Launch spike: ")
            .append(Fmt.rate(plan.burstRate()))
            .append(" for ")
            .append(plan.burstSeconds())
            .append(" s over ")
            .append(Fmt.rate(plan.baseRate()))
            .append(": ");
    if (verdict.windows().isEmpty()) {
      // nothing measured: no figure of the queue either, rather than zeros
      text.append("no recovery measured.");
    } else {
      text.append(recovery(verdict)).append(' ').append(prediction(verdict));
      text.append("; ").append(queue(verdict)).append('.');
    }
    if (verdict.explanation() != null && !verdict.explanation().isBlank()) {
      text.append(' ').append(ClassSentences.sentence(verdict.explanation()));
    }
    return Optional.of(text.toString());
  }

  /** "TTFT back in its low-load band (p50 ≤ …, p95 ≤ …) 45 s after the burst", or not back. */
  private static String recovery(RecoveryVerdict verdict) {
    if (verdict.bandP50Millis() == null && verdict.bandP95Millis() == null) {
      return "no recovery measured (no low-load band to judge it against)";
    }
    String band = "its low-load band" + band(verdict);
    if (verdict.recoverySeconds() == null) {
      return "TTFT not back in "
          + band
          + " by the run's end"
          + afterBurst(runEndAfterBurst(verdict)).map(s -> ", " + s).orElse("");
    }
    return "TTFT back in " + band + " " + seconds(verdict.recoverySeconds()) + " after the burst";
  }

  private static String band(RecoveryVerdict verdict) {
    if (verdict.bandP50Millis() == null && verdict.bandP95Millis() == null) {
      return "";
    }
    return " (p50 ≤ "
        + Fmt.ms(verdict.bandP50Millis())
        + ", p95 ≤ "
        + Fmt.ms(verdict.bandP95Millis())
        + ")";
  }

  /** "(fitted queue predicts 51 s with μ 7.8 rps: −12 %)", or why there is no prediction. */
  private static String prediction(RecoveryVerdict verdict) {
    if (verdict.capacityRate() == null) {
      return "(no capacity μ known: no drain predicted)";
    }
    // "fitted queue predicts …", "the queue predicts … with μ 7.83 rps from the burst throughput"
    boolean fitted = "fitted queue".equals(verdict.capacitySource());
    String source = fitted ? "fitted queue" : "the queue";
    String mu =
        "μ "
            + Fmt.rate(verdict.capacityRate())
            + (fitted || verdict.capacitySource() == null
                ? ""
                : " from the " + verdict.capacitySource());
    if (verdict.predictedDrainSeconds() == null) {
      return "(" + mu + " is not above the base rate: the queue never drains)";
    }
    if (verdict.predictedDrainSeconds() == 0) {
      return "(" + source + " predicts no queue: the burst stays below " + mu + ")";
    }
    StringBuilder text =
        new StringBuilder("(")
            .append(source)
            .append(" predicts ")
            .append(seconds(verdict.predictedDrainSeconds()))
            .append(" with ")
            .append(mu);
    if (verdict.predictedBacklog() != null) {
      text.append(", a backlog of ").append(Math.round(verdict.predictedBacklog()));
    }
    if (verdict.differencePercent() != null) {
      text.append(": ").append(signedPercent(verdict.differencePercent()));
    }
    return text.append(')').toString();
  }

  /** "peak 38 requests in flight, server waiting up to 21" or "… server waiting not scraped". */
  private static String queue(RecoveryVerdict verdict) {
    return "peak "
        + verdict.peakInFlight()
        + (verdict.peakInFlight() == 1 ? " request" : " requests")
        + " in flight, "
        + (verdict.peakServerWaiting() == null
            ? "server waiting not scraped"
            : "server waiting up to " + Fmt.num(verdict.peakServerWaiting()));
  }

  /** Seconds from the burst's end to the end of the last window; null without windows. */
  static Double runEndAfterBurst(RecoveryVerdict verdict) {
    if (verdict.windows().isEmpty()) {
      return null;
    }
    RecoveryWindow last = verdict.windows().get(verdict.windows().size() - 1);
    return last.startSeconds() + verdict.plan().windowSeconds() - verdict.plan().burstSeconds();
  }

  private static Optional<String> afterBurst(Double seconds) {
    return seconds == null || seconds <= 0
        ? Optional.empty()
        : Optional.of(seconds(seconds) + " after the burst");
  }

  /** "45 s", "7.5 s". */
  static String seconds(double seconds) {
    return Fmt.num(seconds) + " s";
  }

  /** "−12 %", "+30 %": a whole signed percent with a true minus. */
  static String signedPercent(double percent) {
    long rounded = Math.round(percent);
    return String.format(
        Locale.ROOT, "%s%d %%", rounded > 0 ? "+" : rounded < 0 ? "−" : "±", Math.abs(rounded));
  }
}
