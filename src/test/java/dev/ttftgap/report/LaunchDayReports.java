package dev.ttftgap.report;

import dev.ttftgap.analysis.BurstPlan;
import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.ClassReport;
import dev.ttftgap.analysis.ClassSpec;
import dev.ttftgap.analysis.ClassesVerdict;
import dev.ttftgap.analysis.RecoveryVerdict;
import dev.ttftgap.analysis.RecoveryWindow;
import dev.ttftgap.analysis.Slo;
import dev.ttftgap.analysis.SloMethod;
import dev.ttftgap.analysis.SloVerdict;
import dev.ttftgap.analysis.StepStats;
import java.util.ArrayList;
import java.util.List;

/**
 * Reports with hand-built launch-day verdicts, for the renderers: the shipped rising-rate report
 * (steps of 1, 2, 4, 6, 8, 10 rps) with two request classes, and with a launch spike. The class
 * verdicts are consistent with their steps: chat's p95 TTFT limit lies between its step 3 (4 rps)
 * and step 4 (6 rps) figures, so step 4 is the one it breaks.
 */
final class LaunchDayReports {
  /** The joint answer and chat's own: between step 3 (4 rps) and step 4 (6 rps). */
  static final double JOINT = 5.2;

  /** rag's own answer in this mix: between step 4 and step 5 (8 rps). */
  static final double RAG_ALONE = 7.1;

  /** The burst: 5.5 rps base, 11.5 rps for 30 s, 5-s windows. */
  static final BurstPlan PLAN = new BurstPlan(5.5, 11.5, 30, 5);

  private LaunchDayReports() {}

  /** Chat's p95 TTFT limit: halfway between its step 3 and step 4 p95 TTFT. */
  static double chatTtftLimit(CapacityReport base) {
    return (p95Ttft(base.step(3)) + p95Ttft(base.step(4))) / 2;
  }

  /** Rising rate with chat (80 %) breaking first at step 4 and rag (20 %); a 40 rps peak. */
  static CapacityReport withClasses() {
    CapacityReport base = Synthetic.risingRate();
    Slo chatSlo = Slo.of(chatTtftLimit(base), Slo.NO_LIMIT, 1);
    Slo ragSlo = Slo.of((p95Ttft(base.step(4)) + p95Ttft(base.step(5))) / 2, Slo.NO_LIMIT, 1);
    List<StepStats> steps = base.steps();
    ClassReport chat =
        new ClassReport(
            "chat", 0.8, chatSlo, 960, steps, base.knee(), verdict(chatSlo, JOINT, 3, 4));
    ClassReport rag =
        new ClassReport(
            "rag", 0.2, ragSlo, 240, steps, base.knee(), verdict(ragSlo, RAG_ALONE, 4, 5));
    ClassesVerdict classes =
        new ClassesVerdict(
            List.of(chat, rag), JOINT, false, "chat", "ttft_p95", 4.0, 6.0, 8, null, null);
    CapacityOptions options =
        base.options()
            .withPeakRate(40)
            .withClasses(
                List.of(new ClassSpec("chat", 0.8, chatSlo), new ClassSpec("rag", 0.2, ragSlo)));
    return ReportCopy.withLaunchDay(base, options, classes, null);
  }

  /**
   * Rising rate with a launch spike: TTFT in its band (p50 ≤ 420 ms, p95 ≤ 800 ms) before, up
   * during the 30-s burst, back in band 45 s after it; the fitted queue (μ 7.8 rps) predicts a
   * backlog of (11.5 − 7.8)·30 = 111 and a drain of 111 / (7.8 − 5.5) = 48.3 s.
   *
   * @param serverWaiting whether the run scraped the server's waiting requests
   */
  static CapacityReport withRecovery(boolean serverWaiting) {
    CapacityReport base = Synthetic.risingRate();
    List<RecoveryWindow> windows = new ArrayList<>();
    for (int start = -30; start < 120; start += 5) {
      // the queue: rising through the burst, draining for 45 s after it
      double queue =
          start < 0 ? 0 : start < 30 ? 3.7 * (start + 5) : Math.max(0, 111 - 2.3 * (start - 25));
      boolean inBand = start < 0 || start >= 75;
      double p50 = inBand ? 300 + Math.abs(start % 3) : 300 + queue * 40;
      double p95 = inBand ? 600 : 650 + queue * 45;
      windows.add(
          new RecoveryWindow(
              start,
              start >= 0 && start < 30 ? 57 : 27,
              p50,
              p95,
              (int) Math.round(4 + queue / 3),
              serverWaiting ? Math.round(queue / 5.0) * 1.0 : null,
              inBand));
    }
    double predicted = (11.5 - 7.8) * 30 / (7.8 - 5.5);
    RecoveryVerdict recovery =
        new RecoveryVerdict(
            PLAN,
            windows,
            420.0,
            800.0,
            45.0,
            41,
            serverWaiting ? 22.0 : null,
            7.8,
            "fitted queue",
            (11.5 - 7.8) * 30,
            predicted,
            (45 - predicted) / predicted * 100,
            null);
    return ReportCopy.withLaunchDay(base, base.options().withBurst(PLAN), null, recovery);
  }

  private static SloVerdict verdict(Slo slo, double rate, int pass, int fail) {
    return new SloVerdict(
        slo,
        rate,
        false,
        pass,
        fail,
        "ttft_p95",
        null,
        null,
        SloMethod.ofLabel("interpolated"),
        rate - 0.4,
        rate + 0.3,
        List.of(),
        false,
        null);
  }

  private static double p95Ttft(StepStats step) {
    return step.latencies().ttft().p95Millis();
  }
}
