package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.TestRecords;
import dev.ttftgap.servermetrics.MetricSample;
import dev.ttftgap.servermetrics.Scrape;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A synthetic vLLM over two 20 s steps, scraped every second: one queue-time observation a second,
 * 5 ms each up to t = 20 s and 400 ms after; prefill 20 ms each; waiting 0 then 3 for the model
 * under test while another model's series says 100.
 */
class ServerMetricsAnalysisTest {
  private static final long T0 = 1_764_000_000_000L;
  private static final String[] BOUNDS = {"0.01", "0.1", "0.5", "1.0", "+Inf"};

  @Test
  void cutsGaugesAndHistogramDeltasIntoTheSteps() {
    List<RequestRecord> records = records();
    ServerMetricsView view =
        ServerMetricsAnalysis.analyze(scrapes(), records, StepStatsCalculator.of(records));

    assertThat(view.vendor()).as("recognised vendor").isEqualTo("vllm");
    assertThat(view.scrapes()).isEqualTo(46);
    ServerStepMetrics step1 = view.step(1);
    ServerStepMetrics step2 = view.step(2);
    assertThat(step1.waitingMean()).as("step 1 waiting, the other model left out").isEqualTo(0.0);
    assertThat(step2.waitingMean()).as("step 2 waiting").isEqualTo(3.0);
    assertThat(step2.runningMax()).isEqualTo(1.0);
    assertThat(step1.queueTimeMeanMillis()).as("step 1 queue mean").isCloseTo(5, within(1e-6));
    assertThat(step1.queueTimeP50Millis())
        .as("18 observations in [0, 10 ms]: rank 9 interpolates to 5 ms")
        .isCloseTo(5, within(1e-6));
    assertThat(step2.queueTimeMeanMillis())
        .as("step 2, its window shifted by its e2e median: only 400 ms observations")
        .isCloseTo(400, within(1e-6));
    assertThat(step2.queueTimeP50Millis())
        .as("18 observations in (100, 500 ms]: rank 9 interpolates to 300 ms")
        .isCloseTo(300, within(1e-6));
    assertThat(step2.prefillMeanMillis()).isCloseTo(20, within(1e-6));
    assertThat(view.queueGrowthStep()).as("first step with a mean of ≥ 1 waiting").isEqualTo(2);
    assertThat(view.familiesSeen())
        .containsExactly(
            "vllm:num_requests_running",
            "vllm:num_requests_waiting",
            "vllm:request_prefill_time_seconds",
            "vllm:request_queue_time_seconds");
  }

  @Test
  void decomposesTheMeanTtftIntoTtfbQueuePrefillAndRest() {
    List<RequestRecord> records = records();
    GapDecomposition d =
        ServerMetricsAnalysis.analyze(scrapes(), records, StepStatsCalculator.of(records))
            .step(2)
            .decomposition();

    assertThat(d.ttftMeanMillis()).isCloseTo(510, within(1e-6));
    assertThat(d.ttfbMeanMillis()).isCloseTo(1, within(1e-6));
    assertThat(d.restMillis()).as("510 − 1 − 400 − 20").isCloseTo(89, within(1e-6));
    assertThat(d.source()).isEqualTo("histograms");
  }

  @Test
  void eachStepCountsItsScrapesTakenAgainstThoseExpectedAtOneASecond() {
    List<RequestRecord> records = records();
    ServerStepMetrics step1 =
        ServerMetricsAnalysis.analyze(scrapes(), records, StepStatsCalculator.of(records)).step(1);

    assertThat(step1.scrapesExpected())
        .as("requests from 1 s to 19 s: 18 s, one scrape a second, both ends")
        .isEqualTo(19);
    assertThat(step1.scrapes()).as("t = 1 … 19 s").isEqualTo(19);
    assertThat(step1.coveragePercent()).isEqualTo(100.0);
    assertThat(step1.dark()).isFalse();
  }

  @Test
  void aStepWhoseScrapesMostlyTimedOutHasNoServerFiguresAtAll() {
    // from t = 20 s only every 4th scrape answers (and says waiting 3), the others time out
    List<Scrape> scrapes = new ArrayList<>();
    for (Scrape s : scrapes()) {
      long t = (s.epochMillis() - T0) / 1000;
      scrapes.add(
          t >= 20 && t % 4 != 0
              ? new Scrape(s.epochMillis(), s.url(), List.of(), "timed out after 3000 ms")
              : s);
    }
    List<RequestRecord> records = records();
    ServerMetricsView view =
        ServerMetricsAnalysis.analyze(scrapes, records, StepStatsCalculator.of(records));
    ServerStepMetrics step2 = view.step(2);

    assertThat(step2.scrapes()).as("t = 24, 28, 32, 36 answered").isEqualTo(4);
    assertThat(step2.scrapesTimedOut()).as("the 15 others of t = 21 … 39").isEqualTo(15);
    assertThat(step2.scrapesFailed()).isZero();
    assertThat(step2.coveragePercent()).as("4 of 19").isCloseTo(21.05, within(0.01));
    assertThat(step2.dark()).as("under 50 %").isTrue();
    assertThat(step2.waitingMean()).as("not the 4 readings it got: none").isNull();
    assertThat(step2.runningMean()).isNull();
    assertThat(step2.queueTimeMeanMillis()).isNull();
    assertThat(step2.preemptions()).isNull();
    assertThat(step2.decomposition().serverQueueMeanMillis())
        .as("no histogram figure for a dark step")
        .isNull();
    assertThat(view.darkSteps()).containsExactly(2);
    assertThat(view.darkness())
        .as("from step 2's window (20.5 s) on: t = 21 … 45, 6 answered")
        .isEqualTo(new ServerMetricsView.Darkness(2, 25, 19, 0));
    assertThat(view.timeouts()).isEqualTo(19);
    assertThat(view.queueGrowthStep()).as("the queue was never read grown").isNull();
    assertThat(view.step(1).dark()).as("step 1 was read").isFalse();
    assertThat(view.step(1).queueTimeMeanMillis()).isCloseTo(5, within(1e-6));
  }

