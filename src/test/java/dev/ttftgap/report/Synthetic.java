package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityAnalysis;
import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.SyntheticRuns;
import dev.ttftgap.record.RequestRecord;
import java.util.List;

/** Reports of the analysis package's synthetic scenarios, for renderer tests. */
final class Synthetic {
  private Synthetic() {}

  static List<RequestRecord> hockeyStickRecords(boolean serverQueue) {
    return SyntheticRuns.hockeyStick(serverQueue);
  }

  static CapacityReport hockeyStick(boolean serverQueue) {
    return CapacityAnalysis.analyze(
        hockeyStickRecords(serverQueue),
        List.of("synthetic/records.jsonl"),
        CapacityOptions.defaults().withPeakRate(100).withKnownSaturationRate(16),
        null);
  }

  static CapacityReport flat() {
    return CapacityAnalysis.analyze(
        SyntheticRuns.flat(), List.of("flat/records.jsonl"), CapacityOptions.defaults(), null);
  }
}
