package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.FailureReason;
import dev.ttftgap.record.Outcome;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.RequestResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class StepStatsCalculatorTest {

  private static List<RequestRecord> injector(String run, long seed) {
    return injector(run, seed, 0);
  }

  /** Run {@code run} of 20-s steps at 2, 4 and 6 rps, starting {@code delayMillis} late. */
  private static List<RequestRecord> injector(String run, long seed, long delayMillis) {
    SyntheticRun synthetic = SyntheticRun.hockeyStick();
    synthetic.run = run;
    synthetic.seed = seed;
    synthetic.stepRates = List.of(2.0, 4.0, 6.0);
    synthetic.stepSeconds = 20;
    synthetic.epochStartMillis += delayMillis;
    return synthetic.records();
  }

  /** Injectors a and b in the same windows, as the parts of a split run. */
  private static List<RequestRecord> twoInjectors() {
    List<RequestRecord> records = new ArrayList<>(injector("a", 1));
    records.addAll(injector("b", 2));
    return records;
  }

  /** The same staircase run twice, an hour apart. */
  private static List<RequestRecord> twoRunsAnHourApart() {
    List<RequestRecord> records = new ArrayList<>(injector("first", 1));
    records.addAll(injector("second", 2, 3_600_000));
    return records;
  }

  @Test
  void mergingTwoFilesEqualsAnalysingTheirConcatenation(@TempDir Path dir) {
    List<RequestRecord> a = injector("injector-a", 1);
    List<RequestRecord> b = injector("injector-b", 2);
    Path fileA = dir.resolve("a.jsonl");
    Path fileB = dir.resolve("b.jsonl");
    RecordsFixture.write(fileA, a);
    RecordsFixture.write(fileB, b);
    List<RequestRecord> concatenation = new ArrayList<>(b);
    concatenation.addAll(a);
    Collections.shuffle(concatenation, new Random(42));
    Path concatenated = dir.resolve("all.jsonl");
    RecordsFixture.write(concatenated, concatenation);

    List<StepStats> merged = StepStatsCalculator.of(RecordsFiles.read(List.of(fileA, fileB)));
    List<StepStats> single = StepStatsCalculator.of(RecordsFiles.read(List.of(concatenated)));

    assertThat(merged).as("every figure of every step, bit for bit").isEqualTo(single);
  }

  @Test
  void requestsTheToolCutItselfAreNotTheServersErrors() {
    List<RequestRecord> records = new ArrayList<>(injector("a", 1));
    StepStats before = StepStatsCalculator.of(records).get(1);
    RequestRecord last =
        records.stream().filter(r -> r.level().step() == 2).reduce((x, y) -> y).orElseThrow();
    records.add(
        last.withResult(
            new RequestResult(
                Outcome.KO, FailureReason.INTERRUPTED, null, "the run ended in flight")));
    records.add(
        last.withResult(
            new RequestResult(Outcome.KO, FailureReason.STOPPED_BY_BREAKER, null, "cut")));

    StepStats after = StepStatsCalculator.of(records).get(1);

    assertThat(after.stream().cutByClientRequests()).as("both counted apart").isEqualTo(2);
    assertThat(after.counts().failedRequests())
        .as("not the server's failures")
        .isEqualTo(before.counts().failedRequests());
    assertThat(after.counts().errorRatePercent())
        .as("the error rate does not move")
        .isEqualTo(before.counts().errorRatePercent());
    assertThat(after.counts().failuresByReason())
        .as("not listed as failures")
        .doesNotContainKeys("interrupted", "stopped_by_breaker");
  }

  @Test
  void stepPercentilesAreThoseOfOneHistogramOfAllSamples() {
    List<RequestRecord> records = twoInjectors();
    Histogram all = new Histogram(3);
    records.stream()
        .filter(r -> r.level().step() == 3 && r.ok())
        .forEach(r -> all.recordValue(r.timings().gapMillis() * 1000));

    StepStats step3 = StepStatsCalculator.of(records).get(2);

    assertThat(step3.latencies().gap().p95Millis())
        .isEqualTo(all.getValueAtPercentile(95) / 1000.0);
    assertThat(step3.latencies().gap().p50Millis())
        .isEqualTo(all.getValueAtPercentile(50) / 1000.0);
    assertThat(step3.latencies().gap().count()).isEqualTo(all.getTotalCount());
  }

  @Test
  void concurrentInjectorsAddTheirArrivals() {
    StepStats step2 = StepStatsCalculator.of(twoInjectors()).get(1);

    assertThat(step2.rates().arrivalRate()).as("measured arrivals of both").isBetween(6.5, 9.5);
  }

  static Stream<Arguments> twoSourcesOfStep2() {
    return Stream.of(
        Arguments.of("two injectors at 4 rps in the same window", twoInjectors(), 8.0, 0.3),
        Arguments.of("two runs at 4 rps an hour apart", twoRunsAnHourApart(), 4.0, 0.01));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("twoSourcesOfStep2")
  void concurrentSourcesAddTheirOfferedRatesAndRepeatedRunsAverageThem(
      String why, List<RequestRecord> records, double offered, double tolerance) {
    assertThat(StepStatsCalculator.of(records).get(1).offeredRate())
        .as(why)
        .isCloseTo(offered, Offset.offset(tolerance));
  }

  @Test
  void repeatedRunsLayTheirWindowsEndToEnd() {
    StepStats step2 = StepStatsCalculator.of(twoRunsAnHourApart()).get(1);

    assertThat(step2.rates().windowSeconds())
        .as("two 20 s windows laid end to end")
        .isBetween(36.0, 41.0);
  }

  @Test
  void littlesLawHoldsBelowSaturation() {
    List<StepStats> steps = StepStatsCalculator.of(SyntheticRun.hockeyStick().records());

    for (StepStats step : steps.subList(0, 6)) {
      assertThat(Math.abs(step.rates().littleRelativeDifference()))
          .as(
              "step %d: L = %.2f vs λW = %.2f",
              step.step(), step.rates().meanConcurrency(), step.rates().littleConcurrency())
          .isLessThan(0.1);
      assertThat(step.rates().achievedRate() / step.rates().arrivalRate())
          .as("step %d: below capacity, completions follow arrivals", step.step())
          .isBetween(0.9, 1.1);
    }
  }

  @Test
  void warmupIsLeftOutAndFailuresAreCountedByReasonWithoutLatencies() {
    SyntheticRun run = SyntheticRun.queueLimited();
    run.warmupSeconds = 10;
    List<RequestRecord> records = run.records();
    long warmup = records.stream().filter(RequestRecord::warmup).count();

    StepStatsCalculator.Result result = StepStatsCalculator.measure(records);
    StepStats last = result.stats().get(result.stats().size() - 1);

    assertThat(result.warmup()).isEqualTo((int) warmup).isPositive();
    assertThat(result.stats().stream().mapToInt(s -> s.counts().requests()).sum())
        .isEqualTo(records.size() - (int) warmup);
    assertThat(last.counts().failuresByReason())
        .as("queue full at 24 rps")
        .containsKey("http_status");
    assertThat(last.counts().errorRatePercent())
        .isEqualTo(100.0 * last.counts().failedRequests() / last.counts().requests());
    assertThat(last.latencies().ttfb().count())
        .as("latencies cover successful requests only")
        .isEqualTo(last.counts().okRequests());
  }

  @Test
  void stepWithOneRequestHasNoRates() {
    RequestRecord only = injector("a", 1).get(0);

    StepStats step = StepStatsCalculator.of(List.of(only)).get(0);

    assertThat(step.rates().windowSeconds()).as("one start gives no window").isNull();
    assertThat(step.rates().arrivalRate()).isNull();
    assertThat(step.rates().achievedRate()).isNull();
    assertThat(step.rate()).as("the configured rate still places it").isEqualTo(2.0);
  }

  @Test
  void queueingShareIsTheQueueingDelayOverTheMeanTtft() {
    List<StepStats> steps = StepStatsCalculator.of(SyntheticRun.hockeyStick().records());
    StepStats step7 = steps.get(6);

    assertThat(steps.get(0).queueing().queueingDelayMillis())
        .as("the baseline step queues by definition 0")
        .isEqualTo(0.0);
    assertThat(step7.queueing().queueingSharePercent())
        .isEqualTo(
            100 * step7.queueing().queueingDelayMillis() / step7.latencies().ttft().meanMillis());
    assertThat(step7.queueing().queueingSharePercent())
        .as("at 14 rps most of TTFT is queueing")
        .isGreaterThan(50);
  }

  @Test
  void queueingShareIsZeroWhereTheGapStaysWithinItsLowLoadBand() {
    SyntheticRun run = SyntheticRun.hockeyStick();
    List<StepStats> steps = StepStatsCalculator.of(run.records());
    LowLoadReference baseline = StepStatsCalculator.measure(run.records()).baseline();
    double edge = KneeDetector.edge(baseline);

    for (StepStats step : steps) {
      if (step.latencies().gap() == null || step.queueing().queueingSharePercent() == null) {
        continue;
      }
      if (step.latencies().gap().p50Millis() <= edge) {
        assertThat(step.queueing().queueingSharePercent())
            .as(
                "step %d: median gap %s ms within the band (edge %s ms)",
                step.step(), step.latencies().gap().p50Millis(), edge)
            .isEqualTo(0.0);
      } else {
        assertThat(step.queueing().queueingSharePercent())
            .as("step %d: median gap beyond the band", step.step())
            .isPositive();
      }
    }
    assertThat(steps)
        .as("the hockey stick has steps on both sides of the band")
        .anyMatch(
            s ->
                s.latencies().gap() != null
                    && s.latencies().gap().p50Millis() <= edge
                    && s.step() > 1)
        .anyMatch(s -> s.latencies().gap() != null && s.latencies().gap().p50Millis() > edge);
  }

  @Test
  void percentilesUseThePreciseTimingsWhenTheRecordsHaveThem() {
    List<RequestRecord> records =
        TestSteps.evenlySpacedStep(40).stream()
            .map(r -> r.withMicros(1_400L, 20_250L, 18_850L))
            .toList();
    StepStats step = StepStatsCalculator.measure(records).stats().get(0);

    // the histograms keep 3 significant digits: 20.25 ms reads back within 16 µs
    Offset<Double> resolution = Offset.offset(0.02);
    assertThat(step.latencies().ttfb().p50Millis())
        .as("TTFB p50 from ttfbMicros, ms")
        .isCloseTo(1.4, resolution);
    assertThat(step.latencies().ttft().p50Millis())
        .as("TTFT p50 from ttftMicros, ms")
        .isCloseTo(20.25, resolution);
    assertThat(step.latencies().gap().p50Millis())
        .as("gap p50 from gapMicros, ms")
        .isCloseTo(18.85, resolution);
  }
}
