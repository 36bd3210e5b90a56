package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.ClassReport;
import dev.ttftgap.analysis.ClassesVerdict;
import dev.ttftgap.analysis.RecoveryVerdict;
import dev.ttftgap.analysis.SloVerdict;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The launch-day verdicts in words: {@link ClassSentences} and {@link RecoverySentences}. */
class LaunchDaySentencesTest {

  @Test
  void theClassesVerdictNamesTheJointAnswerTheLimitingClassAndEachOwnAnswer() {
    CapacityReport report = LaunchDayReports.withClasses();
    String limit = Fmt.ms(LaunchDayReports.chatTtftLimit(Synthetic.risingRate()));
    String step4 = Fmt.ms(report.step(4).latencies().ttft().p95Millis());

    assertThat(ClassSentences.of(report))
        .hasValue(
            "Request classes: every class meets its own SLO up to 5.2 rps (4–6) in total (chat 80"
                + " %, rag 20 %); chat breaks first (p95 TTFT "
                + step4
                + " > "
                + limit
                + " at step 4 · 6.0 rps); alone in this mix chat holds 5.2 rps, rag holds 7.1"
                + " rps; for a peak of 40 rps at the same mix: 8 replicas.");
    assertThat(VerdictSentences.of(report))
        .as("among the verdicts, right after the run's own SLO verdict")
        .anySatisfy(s -> assertThat(s).startsWith("Request classes: "));
  }

  @Test
  void withoutAJointAnswerItSaysSoAndGivesTheNote() {
    CapacityReport report = LaunchDayReports.withClasses();
    ClassesVerdict v = report.classes();
    ClassesVerdict none =
        new ClassesVerdict(
            v.classes(),
            null,
            false,
            "chat",
            "ttft_p95",
            null,
            null,
            null,
            null,
            "chat fails its first step (1 rps)");
    CapacityReport without = ReportCopy.withLaunchDay(report, report.options(), none, null);

    assertThat(ClassSentences.of(without).orElseThrow())
        .startsWith("Request classes: no total rate found at which every class meets its own SLO")
        .doesNotContain("replica")
        .endsWith(". Chat fails its first step (1 rps).");
  }

  @Test
  void aClassWhoseLimitsHeldWhereTheMixQueuedSaysSo() {
    CapacityReport report = LaunchDayReports.withClasses();
    ClassesVerdict v = report.classes();
    ClassReport rag = v.classes().get(1);
    SloVerdict own = rag.verdict();
    SloVerdict steadyOnly =
        new SloVerdict(
            own.slo(),
            own.maxSustainableRate(),
            false,
            own.lastPassingStep(),
            own.firstFailingStep(),
            null,
            null,
            null,
            own.method(),
            own.rateLow(),
            own.rateHigh(),
            List.of(own.firstFailingStep()),
            false,
            null);
    ClassReport ragSteadyOnly =
        new ClassReport(
            rag.name(),
            rag.share(),
            rag.slo(),
            rag.requests(),
            rag.steps(),
            rag.knee(),
            steadyOnly);
    ClassesVerdict changed =
        new ClassesVerdict(
            List.of(v.classes().get(0), ragSteadyOnly),
            v.jointMaxRate(),
            v.lowerBound(),
            v.limitingClass(),
            v.limitingMetric(),
            v.rateLow(),
            v.rateHigh(),
            v.replicas(),
            v.held(),
            v.note());

    assertThat(
            ClassSentences.of(ReportCopy.withLaunchDay(report, report.options(), changed, null))
                .orElseThrow())
        .contains(
            "rag holds 7.1 rps (its limits held at step 5 too, but the mix's queue grew there)");
  }

