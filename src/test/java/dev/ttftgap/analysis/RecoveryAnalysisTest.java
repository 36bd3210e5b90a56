package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.servermetrics.MetricsDialect;
import dev.ttftgap.servermetrics.Scrape;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

class RecoveryAnalysisTest {

  private static RecoveryVerdict analyze(BurstQueue queue, QueueModel model, List<Scrape> scrapes) {
    List<RequestRecord> records = queue.records();
    return RecoveryAnalysis.analyze(
        records, queue.options(), StepStatsCalculator.of(records), model, scrapes);
  }

  @Test
  void noBurstInTheOptionsGivesNoVerdict() {
    BurstQueue queue = new BurstQueue();

    assertThat(
            RecoveryAnalysis.analyze(
                queue.records(), CapacityOptions.defaults(), List.of(), null, List.of()))
        .isNull();
  }

  @Test
  void aRunWithoutBurstRecordsSaysSoInsteadOfGuessing() {
    BurstQueue queue = new BurstQueue();
    List<RequestRecord> baseOnly =
        queue.records().stream().filter(r -> r.level().step() == BurstPlan.BEFORE_STEP).toList();

    RecoveryVerdict verdict =
        RecoveryAnalysis.analyze(baseOnly, queue.options(), List.of(), null, List.of());

    assertThat(verdict.windows()).isEmpty();
    assertThat(verdict.recoverySeconds()).isNull();
    assertThat(verdict.explanation()).isEqualTo("no request of the burst step was recorded");
  }

  @Test
  void measuredRecoveryIsWithinOneWindowOfTheAnalyticDrain() {
    BurstQueue queue = new BurstQueue();

    RecoveryVerdict verdict = analyze(queue, null, List.of());

    assertThat(queue.analyticDrainSeconds()).isEqualTo(20.0);
    assertThat(verdict.recoverySeconds())
        .as("(20 − 10)·10 / (10 − 5) = 20 s, measured in 5 s windows")
        .isCloseTo(queue.analyticDrainSeconds(), within((double) queue.windowSeconds));
    assertThat(verdict.windows().get(0).startSeconds())
        .as("windows aligned on the burst's start, from the base before")
        .isEqualTo(-20.0);
    assertThat(verdict.windows())
        .filteredOn(w -> w.startSeconds() >= 0 && w.startSeconds() < 10)
        .as("every burst window is out of band")
        .noneMatch(RecoveryWindow::inBand);
    assertThat(verdict.peakInFlight())
        .as("about (20 − 10)·10 = 100 queued at the burst's end, plus the one in service")
        .isBetween(95, 106);
    assertThat(verdict.peakServerWaiting()).as("no scrape").isNull();
  }

  /** μ, base rate, burst rate, burst seconds, window seconds: drains of 5 to 40 s. */
  static Stream<Arguments> queues() {
    return Stream.of(
        Arguments.of(10, 5, 20, 10, 5),
        Arguments.of(8, 2, 16, 15, 5),
        Arguments.of(20, 10, 40, 5, 2),
        Arguments.of(4, 3, 6, 20, 10),
        Arguments.of(50, 20, 80, 10, 3));
  }

  @ParameterizedTest(name = "μ {0}, base {1}, burst {2} req/s for {3} s, {4} s windows")
  @MethodSource("queues")
  void everyQueueRecoversWithinOneWindowOfItsAnalyticDrain(
      double mu, double base, double burst, int seconds, int window) {
    BurstQueue queue = new BurstQueue();
    queue.mu = mu;
    queue.baseRate = base;
    queue.burstRate = burst;
    queue.burstSeconds = seconds;
    queue.windowSeconds = window;
    queue.afterSeconds = (int) queue.analyticDrainSeconds() + 6 * window;

    RecoveryVerdict verdict = analyze(queue, null, List.of());

    assertThat(verdict.recoverySeconds())
        .as("drain (λb − μ)T/(μ − λ0) = %.1f s", queue.analyticDrainSeconds())
        .isCloseTo(queue.analyticDrainSeconds(), within((double) window));
    assertThat(verdict.capacityRate()).as("burst throughput").isCloseTo(mu, within(0.05 * mu));
    assertThat(verdict.predictedDrainSeconds())
        .isCloseTo(queue.analyticDrainSeconds(), within(0.15 * queue.analyticDrainSeconds()));
  }

  @Test
  void withoutAFitTheBurstThroughputGivesTheCapacity() {
    BurstQueue queue = new BurstQueue();

    RecoveryVerdict verdict = analyze(queue, null, List.of());

    assertThat(verdict.capacitySource()).isEqualTo("burst throughput");
    assertThat(verdict.capacityRate())
        .as("the server completes one request every 100 ms while the backlog keeps it busy")
        .isCloseTo(10.0, within(0.3));
    assertThat(verdict.predictedBacklog()).isCloseTo(100.0, within(8.0));
    assertThat(verdict.predictedDrainSeconds()).isCloseTo(20.0, within(2.5));
    assertThat(verdict.differencePercent()).isNotNull();
    assertThat(Math.abs(verdict.differencePercent())).isLessThanOrEqualTo(25.0);
    assertThat(verdict.explanation()).as("within ±25 %: nothing to explain").isNull();
    assertThat(RecoveryAnalysis.burstThroughputRate(queue.records(), queue.options()).doubleValue())
        .isEqualTo(verdict.capacityRate());
  }

