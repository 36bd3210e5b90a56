package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.QueuePlace;
import dev.ttftgap.analysis.StepStats;
import java.util.List;
import org.junit.jupiter.api.Test;

class QueueLocationSentencesTest {

  @Test
  void aQueueBeforeTheHeadersIsNamedFromItsStepWithTheTtfbThatShowsIt() {
    CapacityReport report = Synthetic.waitingBeforeHeaders(1);
    int from = report.queueLocation().beforeHeadersFromStep();
    StepStats low = report.step(1);
    StepStats first = report.step(from);

    String sentence = QueueLocationSentences.headers(report);

    assertThat(sentence)
        .as(sentence)
        .startsWith(
            "Headers arrive when the request is accepted (median TTFB "
                + Fmt.ms(low.latencies().ttfb().p50Millis())
                + ", median gap "
                + Fmt.ms(low.latencies().gap().p50Millis())
                + " at step 1), but the gap TTFT − TTFB holds the server's queueing and prefill"
                + " only at steps 1–"
                + (from - 1)
                + ": from step "
                + from
                + " the queue is before the headers, which it holds back (TTFB p50 "
                + Fmt.ms(low.latencies().ttfb().p50Millis())
                + " → "
                + Fmt.ms(first.latencies().ttfb().p50Millis())
                + " → ")
        .endsWith("): connection, gateway or worker pool.")
        .doesNotContain("after the headers");
  }

  @Test
  void theLlamaCppRunOfTheIssueSaysItsQueueIsBeforeTheHeadersFromStep2() {
    CapacityReport report = dev.ttftgap.analysis.SyntheticRuns.llamaCppStairs();

    String sentence = QueueLocationSentences.headers(report);

    assertThat(sentence)
        .as("the sentence a user of that server should have read")
        .isEqualTo(
            "Headers arrive when the request is accepted (median TTFB 3.6 ms, median gap 302 ms at"
                + " step 1), but the gap TTFT − TTFB holds the server's queueing and prefill only"
                + " at step 1: from step 2 the queue is before the headers, which it holds back"
                + " (TTFB p50 3.6 ms → 3447 ms → 28.6 s → 78.9 s → 131.6 s; gap p50 302 ms → 888 ms"
                + " → 959 ms → 1798 ms → 1525 ms): connection, gateway or worker pool.");
    assertThat(report.queueLocation().steps())
        .as("every step from 2 on has its headers held by the queue")
        .filteredOn(s -> s.step() >= 2)
        .allMatch(s -> s.headerTiming() == dev.ttftgap.analysis.HeaderTiming.HELD_BY_QUEUE);
    assertThat(VerdictSentences.knee(report))
        .startsWith("Knee at step 2 (2 rps, between 1 and 2): the median TTFT leaves")
        .contains("the rise is before the headers (TTFB carries 85 % of it)");
  }

  @Test
  void theDefaultShapeSaysTheGapHoldsTheQueueAfterTheHeaders() {
    CapacityReport report = Synthetic.risingRate();

    String sentence = QueueLocationSentences.headers(report);

    assertThat(report.queueLocation().place()).isEqualTo(QueuePlace.AFTER_HEADERS);
    assertThat(sentence)
        .as(sentence)
        .contains(
            "), so the gap TTFT − TTFB holds the server's queueing and prefill: from step "
                + report.queueLocation().afterHeadersFromStep()
                + " the queue is after the headers (gap p50 ")
        .endsWith("): the server's scheduler queue and prefill.")
        .doesNotContain("before the headers")
        .doesNotContain(" only at ");
  }

  @Test
  void twoQueuesAreNamedAsBoth() {
    String sentence = QueueLocationSentences.headers(Synthetic.waitingBeforeHeaders(0.5));

    assertThat(sentence)
        .as(sentence)
        .contains(" the queue is both before and after the headers (TTFB p50 ")
        .endsWith("a worker pool or gateway and the scheduler both queue.");
  }

  @Test
  void headersHeldForTheFirstTokenPutTheWholeQueueInTtfbAndTheSplitSaysItCannotTell() {
    CapacityReport report = Synthetic.headersWithFirstToken();

    String sentence = QueueLocationSentences.headers(report);

    assertThat(sentence)
        .as(sentence)
        .startsWith(VerdictSentences.headerTiming(report.headerTiming()))
        .contains(" TTFT grows, and TTFB carries it (TTFB p50 ")
        .endsWith(
            "with the headers held for the first token, the split cannot tell a worker pool or"
                + " gateway from the scheduler's queue.");
    assertThat(VerdictSentences.knee(report))
        .contains("in TTFB, where a server that sends its headers with the first token puts its")
        .doesNotContain("requests wait for a connection");
    assertThat(QueueLocationSentences.fix(report, false))
        .as("no worker-pool advice where TTFB holds every queue")
        .isEmpty();
  }

  @Test
  void aStepWhoseOwnTimingsReadOtherwiseIsNamed() {
    List<dev.ttftgap.record.RequestRecord> records = new java.util.ArrayList<>();
    for (int step = 1; step <= 2; step++) {
      for (int i = 0; i < 20; i++) {
        // step 1: headers at acceptance (gap 295 ms); step 2: headers with the first token
        long ttfb = step == 1 ? 5 : 300;
        records.add(
            dev.ttftgap.record.TestRecords.streamed(
                    Synthetic.request(step, i).timings(t -> t.ttfbMillis(ttfb)),
                    301,
                    1000,
                    List.of(12L, 12L, 12L),
                    4)
                .build());
      }
    }
    CapacityReport report =
        dev.ttftgap.analysis.CapacityAnalysis.analyze(
            records, List.of("x"), dev.ttftgap.analysis.CapacityOptions.defaults(), null);

    assertThat(QueueLocationSentences.headers(report))
        .startsWith("Headers arrive when the request is accepted (median TTFB 5.0 ms")
        .endsWith(
            " At step 2 the timings read as headers sent with the first token instead: the header"
                + " timing above holds for the other steps.");
    assertThat(QueueLocationSentences.headers(Synthetic.waitingBeforeHeaders(1)))
        .as("headers held by the queue are said once, in the place's words")
        .doesNotContain("the timings read as");
  }

