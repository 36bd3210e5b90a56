package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.CapacityAnalysis;
import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.HeaderTiming;
import dev.ttftgap.analysis.HeaderTimingVerdict;
import dev.ttftgap.analysis.Saturation;
import dev.ttftgap.analysis.Slo;
import dev.ttftgap.analysis.TestReports;
import dev.ttftgap.health.HealthSamples;
import dev.ttftgap.health.LoadGeneratorHealth;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class VerdictSentencesTest {

  @Test
  void onlyTheLimitsTheProfileGaveAreNamedInTheSloVerdict() {
    CapacityReport ttftOnly =
        CapacityAnalysis.analyze(
            Synthetic.hockeyStickRecords(false),
            List.of("x"),
            CapacityOptions.defaults()
                .withSlo(Slo.limits(Optional.of(800.0), Optional.empty(), Optional.empty())),
            null);

    assertThat(VerdictSentences.slo(ttftOnly))
        .as("no gap or error limit added")
        .contains("(p95 TTFT ≤ 800 ms)")
        .doesNotContain("gap ≤")
        .doesNotContain("errors ≤");
  }

  @Test
  void aProfileWithoutSloIsJudgedOnSteadinessAloneAndSaysSo() {
    CapacityReport none =
        CapacityAnalysis.analyze(
            Synthetic.hockeyStickRecords(false),
            List.of("x"),
            CapacityOptions.defaults()
                .withSlo(Slo.limits(Optional.empty(), Optional.empty(), Optional.empty())),
            null);

    assertThat(VerdictSentences.slo(none))
        .as("the verdict says no limit was given")
        .contains("(" + VerdictSentences.NO_SLO + ")")
        .doesNotContain("≤");
  }

  @Test
  void theSloVerdictNamesTheStepsTheLoadGeneratorCouldNotVouchFor() {
    CapacityReport someLeftOut = withHealth(HealthSamples.flagging(12, Set.of(11, 12), 150_000));

    assertThat(VerdictSentences.slo(someLeftOut))
        .as("a verdict on the vouched steps, then the steps it left out")
        .startsWith("Max sustainable rate under the SLO")
        .endsWith(" Left out: steps 11, 12 (the load generator could not vouch for them).");
    assertThat(VerdictSentences.slo(withHealth(HealthSamples.flagging(12, Set.of()))))
        .as("every step vouched: nothing left out")
        .doesNotContain("Left out");
    assertThat(VerdictSentences.slo(withHealth(HealthSamples.flagging(12, Set.of(11, 12)))))
        .as("31 ms of client delay: under a tenth of the 1000-ms limit, the steps stay in")
        .doesNotContain("Left out");
  }

  @Test
  void aRunWhoseStepsTheLoadGeneratorCouldNotVouchForGetsNoSloVerdict() {
    Set<Integer> all = new java.util.TreeSet<>();
    for (int step = 1; step <= 12; step++) {
      all.add(step);
    }

    String sentence = VerdictSentences.slo(withHealth(HealthSamples.flagging(12, all, 150_000)));

    assertThat(sentence)
        .startsWith("No SLO verdict (p95 TTFT ≤ ")
        .contains("the load generator could not vouch for any step it ran (steps 1, 2,")
        .contains(", 11, 12; its own delay reached a tenth of the tightest limit)")
        .doesNotContain("no step had a rate");
  }

  @Test
  void aPlateauAtAStepTheLoadGeneratorCouldNotVouchForIsSaidToBeMaybeItsOwn() {
    Set<Integer> all = new java.util.TreeSet<>();
    for (int step = 1; step <= 12; step++) {
      all.add(step);
    }
    CapacityReport starved = withHealth(HealthSamples.flagging(12, all, 150_000));
    CapacityReport vouched = withHealth(HealthSamples.flagging(12, Set.of()));

    assertThat(starved.saturation().reached()).as("the hockey stick saturates").isTrue();
    assertThat(VerdictSentences.saturation(starved))
        .startsWith("Saturation: throughput plateaus at ")
        .endsWith(
            " The load generator could not vouch for step "
                + starved.saturation().step()
                + " (its own delay reached a tenth of the tightest limit): this plateau may be"
                + " its own, not the server's.");
    assertThat(VerdictSentences.saturation(vouched))
        .startsWith("Saturation: throughput plateaus at ")
        .doesNotContain("could not vouch");
  }

  private static CapacityReport withHealth(LoadGeneratorHealth health) {
    return CapacityAnalysis.analyze(
        Synthetic.hockeyStickRecords(false),
        List.of("synthetic/records.jsonl"),
        CapacityOptions.defaults(),
        null,
        health);
  }

  @Test
  void requestsStallingFromAStepOnAreNamedWithTheirShareAndTheLongestStall() {
    CapacityReport report = Synthetic.stalledRun(3);

    assertThat(report.steps().get(0).stream().stalledPercent()).as("no stall at step 1").isZero();
    assertThat(report.steps().get(2).stream().stalledPercent())
        .as("every other request")
        .isEqualTo(50.0);
    assertThat(report.steps().get(2).stream().longestStallMillis()).isEqualTo(2400L);
    assertThat(VerdictSentences.stalls(report))
        .hasValueSatisfying(
            s ->
                assertThat(s)
                    .startsWith(
                        "Stalls: from step 3 (3 rps) 50 % of requests paused mid-stream (0 % at"
                            + " step 1;")
                    .contains("≥ 10 × the request's median ITL, longest 2400 ms")
                    .contains("vllm:num_preemptions_total"));
    assertThat(VerdictSentences.of(report)).anyMatch(s -> s.startsWith("Stalls:"));
    assertThat(VerdictSentences.stalls(Synthetic.flat()))
        .as("records without stall counts say nothing")
        .isEmpty();
    assertThat(VerdictSentences.stalls(Synthetic.stalledRun(1)))
        .as("stalls as common at low load are the machine's, not the server's")
        .isEmpty();
  }

  @Test
  void headersWithTheFirstTokenSayTheGapHidesInTtfb() {
    String sentence =
        VerdictSentences.headerTiming(
            new HeaderTimingVerdict(
                HeaderTiming.WITH_FIRST_TOKEN, 305.0, 305.0, 0.0, 900.0, 595.0));

    assertThat(sentence).contains("TTFB ≈ TTFT").contains("hide inside TTFB");
  }

  @Test
  void bufferedStreamSaysTheProxyIsMeasured() {
    String sentence =
        VerdictSentences.headerTiming(
            new HeaderTimingVerdict(HeaderTiming.BUFFERED, 899.0, 900.0, 1.0, 900.0, 0.0));

    assertThat(sentence).contains("proxy buffers it").contains("measure the proxy");
  }

  @Test
  void hockeyStickNamesKneeSloSaturationModelAndReplicas() {
    List<String> sentences = VerdictSentences.of(Synthetic.hockeyStick(false));

    assertThat(sentences).anyMatch(s -> s.startsWith("Knee at step 7"));
    assertThat(sentences).anyMatch(s -> s.startsWith("Max sustainable rate under the SLO"));
    assertThat(sentences)
        .anyMatch(
            s ->
                s.contains(
                    "The engine's analytic capacity for these requests (their prompt and output lengths) is 16 rps"));
    assertThat(sentences)
        .anyMatch(s -> s.startsWith("Fitted queueing model") && s.contains("c = "));
    assertThat(sentences).anyMatch(s -> s.startsWith("For a peak of 100 rps"));
    assertThat(sentences)
        .as("no hint when a peak was given")
        .doesNotContain(VerdictSentences.REPLICAS_HINT);
  }

  @Test
  void runNotesComeFirstAndCutRequestsAreSaidApart() {
    CapacityReport report =
        ReportCopy.withRunNotes(
            Synthetic.hockeyStick(false),
            List.of("Circuit breaker: stopped at step 3 · 6 rps: the last 10 ..."));

    List<String> sentences = VerdictSentences.of(report);

    assertThat(sentences.get(0))
        .as("the run note opens the verdicts")
        .startsWith("Circuit breaker: stopped at step 3");
    assertThat(VerdictSentences.cutByClient(2))
        .as("cut requests are not the server's errors")
        .isEqualTo(
            "2 requests were cut by the tool itself (in flight when the run was interrupted or"
                + " stopped by the circuit breaker): not counted as the server's errors.");
    assertThat(VerdictSentences.malformedChunks(1))
        .as("malformed chunks are shown even when requests ended ok")
        .startsWith("1 stream event was not a valid chunk");
  }

  @Test
  void theSloSentenceGivesItsIntervalAndTheRunThatWouldProveIt() {
    CapacityReport report = Synthetic.hockeyStick(false);

    String sentence = VerdictSentences.slo(report);

    assertThat(report.slo().rateLow()).isNotNull();
    assertThat(sentence)
        .as(sentence)
        .contains(
            Fmt.rateWithin(
                report.slo().maxSustainableRate(), report.slo().rateLow(), report.slo().rateHigh()))
        .contains("run find-max-rate between " + Fmt.num(report.slo().rateLow()))
        .contains("-Dprofile=find-max-rate -Dsearch.startRate=");
  }

  @Test
  void theReplicaSentenceGivesOneCountAndTheUtilisation() {
    CapacityReport report = Synthetic.hockeyStick(false);

    String sentence = OpenLoopSentences.INSTANCE.replicas(report.replicas());

    assertThat(sentence)
        .as(sentence)
        .startsWith("For a peak of 100 rps: " + report.replicas().recommended() + " replicas")
        .contains("each sized for " + Fmt.rate(report.replicas().perReplicaRatePerSec()))
        .contains(Fmt.pct(report.replicas().utilisationPercent()) + " of their capacity")
        .doesNotContain("from the model");
  }

  @Test
  void aRunWithoutASteadyLowLoadStepSaysTheKneeIsNotDetermined() {
    CapacityReport report = Synthetic.overloaded();

    String sentence = VerdictSentences.knee(report);

    assertThat(sentence).startsWith("Knee: not determined").doesNotContain("no queueing knee");
  }

  @Test
  void withoutAPeakSaysHowToPlanReplicas() {
    List<String> sentences = VerdictSentences.of(Synthetic.flat());

    assertThat(sentences)
        .as("the last sentence, when no peak rate was given")
        .last()
        .isEqualTo(VerdictSentences.REPLICAS_HINT);
  }

  @Test
  void flatRunSaysWhatWasNotReached() {
    List<String> sentences = VerdictSentences.of(Synthetic.flat());

    assertThat(sentences).anyMatch(s -> s.contains("no queueing knee"));
    assertThat(sentences).anyMatch(s -> s.contains("at least") && s.contains("raise the load"));
    assertThat(sentences).anyMatch(s -> s.contains("saturation not reached"));
    assertThat(sentences).anyMatch(s -> s.startsWith("No queueing model fitted"));
  }

  @Test
  void closedRunReadsInConcurrentStreamsAndThroughput() {
    List<String> sentences = VerdictSentences.of(Synthetic.closedConcurrency());

    assertThat(sentences)
        .anyMatch(s -> s.startsWith("Knee at step 3 (8 concurrent streams)"))
        .anyMatch(
            s ->
                s.matches(
                        "Up to \\d+ concurrent streams meet the SLO \\(.*\\), at 7\\.\\d+ rps: .*")
                    && s.contains("(16 streams, passes)")
                    && s.contains("(32 streams, breaks p95 gap)"))
        .anyMatch(
            s ->
                s.startsWith("Saturation: throughput plateaus at 7.")
                    && s.contains("from 8 concurrent streams on")
                    && s.contains(
                        "analytic capacity for these requests (their prompt and output lengths) is 7.89 rps"))
        .anyMatch(
            s ->
                s.startsWith("No queueing model fitted: closed model")
                    && s.contains("Little's law")
                    && s.contains("about 8 slots"))
        .anyMatch(s -> s.startsWith("For a peak of 40 rps: 6 replica(s) at the SLO ("))
        .as("no arrival-rate verdict: arrivals follow completions in a closed run")
        .noneMatch(s -> s.contains("Max sustainable rate") || s.contains("followed the arrival"));
  }

  @Test
  void closedRunWithoutPlateauAsksForMoreConcurrency() {
    String sentence =
        VerdictSentences.saturation(
            TestReports.of(Synthetic.closedConcurrency().steps().subList(0, 2))
                .saturation(
                    new Saturation(false, null, null, null, 4.7, null, null, 0.05, null, null))
                .build());

    assertThat(sentence)
        .startsWith("Throughput was still rising at the last step (4 concurrent streams")
        .contains("raise the concurrency");
  }
}