  @Test
  void aMixThatPassedEveryStepIsALowerBound() {
    CapacityReport report = LaunchDayReports.withClasses();
    ClassesVerdict v = report.classes();
    ClassesVerdict all =
        new ClassesVerdict(v.classes(), 10.0, true, null, null, 10.0, null, 4, null, null);

    assertThat(
            ClassSentences.of(ReportCopy.withLaunchDay(report, report.options(), all, null))
                .orElseThrow())
        .contains("every class meets its own SLO at every step, so at least 10 rps in total")
        .doesNotContain("breaks first");
  }

  @Test
  void aRunWithoutClassesOrBurstHasNeitherSentence() {
    CapacityReport plain = Synthetic.risingRate();

    assertThat(ClassSentences.of(plain)).isEmpty();
    assertThat(RecoverySentences.of(plain)).isEmpty();
    assertThat(VerdictSentences.of(plain))
        .noneMatch(s -> s.startsWith("Request classes") || s.startsWith("Launch spike"));
  }

  @Test
  void theRecoveryVerdictComparesTheMeasuredDrainWithThePrediction() {
    assertThat(RecoverySentences.of(LaunchDayReports.withRecovery(true)))
        .hasValue(
            "Launch spike: 11.5 rps for 30 s over 5.5 rps: TTFT back in its low-load band (p50 ≤"
                + " 420 ms, p95 ≤ 800 ms) 45 s after the burst (fitted queue predicts 48.3 s with"
                + " μ 7.8 rps, a backlog of 111: −7 %); peak 41 requests in flight, server waiting"
                + " up to 22.");
  }

  @Test
  void anUnscrapedServerIsSaidNeverZero() {
    assertThat(RecoverySentences.of(LaunchDayReports.withRecovery(false)).orElseThrow())
        .endsWith("peak 41 requests in flight, server waiting not scraped.")
        .doesNotContain("waiting up to 0");
  }

  @Test
  void aQueueThatNeverDrainedOrWasNotPredictedIsSaidWithTheExplanation() {
    CapacityReport report = LaunchDayReports.withRecovery(false);
    RecoveryVerdict v = report.recovery();
    RecoveryVerdict stuck =
        new RecoveryVerdict(
            v.plan(),
            v.windows(),
            v.bandP50Millis(),
            v.bandP95Millis(),
            null,
            v.peakInFlight(),
            null,
            5.0,
            "burst throughput",
            null,
            null,
            null,
            "the capacity μ (5 rps) is at or below the base rate: the queue cannot drain");

    assertThat(
            RecoverySentences.of(ReportCopy.withLaunchDay(report, report.options(), null, stuck))
                .orElseThrow())
        .contains("TTFT not back in its low-load band (p50 ≤ 420 ms, p95 ≤ 800 ms) by the run's")
        .contains("by the run's end, 90 s after the burst (μ 5 rps from the burst throughput is")
        .contains("is not above the base rate: the queue never drains); peak 41 requests")
        .endsWith(" The capacity μ (5 rps) is at or below the base rate: the queue cannot drain.");
  }

  @Test
  void aBurstWithoutRecordsOrBandSaysNoRecoveryWasMeasured() {
    CapacityReport report = LaunchDayReports.withRecovery(false);
    RecoveryVerdict empty =
        new RecoveryVerdict(
            LaunchDayReports.PLAN,
            java.util.List.of(),
            null,
            null,
            null,
            0,
            null,
            null,
            null,
            null,
            null,
            null,
            "no request of the burst step was recorded");

    assertThat(
            RecoverySentences.of(ReportCopy.withLaunchDay(report, report.options(), null, empty))
                .orElseThrow())
        .isEqualTo(
            "Launch spike: 11.5 rps for 30 s over 5.5 rps: no recovery measured. No request of"
                + " the burst step was recorded.");
  }

  @Test
  void signedPercentsUseATrueMinus() {
    assertThat(RecoverySentences.signedPercent(-12.4)).isEqualTo("−12 %");
    assertThat(RecoverySentences.signedPercent(30)).isEqualTo("+30 %");
    assertThat(RecoverySentences.signedPercent(0.2)).isEqualTo("±0 %");
  }
}
