package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestRecord;
import java.util.List;

/** Public door to {@link SyntheticRun}'s scenarios for tests in other packages. */
public final class SyntheticRuns {
  private SyntheticRuns() {}

  public static List<RequestRecord> hockeyStick(boolean reportQueueTime) {
    SyntheticRun run = SyntheticRun.hockeyStick();
    run.reportQueueTime = reportQueueTime;
    return run.records();
  }

  public static List<RequestRecord> flat() {
    return SyntheticRun.flat().records();
  }
}
