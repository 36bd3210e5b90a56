package dev.ttftgap.servermetrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AfterRunCheckTest {
  private static final String URL = "http://127.0.0.1:1/metrics";

  @Test
  void llamaCppWorkLeftIsSaidWithTheWaitItsOwnDrainRateGives() {
    // 217 → 210.5 requests in 5 s: 1.3 req/s; 210.5 left at that rate is 162 s → "3 min"
    AfterRunCheck check = AfterRunCheck.of(List.of(llamaCpp(0, 213, 4), llamaCpp(5_000, 206.5, 4)));

    assertThat(check.answered()).isTrue();
    assertThat(check.vendor()).isEqualTo("llamacpp");
    assertThat(check.drainRatePerSec()).as("(217 − 210.5) / 5 s").isCloseTo(1.3, within(1e-9));
    assertThat(check.waitSeconds()).as("210.5 / 1.3").isCloseTo(161.9, within(0.1));
    assertThat(check.sentence())
        .hasValue(
            "After the run the server still reports 206.5 requests deferred and 4 running: at its"
                + " drain rate of 1.3 req/s, wait about 3 min before the next run.");
  }

  @Test
  void theDrainRateComesFromTheE2eHistogramWhereTheServerHasOne() {
    // vLLM finished 10 requests in 5 s while new ones moved from waiting to running
    AfterRunCheck check = AfterRunCheck.of(List.of(vllm(0, 20, 8, 100), vllm(5_000, 12, 8, 110)));

    assertThat(check.drainRatePerSec()).as("10 completions in 5 s").isCloseTo(2, within(1e-9));
    assertThat(check.sentence())
        .hasValueSatisfying(
            s ->
                assertThat(s)
                    .contains("still reports 12 requests waiting and 8 running")
                    .contains("drain rate of 2.0 req/s, wait about 10 s"));
  }

  @Test
  void workCountedWhileTheRunsCutRequestsWereStillConnectedSaysSo() {
    AfterRunCheck check = AfterRunCheck.of(List.of(llamaCpp(0, 47, 4), llamaCpp(5_000, 43, 4)));

    assertThat(check.sentence(12))
        .as("a run that cut 12 requests at its end")
        .hasValueSatisfying(
            s ->
                assertThat(s)
                    .startsWith("After the run the server still reports 43 requests deferred")
                    .endsWith(
                        " That count includes the 12 requests this run cut, still connected when"
                            + " it read: a server that aborts requests whose clients have gone"
                            + " (vLLM) drops them as the load generator exits; one that keeps"
                            + " working on them (llama.cpp's server) does not."));
    assertThat(check.sentence(0)).as("nothing cut: the plain sentence").isEqualTo(check.sentence());
    assertThat(AfterRunCheck.of(List.of(llamaCpp(0, 0, 0))).sentence(12))
        .as("nothing left, nothing said, cut or not")
        .isEmpty();
  }

  @Test
  void aServerWithNothingLeftHasNoSentence() {
    assertThat(AfterRunCheck.of(List.of(llamaCpp(0, 0, 0))).sentence())
        .as("nothing waiting or running")
        .isEmpty();
    assertThat(AfterRunCheck.of(List.of())).as("no readings, no check").isNull();
  }

  @Test
  void metricsThatDoNotAnswerAtTheEndAreSaidAsSuch() {
    Scrape timeout =
        new Scrape(
            0, URL, List.of(), "timed out after 3000 ms", ScrapeFailure.TIMEOUT, Scrape.AFTER_RUN);
    AfterRunCheck check = AfterRunCheck.of(List.of(timeout, timeout));

    assertThat(check.answered()).isFalse();
    assertThat(check.sentence())
        .hasValue(
            "After the run the server's /metrics did not answer (2 attempts, timed out): the"
                + " server may still be busy with this run's requests; check it before the next"
                + " run.");
  }

  @Test
  void aServerThatFinishedNoneWhileWatchedIsNotGivenAWait() {
    AfterRunCheck check = AfterRunCheck.of(List.of(llamaCpp(0, 3, 1), llamaCpp(5_000, 3, 1)));

    assertThat(check.waitSeconds()).as("no progress, no estimate").isNull();
    assertThat(check.sentence())
        .hasValueSatisfying(s -> assertThat(s).contains("it finished none in the 5 s watched"));
  }

  @Test
  void oneReadingSaysTheWorkWithoutARate() {
    assertThat(AfterRunCheck.of(List.of(llamaCpp(0, 0, 2))).sentence())
        .hasValue(
            "After the run the server still reports 2 running: wait until it has drained before"
                + " the next run.");
  }

  @Test
  void durationsUnderNinetySecondsAreSecondsAndLongerOnesWholeMinutesRoundedUp() {
    assertThat(AfterRunCheck.duration(0.2)).isEqualTo("1 s");
    assertThat(AfterRunCheck.duration(45.2)).isEqualTo("46 s");
    assertThat(AfterRunCheck.duration(90)).isEqualTo("2 min");
    assertThat(AfterRunCheck.duration(210)).isEqualTo("4 min");
  }

  private static Scrape llamaCpp(long millis, double deferred, double processing) {
    return new Scrape(
        millis,
        URL,
        List.of(
            new MetricSample("llamacpp:requests_deferred", Map.of(), deferred),
            new MetricSample("llamacpp:requests_processing", Map.of(), processing)),
        null,
        null,
        Scrape.AFTER_RUN);
  }

  private static Scrape vllm(long millis, double waiting, double running, double finished) {
    List<MetricSample> samples = new ArrayList<>();
    samples.add(new MetricSample("vllm:num_requests_waiting", Map.of("model_name", "m"), waiting));
    samples.add(new MetricSample("vllm:num_requests_running", Map.of("model_name", "m"), running));
    samples.add(
        new MetricSample(
            "vllm:e2e_request_latency_seconds_count", Map.of("model_name", "m"), finished));
    return new Scrape(millis, URL, samples, null, null, Scrape.AFTER_RUN);
  }
}
