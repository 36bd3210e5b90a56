package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.servermetrics.Scrape;
import java.util.List;

/** The queue's rise and drain around a launch spike ({@link CapacityOptions#burst()}). */
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
    return null; // TODO issue 26: recovery helper
  }
}