  @Test
  void aRunThatNeverQueuedSaysSoForBothParts() {
    assertThat(QueueLocationSentences.headers(Synthetic.flat()))
        .endsWith("at every step: nothing queued, before or after the headers.");
  }

  @Test
  void theKneeIsFoundOnTtftAndAttributedBeforeTheGapKnee() {
    CapacityReport before = Synthetic.waitingBeforeHeaders(1);
    CapacityReport after = Synthetic.risingRate();

    String beforeKnee = VerdictSentences.knee(before);
    String afterKnee = VerdictSentences.knee(after);

    assertThat(beforeKnee)
        .as(beforeKnee)
        .startsWith(
            "Knee at step "
                + before.queueLocation().ttftKnee().step()
                + " (14 rps, between 12 and 14): the median TTFT leaves its low-load band")
        .contains("the rise is before the headers (TTFB carries 100 % of it)")
        .contains("The median gap stayed within its low-load band")
        .as("the gap alone would have seen no knee: it says so after the TTFT knee")
        .doesNotContain("Gap knee at");
    assertThat(afterKnee)
        .as(afterKnee)
        .startsWith("Knee at step 5 (8 rps, between 6 and 8): the median TTFT leaves")
        .contains("the rise is after the headers (the gap carries 100 % of it)")
        .contains(" Gap knee at step 5 (8 rps, between 6 and 8): the median gap leaves");
    assertThat(afterKnee.indexOf("median TTFT"))
        .as("the TTFT knee leads")
        .isLessThan(afterKnee.indexOf("median gap"));
  }

  @Test
  void theSloAndReplicaSentencesNameTheFixForTheQueuesPlace() {
    List<String> before = VerdictSentences.of(Synthetic.waitingBeforeHeaders(1));
    List<String> after = VerdictSentences.of(Synthetic.risingRate());

    assertThat(before)
        .anyMatch(
            s ->
                s.startsWith("Max sustainable rate under the SLO")
                    && s.endsWith(
                        " The queue that sets it is before the headers (connection, gateway or"
                            + " worker pool): a larger worker pool or gateway connection limit"
                            + " raises it (replicas also help)."))
        .anyMatch(
            s ->
                s.startsWith("For a peak of 100 rps")
                    && s.contains("a larger worker pool or gateway connection limit")
                    && s.endsWith("(replicas also help)."));
    assertThat(after)
        .anyMatch(
            s ->
                s.startsWith("Max sustainable rate under the SLO")
                    && s.endsWith("more replicas, or a faster model, raise it."))
        .anyMatch(
            s ->
                s.startsWith("For a peak of 40 rps")
                    && s.endsWith(
                        " The queue is after the headers (the server's scheduler queue and"
                            + " prefill): replicas are the fix."))
        .noneMatch(s -> s.contains("worker pool"));
  }

  @Test
  void theWhereSentenceComesBeforeTheKneeAndTheKneeBeforeTheSlo() {
    List<String> sentences = VerdictSentences.of(Synthetic.waitingBeforeHeaders(1));

    int where = indexOf(sentences, "Headers arrive");
    int knee = indexOf(sentences, "Knee at step");
    int slo = indexOf(sentences, "Max sustainable rate");

    assertThat(where).as("the reading guide is there").isNotNegative();
    assertThat(knee).as("the knee follows the reading guide").isEqualTo(where + 1);
    assertThat(slo).isGreaterThan(knee);
  }

  @Test
  void aReportWithoutALocationKeepsTheLowLoadVerdict() {
    CapacityReport report = Synthetic.risingRate();
    CapacityReport without = ReportCopy.withoutQueueLocation(report);

    assertThat(QueueLocationSentences.headers(without))
        .isEqualTo(VerdictSentences.headerTiming(report.headerTiming()));
    assertThat(VerdictSentences.knee(without))
        .startsWith("Knee at step 5 (8 rps")
        .contains("median gap");
    assertThat(QueueLocationSentences.fix(without, false)).isEmpty();
  }

  @Test
  void theTableCellNamesEachStepsPlace() {
    CapacityReport report = Synthetic.waitingBeforeHeaders(1);
    int from = report.queueLocation().beforeHeadersFromStep();

    assertThat(QueueLocationSentences.cell(report, 1)).isEqualTo("none");
    assertThat(QueueLocationSentences.cell(report, from)).isEqualTo("before");
    assertThat(QueueLocationSentences.cell(Synthetic.risingRate(), 6)).isEqualTo("after");
    assertThat(QueueLocationSentences.cell(Synthetic.overloaded(), 1))
        .as("no baseline: undetermined")
        .isEqualTo(Fmt.UNDEFINED);
    assertThat(QueueLocationSentences.stepRanges(List.of(1, 2, 3, 5, 7, 8)))
        .isEqualTo("steps 1–3, 5, 7, 8");
  }

  private static int indexOf(List<String> sentences, String start) {
    for (int i = 0; i < sentences.size(); i++) {
      if (sentences.get(i).startsWith(start)) {
        return i;
      }
    }
    return -1;
  }
}
