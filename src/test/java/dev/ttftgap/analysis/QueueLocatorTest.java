package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class QueueLocatorTest {

  @Test
  void aServerThatQueuesAfterItsHeadersHasItsQueueAfterTheHeadersFromTheKneeOn() {
    QueueLocation location = located(SyntheticRun.hockeyStick());

    assertThat(location.place()).as("TTFB flat, the gap grows").isEqualTo(QueuePlace.AFTER_HEADERS);
    assertThat(location.afterHeadersFromStep()).as("the gap grows from some step").isNotNull();
    assertThat(location.beforeHeadersFromStep()).as("TTFB never carries it").isNull();
    assertThat(location.bothFromStep()).isNull();
    StepQueueLocation last = location.steps().get(location.steps().size() - 1);
    assertThat(last.beforeHeadersSharePercent())
        .as("at the last step TTFB carries next to none of the growth")
        .isLessThan(5.0);
    assertThat(location.steps())
        .as("headers at acceptance at every step: nothing holds them")
        .allMatch(s -> s.headerTiming() == HeaderTiming.AT_ACCEPT);
    assertThat(location.ttftKnee().place())
        .as("the TTFT knee is attributed to the gap")
        .isEqualTo(QueuePlace.AFTER_HEADERS);
  }

  @Test
  void aServerWhoseWorkerPoolHoldsConnectionsHasItsQueueBeforeTheHeaders() {
    SyntheticRun run = SyntheticRun.hockeyStick().with(r -> r.waitBeforeHeadersFraction = 1);
    StepStatsCalculator.Result measured = StepStatsCalculator.measure(run.records());

    QueueLocation location = located(run);

    assertThat(location.place())
        .as("TTFB grows, the gap does not")
        .isEqualTo(QueuePlace.BEFORE_HEADERS);
    assertThat(location.afterHeadersFromStep()).as("the gap never carries it").isNull();
    Integer from = location.beforeHeadersFromStep();
    assertThat(from).as("the queue before the headers shows at some step").isNotNull();
    StepStats last = measured.stats().get(measured.stats().size() - 1);
    StepQueueLocation lastLocation = location.step(last.step());
    assertThat(lastLocation.ttfbGrowthP50Millis())
        .as("TTFB p50 grew by seconds at the last step")
        .isGreaterThan(1000.0);
    assertThat(lastLocation.gapGrowthP50Millis())
        .as("the gap p50 stayed within 20 ms of its low-load value")
        .isBetween(-20.0, 20.0);
    assertThat(lastLocation.beforeHeadersSharePercent()).isGreaterThan(95.0);
    assertThat(location.step(1).headerTiming())
        .as("at low load the headers come at acceptance")
        .isEqualTo(HeaderTiming.AT_ACCEPT);
    assertThat(location.steps())
        .filteredOn(s -> s.step() >= from)
        .as("from step %d a queue holds the headers back", from)
        .allMatch(s -> s.headerTiming() == HeaderTiming.HELD_BY_QUEUE);
    assertThat(location.ttftKnee().found()).as("TTFT has a knee").isTrue();
    assertThat(location.ttftKnee().place()).isEqualTo(QueuePlace.BEFORE_HEADERS);
    assertThat(KneeDetector.detect(measured.stats(), measured.baseline()).found())
        .as("the gap knee alone misses this queue")
        .isFalse();
  }

  @Test
  void twoQueuesSplitTheGrowthAcrossTheHeaders() {
    QueueLocation location =
        located(SyntheticRun.hockeyStick().with(r -> r.waitBeforeHeadersFraction = 0.5));

    assertThat(location.place()).isEqualTo(QueuePlace.BOTH);
    assertThat(location.bothFromStep()).isNotNull();
    StepQueueLocation last = location.steps().get(location.steps().size() - 1);
    assertThat(last.beforeHeadersSharePercent())
        .as("half of each wait before the headers")
        .isBetween(40.0, 60.0);
  }

  @Test
  void aRunFarBelowCapacityQueuesNowhere() {
    QueueLocation location = located(SyntheticRun.flat());

    assertThat(location.place()).isEqualTo(QueuePlace.NONE);
    assertThat(location.steps()).allMatch(s -> s.place() == QueuePlace.NONE);
    assertThat(location.beforeHeadersFromStep()).isNull();
    assertThat(location.afterHeadersFromStep()).isNull();
    assertThat(location.ttftKnee().found()).as("TTFT stays in its band").isFalse();
    assertThat(location.ttftKnee().determined()).isTrue();
  }

  @Test
  void withoutALowLoadStepNothingIsLocated() {
    SyntheticRun run = SyntheticRun.hockeyStick();
    run.stepRates = List.of(18.0);
    run.stepSeconds = 120;

    QueueLocation location = located(run);

    assertThat(location.determined()).as("an overloaded run has no baseline").isFalse();
    assertThat(location.place()).isNull();
    assertThat(location.steps()).allMatch(s -> s.place() == null);
    assertThat(location.ttftKnee().determined()).isFalse();
  }

  @Test
  void aPartThatCarriesSeventyPercentOfTheGrowthNamesThePlace() {
    // TTFB 20 ms + gap 40 ms at low load; the TTFT band is max(90, 80) = 90 ms
    List<StepStats> steps =
        List.of(
            TestSteps.step(1, 2, 20, 40, 50, 0),
            TestSteps.step(2, 4, 25, 40, 50, 0), // TTFT 65 ms: in its band
            TestSteps.step(3, 6, 90, 70, 80, 0), // +70 before, +30 after: 70 %
            TestSteps.step(4, 8, 70, 90, 100, 0), // +50 / +50: both
            TestSteps.step(5, 10, 50, 130, 140, 0)); // +30 / +90: 25 %
    LowLoadReference baseline =
        new LowLoadReference(1, 40, 40, 2, new double[] {40}, 24, 500, Double.NaN);

    QueueLocation location = QueueLocator.locate(steps, baseline, Map.of());

    assertThat(location.ttftBandUpperMillis()).as("max(1.5 × 60, 60 + 20)").isEqualTo(90.0);
    assertThat(IntStream.rangeClosed(1, 5).mapToObj(s -> location.step(s).place()).toList())
        .containsExactly(
            QueuePlace.NONE,
            QueuePlace.NONE,
            QueuePlace.BEFORE_HEADERS,
            QueuePlace.BOTH,
            QueuePlace.AFTER_HEADERS);
    assertThat(location.step(3).beforeHeadersSharePercent()).isEqualTo(70.0);
    assertThat(location.step(4).ttfbGrowthP50Millis()).isEqualTo(50.0);
    assertThat(location.step(4).gapGrowthP50Millis()).isEqualTo(50.0);
    assertThat(location.place()).as("the steps disagree").isEqualTo(QueuePlace.BOTH);
    assertThat(location.beforeHeadersFromStep()).isEqualTo(3);
    assertThat(location.bothFromStep()).isEqualTo(4);
    assertThat(location.afterHeadersFromStep()).isEqualTo(5);
    assertThat(location.ttftKnee().step()).as("TTFT 160 ms > 90 ms from step 3 on").isEqualTo(3);
    assertThat(location.ttftKnee().place()).isEqualTo(QueuePlace.BEFORE_HEADERS);
  }

  private static QueueLocation located(SyntheticRun run) {
    List<dev.ttftgap.record.RequestRecord> records = run.records();
    StepStatsCalculator.Result measured = StepStatsCalculator.measure(records);
    return QueueLocator.locate(
        measured.stats(), measured.baseline(), HeaderTimingDetector.detectByStep(records));
  }
}
