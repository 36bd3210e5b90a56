package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.servermetrics.Scrape;
import java.util.List;

/**
 * The queue's rise and drain around a launch spike ({@link CapacityOptions#burst()}).
 *
 * <p>Algorithm overview:
 *
 * <ul>
 *   <li>Timeline ({@link BurstTimeline}): step 1 is the base before, step 2 the burst, step 3 the
 *       base after; warm-up is left out. The burst starts at its step's earliest request start and
 *       ends {@code burstSeconds} later.
 *   <li>Windows ({@link RecoveryWindows}): {@code windowSeconds} long, aligned on the burst's
 *       start, from the base before to the last request start; per window the requests started,
 *       p50/p95 TTFT of the successful ones, the most in flight at once and the server's highest
 *       waiting gauge (null when no scrape answered in it).
 *   <li>Band and recovery ({@link RecoveryBand}): the edges are {@code max(1.25 × highest, highest
 *       + 20 ms)} of the base-before windows' p50 and p95 (the step's first window left out); the
 *       recovery runs from the burst's end to the first window after it from which every later
 *       window is in band.
 *   <li>Prediction ({@link RecoveryPrediction}): μ from the fitted queue (c / S), else from the
 *       burst's throughput when its backlog grew; backlog {@code max(0, (λb − μ)·T)}, drain {@code
 *       backlog / (μ − λ0)}; compared with the measured recovery by {@link RecoveryExplanation}.
 * </ul>
 *
 * <p>Usage, as {@link CapacityAnalysis} calls it:
 *
 * <pre>{@code
 * RecoveryVerdict verdict =
 *     RecoveryAnalysis.analyze(records, options.withBurst(plan), steps, queueModel, scrapes);
 * Double late = verdict.differencePercent(); // + when the drain took longer than predicted
 * }</pre>
 *
 * <p>Assumptions: the base after the burst lasts long enough to show the drain (otherwise the
 * recovery is null, "not drained by the run's end"); the burst is short next to the run, so the
 * fluid approximation of the queue holds.
 */
public final class RecoveryAnalysis {
  private RecoveryAnalysis() {}

  /**
   * The recovery verdict; null when {@code options} names no burst.
   *
   * @param records every record of the run
   * @param options the run's options; {@link CapacityOptions#burst()} gives the burst
   * @param steps the run's per-step statistics
   * @param model the fitted queue; null when not fitted
   * @param scrapes the server's scraped {@code /metrics} (empty for none)
   */
  public static RecoveryVerdict analyze(
      List<RequestRecord> records,
      CapacityOptions options,
      List<StepStats> steps,
      QueueModel model,
      List<Scrape> scrapes) {
    if (options.burst().isEmpty()) {
      return null;
    }
    BurstPlan plan = options.burst().get();
    BurstTimeline timeline = BurstTimeline.of(records, plan);
    if (timeline == null) {
      String why = "no request of the burst step was recorded";
      return new RecoveryVerdict(
          plan, List.of(), null, null, null, 0, null, null, null, null, null, null, why);
    }
    List<StepStats> stepStats = steps == null ? List.of() : steps;
    List<RecoveryWindow> raw =
        RecoveryWindows.of(
            timeline, plan.windowSeconds(), records, scrapes == null ? List.of() : scrapes);
    RecoveryBand band = RecoveryBand.of(raw);
    List<RecoveryWindow> windows = band == null ? raw : band.judge(raw);
    Double recovery =
        band == null ? null : RecoveryBand.recoverySeconds(windows, plan.burstSeconds());
    RecoveryPrediction prediction =
        RecoveryPrediction.of(plan, timeline, records, stepStats, model);
    RecoveryPrediction alternative =
        RecoveryPrediction.FITTED.equals(prediction.capacitySource())
            ? RecoveryPrediction.fromThroughput(
                plan, timeline, records, prediction.baseRate(), prediction.burstRate())
            : null;
    return new RecoveryVerdict(
        plan,
        windows,
        band == null ? null : band.p50Millis(),
        band == null ? null : band.p95Millis(),
        recovery,
        windows.stream()
            .filter(w -> w.startSeconds() >= 0)
            .mapToInt(RecoveryWindow::inFlightMax)
            .max()
            .orElse(0),
        windows.stream()
            .map(RecoveryWindow::serverWaiting)
            .filter(w -> w != null)
            .max(Double::compare)
            .orElse(null),
        prediction.capacityRate(),
        prediction.capacitySource(),
        prediction.backlog(),
        prediction.drainSeconds(),
        RecoveryExplanation.differencePercent(recovery, prediction.drainSeconds()),
        RecoveryExplanation.explain(band, recovery, prediction, alternative, plan.windowSeconds()));
  }

  /**
   * The capacity the burst's own throughput shows: successful completions per second that ended
   * inside the burst, when its backlog grew ({@link RecoveryPrediction}); null when it did not,
   * when {@code options} names no burst or no request of the burst step was recorded. The verdict
   * uses it only without a fitted queue; beside a fit it is a check on the fit's μ.
   */
  public static Double burstThroughputRate(List<RequestRecord> records, CapacityOptions options) {
    if (options.burst().isEmpty()) {
      return null;
    }
    BurstPlan plan = options.burst().get();
    BurstTimeline timeline = BurstTimeline.of(records, plan);
    return timeline == null
        ? null
        : RecoveryPrediction.burstThroughput(timeline, records, plan.burstSeconds());
  }
}