  @Test
  void aHistogramWhoseEdgeFellInTheDarkIsNotRead() {
    // step 2 read well enough (every 4th scrape fails), but its shifted end (39.6 s) is 3.6 s
    // past t = 36, the last answer, with failures after it
    List<Scrape> scrapes = new ArrayList<>();
    for (Scrape s : scrapes()) {
      long t = (s.epochMillis() - T0) / 1000;
      boolean fails = t >= 20 && (t % 4 == 1 || t > 36);
      scrapes.add(fails ? new Scrape(s.epochMillis(), s.url(), List.of(), "HTTP 503") : s);
    }
    List<RequestRecord> records = records();
    ServerStepMetrics step2 =
        ServerMetricsAnalysis.analyze(scrapes, records, StepStatsCalculator.of(records)).step(2);

    assertThat(step2.dark()).as("12 of 19 answered").isFalse();
    assertThat(step2.scrapesFailed()).as("21, 25, 29, 33, 37, 38, 39").isEqualTo(7);
    assertThat(step2.waitingMean()).as("its gauges were read").isEqualTo(3.0);
    assertThat(step2.queueTimeMeanMillis())
        .as("the queue histogram at 39.6 s was last read at 36 s")
        .isNull();
  }

  @Test
  void theReadingsAfterTheRunAreKeptApartFromTheSteps() {
    List<Scrape> scrapes = new ArrayList<>(scrapes());
    scrapes.add(
        new Scrape(
            T0 + 50_000,
            "http://127.0.0.1:1/metrics",
            List.of(gauge("vllm:num_requests_waiting", "m", 7)),
            null,
            null,
            Scrape.AFTER_RUN));
    List<RequestRecord> records = records();
    ServerMetricsView view =
        ServerMetricsAnalysis.analyze(scrapes, records, StepStatsCalculator.of(records));

    assertThat(view.scrapes()).as("the run's scrapes only").isEqualTo(46);
    assertThat(view.series()).as("nor in the series").hasSize(46);
    assertThat(view.afterRun()).isNotNull();
    assertThat(view.afterRun().waiting()).isEqualTo(7.0);
    assertThat(
            ServerMetricsAnalysis.analyze(scrapes(), records, StepStatsCalculator.of(records))
                .afterRun())
        .as("a run without the check")
        .isNull();
  }

  @Test
  void withoutScrapesThereIsNoServerView() {
    assertThat(ServerMetricsAnalysis.analyze(List.of(), records(), List.of())).isNull();
  }

  private static List<RequestRecord> records() {
    List<RequestRecord> records = new ArrayList<>();
    for (int step = 1; step <= 2; step++) {
      for (int i = 0; i < 10; i++) {
        int s = step;
        int n = i;
        long ttft = step == 1 ? 10 : 510;
        records.add(
            TestRecords.builder()
                .identity(id -> id.userId(s * 100L + n))
                .level(lv -> lv.step(s).offeredRate(0.5 * s))
                .input(in -> in.model("m"))
                .timings(
                    t ->
                        t.startEpochMillis(T0 + (s - 1) * 20_000 + 1_000 + n * 2_000L)
                            .ttfbMillis(1L)
                            .ttftMillis(ttft)
                            .gapMillis(ttft - 1)
                            .e2eMillis(ttft + 90))
                .build());
      }
    }
    return records;
  }

  private static List<Scrape> scrapes() {
    List<Scrape> scrapes = new ArrayList<>();
    for (int t = 0; t <= 45; t++) {
      List<MetricSample> samples = new ArrayList<>();
      samples.add(gauge("vllm:num_requests_waiting", "m", t < 20 ? 0 : 3));
      samples.add(gauge("vllm:num_requests_waiting", "other", 100));
      samples.add(gauge("vllm:num_requests_running", "m", 1));
      double fast = Math.min(t, 20);
      double slow = Math.max(0, t - 20);
      histogram(
          samples,
          "vllm:request_queue_time_seconds",
          new double[] {fast, fast, fast + slow, fast + slow, fast + slow},
          0.005 * fast + 0.4 * slow);
      histogram(
          samples, "vllm:request_prefill_time_seconds", new double[] {0, t, t, t, t}, 0.02 * t);
      scrapes.add(new Scrape(T0 + t * 1000L, "http://127.0.0.1:1/metrics", samples, null));
    }
    return scrapes;
  }

  private static MetricSample gauge(String name, String model, double value) {
    return new MetricSample(name, Map.of("model_name", model, "engine", "0"), value);
  }

  private static void histogram(
      List<MetricSample> samples, String name, double[] cumulative, double sum) {
    for (int i = 0; i < BOUNDS.length; i++) {
      samples.add(
          new MetricSample(
              name + "_bucket", Map.of("model_name", "m", "le", BOUNDS[i]), cumulative[i]));
    }
    samples.add(new MetricSample(name + "_sum", Map.of("model_name", "m"), sum));
    samples.add(
        new MetricSample(
            name + "_count", Map.of("model_name", "m"), cumulative[BOUNDS.length - 1]));
  }
}
