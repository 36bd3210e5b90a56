package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityAnalysis;
import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.HeaderTiming;
import dev.ttftgap.analysis.Slo;
import dev.ttftgap.analysis.SyntheticRuns;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.RequestRecordBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reports of the analysis package's synthetic scenarios, for renderer tests. */
final class Synthetic {
  /**
   * The shipped profiles' SLO (p95 TTFT ≤ 3 s, p95 gap ≤ 2.5 s, errors ≤ 1 %), a 40 rps peak and
   * the engine's analytic 7.89 rps.
   */
  private static final CapacityOptions SHIPPED =
      new CapacityOptions(
              Slo.of(3000, 2500, 1), Optional.of(40.0), Optional.empty(), Optional.empty())
          .withKnownSaturationRate(7.89);

  /** The hockey stick's options: a 100 rps peak, saturation known at 16 rps. */
  private static final CapacityOptions PEAK_100_SATURATION_16 =
      CapacityOptions.defaults().withPeakRate(100).withKnownSaturationRate(16);

  private Synthetic() {}

  static List<RequestRecord> hockeyStickRecords(boolean serverQueue) {
    return SyntheticRuns.hockeyStick(serverQueue);
  }

  static CapacityReport hockeyStick(boolean serverQueue) {
    return analyzed(hockeyStickRecords(serverQueue), "synthetic", PEAK_100_SATURATION_16);
  }

  /**
   * The hockey stick on a server that holds its headers for the first token (SGLang-like), at a 100
   * rps peak.
   */
  static CapacityReport headersWithFirstToken() {
    return analyzed(
        SyntheticRuns.hockeyStickWithHeaders(HeaderTiming.WITH_FIRST_TOKEN),
        "sglang-like",
        CapacityOptions.defaults().withPeakRate(100));
  }

  /** {@code records} analysed as read from {@code <folder>/records.jsonl}, without health. */
  private static CapacityReport analyzed(
      List<RequestRecord> records, String folder, CapacityOptions options) {
    return CapacityAnalysis.analyze(records, List.of(folder + "/records.jsonl"), options, null);
  }

  /**
   * The hockey stick on a server whose connections wait {@code fraction} of their queueing before
   * the headers (1: a worker pool or gateway holds them; 0.5: two queues), the peak of {@link
   * #hockeyStick}.
   */
  static CapacityReport waitingBeforeHeaders(double fraction) {
    return analyzed(
        SyntheticRuns.hockeyStickWaitingBeforeHeaders(fraction),
        "worker-pool",
        PEAK_100_SATURATION_16);
  }

  static CapacityReport flat() {
    return CapacityAnalysis.analyze(
        SyntheticRuns.flat(), List.of("flat/records.jsonl"), CapacityOptions.defaults(), null);
  }

  static CapacityReport overloaded() {
    return CapacityAnalysis.analyze(
        SyntheticRuns.overloaded(),
        List.of("overloaded/records.jsonl"),
        CapacityOptions.defaults(),
        null);
  }

  /**
   * The shipped closed-concurrency load (2..32 users) on the engine's scheduler, {@link #SHIPPED}.
   */
  static CapacityReport closedConcurrency() {
    return CapacityAnalysis.analyze(
        SyntheticRuns.closedConcurrency(), List.of("closed/records.jsonl"), SHIPPED, null);
  }

  /**
   * The shipped rising-rate load on the engine's scheduler, {@link #SHIPPED}: a default-like run.
   */
  static CapacityReport risingRate() {
    return risingRate(null);
  }

  /** {@link #risingRate()} compared with {@code baseline} (null: none). */
  static CapacityReport risingRate(java.util.List<dev.ttftgap.analysis.PreviousRunStep> baseline) {
    return CapacityAnalysis.analyze(
        SyntheticRuns.risingRate(), List.of("rising-rate/records.jsonl"), SHIPPED, baseline);
  }

  /** The steps of {@code report} as a baseline whose gap p50 and p95 were half as long. */
  static List<dev.ttftgap.analysis.PreviousRunStep> halfTheGap(CapacityReport report) {
    return report.steps().stream()
        .map(
            s ->
                new dev.ttftgap.analysis.PreviousRunStep(
                    s.step(),
                    s.rate(),
                    s.latencies().ttfb().p50Millis(),
                    s.latencies().ttfb().p95Millis(),
                    s.latencies().gap().p50Millis() / 2,
                    s.latencies().gap().p95Millis() / 2))
        .toList();
  }

  /**
   * Request {@code i} of step {@code step}, a step of {@code step} rps 20 s long: who sent it, in
   * which step and when; everything it measured still undefined.
   */
  static RequestRecordBuilder request(int step, int i) {
    return dev.ttftgap.analysis.KindRecords.request(step, i);
  }

  /** Three steps of 20 requests; from {@code fromStep} on every other request stalled 2.4 s. */
  static CapacityReport stalledRun(int fromStep) {
    List<RequestRecord> records = new ArrayList<>();
    for (int step = 1; step <= 3; step++) {
      for (int i = 0; i < 20; i++) {
        boolean stalled = step >= fromStep && i % 2 == 0;
        records.add(
            request(step, i)
                .timings(
                    t ->
                        t.ttfbMillis(5L)
                            .ttftMillis(300L)
                            .gapMillis(295L)
                            .e2eMillis(1000L)
                            .itlMillis(List.of(12L, 12L, stalled ? 2400L : 12L)))
                .output(o -> o.outputTokens(4))
                .health(h -> h.stalls(stalled ? 1 : 0).longestStallMillis(stalled ? 2400L : null))
                .result(res -> res.httpStatus(200))
                .build());
      }
    }
    return CapacityAnalysis.analyze(records, List.of("stalls"), CapacityOptions.defaults(), null);
  }
}