  @Test
  void theFittedQueueGivesTheCapacityWhenThereIsOne() {
    BurstQueue queue = new BurstQueue();

    RecoveryVerdict verdict = analyze(queue, queue.model(10), List.of());

    assertThat(verdict.capacitySource()).isEqualTo("fitted queue");
    assertThat(verdict.capacityRate()).isEqualTo(10.0);
    assertThat(verdict.predictedDrainSeconds())
        .as("measured rates: about 20 req/s in the burst and 5 after")
        .isCloseTo(20.0, within(1.5));
    assertThat(verdict.explanation()).isNull();
  }

  @Test
  void aWrongFitIsExplainedWithTheBurstThroughputBesideIt() {
    BurstQueue queue = new BurstQueue();

    RecoveryVerdict verdict = analyze(queue, queue.model(15), List.of());

    assertThat(verdict.predictedDrainSeconds())
        .as("(20 − 15)·10 / (15 − 5) = 5 s")
        .isCloseTo(5.0, within(1.0));
    assertThat(verdict.differencePercent()).isGreaterThan(100.0);
    assertThat(verdict.explanation())
        .contains("longer than the")
        .contains("fitted queue")
        .as("the burst's throughput of about 10 req/s predicts about 20 s")
        .containsPattern(
            "the burst's throughput, (9\\.[5-9]|10\\.[0-4]) req/s, predicts (19|2[0-2])\\.");
  }

  @Test
  void recoveryIsNullWhenTheQueueHadNotDrainedByTheRunsEnd() {
    BurstQueue queue = new BurstQueue();
    queue.afterSeconds = 15;

    RecoveryVerdict verdict = analyze(queue, null, List.of());

    assertThat(verdict.recoverySeconds()).as("20 s drain, 15 s of base after").isNull();
    assertThat(verdict.windows().get(verdict.windows().size() - 1).inBand()).isFalse();
    assertThat(verdict.differencePercent()).isNull();
    assertThat(verdict.explanation()).contains("had not drained by the run's end");
  }

  @Test
  void aBurstBelowCapacityRecoversAtOnce() {
    BurstQueue queue = new BurstQueue();
    queue.burstRate = 8;

    RecoveryVerdict fitted = analyze(queue, queue.model(10), List.of());
    RecoveryVerdict unfitted = analyze(queue, null, List.of());

    assertThat(fitted.recoverySeconds()).as("no window after the burst left the band").isZero();
    assertThat(fitted.predictedBacklog()).isZero();
    assertThat(fitted.predictedDrainSeconds()).isZero();
    assertThat(fitted.differencePercent()).isZero();
    assertThat(fitted.explanation()).isNull();
    assertThat(unfitted.recoverySeconds()).isZero();
    assertThat(unfitted.capacityRate()).as("completions kept up: no capacity read").isNull();
    assertThat(unfitted.predictedDrainSeconds()).isNull();
    assertThat(unfitted.explanation()).contains("the burst stayed below capacity");
  }

  @Test
  void serverWaitingIsNullInWindowsWithoutAScrape() {
    BurstQueue queue = new BurstQueue();
    List<Scrape> scrapes = queue.scrapes(20, 70);

    RecoveryVerdict verdict = analyze(queue, null, scrapes);

    assertThat(verdict.windows())
        .filteredOn(w -> w.startSeconds() < 0)
        .as("no scrape before the burst: missing, not 0")
        .allMatch(w -> w.serverWaiting() == null);
    assertThat(verdict.windows())
        .filteredOn(w -> w.startSeconds() == 5)
        .singleElement()
        .satisfies(w -> assertThat(w.serverWaiting()).isGreaterThan(40.0));
    assertThat(verdict.windows())
        .filteredOn(w -> w.startSeconds() >= 35)
        .as("drained: the gauge reads 0, which is a value")
        .allMatch(w -> w.serverWaiting() != null && w.serverWaiting() == 0);
    assertThat(verdict.peakServerWaiting())
        .isCloseTo((double) queue.peakWaiting(), within(queue.burstRate));
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(MetricsDialect.class)
  void everyDialectsWaitingGaugeIsRead(MetricsDialect dialect) {
    BurstQueue queue = new BurstQueue();

    RecoveryVerdict verdict = analyze(queue, null, queue.scrapes(dialect, 0, 70));

    assertThat(verdict.peakServerWaiting())
        .as("the run's model only, not the other model's 1000")
        .isCloseTo((double) queue.peakWaiting(), within(queue.burstRate));
    assertThat(verdict.windows().get(0).serverWaiting()).isZero();
  }

  @Test
  void aFailedScrapeIsNoReading() {
    BurstQueue queue = new BurstQueue();
    List<Scrape> failed =
        queue.scrapes(0, 70).stream()
            .map(s -> new Scrape(s.epochMillis(), s.url(), List.of(), "HTTP 503"))
            .toList();

    RecoveryVerdict verdict = analyze(queue, null, failed);

    assertThat(verdict.windows()).allMatch(w -> w.serverWaiting() == null);
    assertThat(verdict.peakServerWaiting()).isNull();
  }
}
