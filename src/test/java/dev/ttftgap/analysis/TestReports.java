package dev.ttftgap.analysis;

import java.util.List;

/**
 * Hand-built reports for tests of the renderers and sentences: the steps and only the blocks a test
 * names; every other block is undefined (null), as in a report whose analysis found nothing there.
 * Saves each test a {@link CapacityReport} call of twenty positional arguments.
 *
 * <p>Usage: {@code TestReports.of(steps).saturation(saturation).build()}.
 */
public final class TestReports {
  private List<String> sources = List.of();
  private List<String> runs = List.of();
  private final List<StepStats> steps;
  private HeaderTimingVerdict headerTiming;
  private Knee knee;
  private Saturation saturation;
  private QueueLocation queueLocation;

  private TestReports(List<StepStats> steps) {
    this.steps = steps;
  }

  /** A report of {@code steps}, no records counted, default options. */
  public static TestReports of(List<StepStats> steps) {
    return new TestReports(steps);
  }

  public TestReports sources(List<String> sources) {
    this.sources = sources;
    return this;
  }

  public TestReports runs(List<String> runs) {
    this.runs = runs;
    return this;
  }

  public TestReports headerTiming(HeaderTimingVerdict headerTiming) {
    this.headerTiming = headerTiming;
    return this;
  }

  public TestReports knee(Knee knee) {
    this.knee = knee;
    return this;
  }

  public TestReports saturation(Saturation saturation) {
    this.saturation = saturation;
    return this;
  }

  public TestReports queueLocation(QueueLocation queueLocation) {
    this.queueLocation = queueLocation;
    return this;
  }

  public CapacityReport build() {
    return new CapacityReport(
        new CapacityReport.Input(sources, runs, 0, 0),
        CapacityOptions.defaults(),
        steps,
        headerTiming,
        knee,
        null,
        saturation,
        null,
        null,
        null,
        null,
        null,
        null,
        List.of(),
        null,
        null,
        queueLocation,
        null,
        null);
  }
}
