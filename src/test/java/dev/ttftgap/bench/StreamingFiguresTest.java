package dev.ttftgap.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ttftgap.engine.GroundTruth;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.TestRecords;
import java.util.List;
import org.junit.jupiter.api.Test;

class StreamingFiguresTest {
  private static RequestRecord record(
      long userId, String id, long start, Long ttfb, Long ttft, Long e2e, List<Long> itl) {
    return TestRecords.builder()
        .identity(who -> who.run("bench").userId(userId).requestId(id))
        .level(lv -> lv.stepLabel("step 1 · 2 users").concurrency(2))
        .input(in -> in.model("stress").promptTokens(20).maxTokens(3))
        .timings(
            t ->
                t.startEpochMillis(start)
                    .ttfbMillis(ttfb)
                    .ttftMillis(ttft)
                    .gapMillis(ttft == null || ttfb == null ? null : ttft - ttfb)
                    .firstContentMillis(ttft)
                    .e2eMillis(e2e)
                    .itlMillis(itl))
        .result(res -> res.httpStatus(200))
        .build();
  }

  /** The engine's view of request "a": accepted at 1000 ms, headers 1009.4, first token 1019.7. */
  private static GroundTruth truthOfA() {
    return new GroundTruth(
        "a",
        "stress",
        200,
        20,
        0,
        3,
        1_000_000L,
        1_009_400L,
        1_019_700L,
        1_100_000L,
        10L,
        GroundTruth.OK,
        null,
        0,
        1_019_700L,
        "chat");
  }

  @Test
  void concurrencyCountsStreamsFromHeadersToEnd() {
    // user 1 open [1010, 2000), user 2 open [1510, 2500)
    List<RequestRecord> records =
        List.of(
            record(1, "a", 1000, 10L, 20L, 1000L, List.of()),
            record(2, "b", 1500, 10L, 20L, 1000L, List.of()));
    StreamingFigures.Concurrency c = StreamingFigures.concurrency(records, 1000, 3000, 2, 0);
    assertThat(c.max()).as("both streams overlap on [1510, 2000)").isEqualTo(2);
    assertThat(c.min()).as("nothing is open before 1010 nor after 2500").isZero();
    // area: 1 × 500 + 2 × 490 + 1 × 500 = 1980 stream-ms over 2000 ms
    assertThat(c.mean()).isCloseTo(0.99, within(1e-9));
    assertThat(c.firstAtOrAboveMillis()).as("2 streams first at user 2's headers").isEqualTo(1510);
  }

  @Test
  void eventsAreCountedAtTheirArrivalTimes() {
    // content at 1020, 1030, 1050; the four other events at the end, 1100
    List<RequestRecord> records = List.of(record(1, "a", 1000, 10L, 20L, 100L, List.of(10L, 20L)));
    assertThat(StreamingFigures.events(records, 1000, 1040))
        .as("two content events before 1040, the stream's end after it")
        .isEqualTo(new StreamingFigures.Events(2, 2));
    assertThat(StreamingFigures.events(records, 1000, 2000))
        .isEqualTo(new StreamingFigures.Events(3, 3 + StreamingFigures.NON_CONTENT_EVENTS));
  }

  @Test
  void closedLoopLagIsNextStartMinusPreviousEnd() {
    List<RequestRecord> records =
        List.of(
            record(1, "a", 1000, 10L, 20L, 100L, List.of()),
            record(1, "b", 1103, 10L, 20L, 100L, List.of()),
            record(2, "c", 1000, 10L, 20L, 50L, List.of()),
            record(2, "d", 1050, 10L, 20L, 50L, List.of()));
    assertThat(StreamingFigures.closedLoopLagMillis(records, 0, 5000))
        .as("user 1 restarted 3 ms after its [DONE], user 2 at once")
        .containsExactlyInAnyOrder(3.0, 0.0);
  }

  @Test
  void accuracyJoinsByRequestIdAndComparesEpochs() {
    GroundTruth truth = truthOfA();
    List<RequestRecord> records =
        List.of(
            record(1, "a", 1000, 10L, 20L, 100L, List.of()),
            record(2, "unknown", 1000, 10L, 20L, 100L, List.of()));
    StreamingFigures.Accuracy accuracy =
        StreamingFigures.accuracy(records, List.of(truth), 0, 5000);
    assertThat(accuracy.joined()).as("only the request the engine knows is joined").isOne();
    assertThat(accuracy.ttfbDelta().get(0)).isCloseTo(1010 - 1009.4, within(1e-9));
    assertThat(accuracy.ttftDelta().get(0)).isCloseTo(1020 - 1019.7, within(1e-9));
    assertThat(accuracy.gapDelta().get(0))
        .as("client gap 10 ms, engine gap 10.3 ms")
        .isCloseTo(-0.3, within(1e-9));
    assertThat(accuracy.anchorMillis()).as("-1 - min Δttfb").isCloseTo(-1.6, within(1e-9));
  }

  @Test
  void preciseAccuracyUsesTheRecordsOwnStampsAndSkipsRecordsWithout() {
    GroundTruth truth = truthOfA();
    // sent at 999.950 ms, headers read 9.500 ms later, first token 19.800 ms later
    RequestRecord stamped =
        record(1, "a", 1000, 10L, 20L, 100L, List.of())
            .withMicros(9_500L, 19_800L, 10_300L, 999_950L);
    RequestRecord plain = record(2, "a", 1000, 10L, 20L, 100L, List.of());
    StreamingFigures.Accuracy accuracy =
        StreamingFigures.preciseAccuracy(List.of(stamped, plain), List.of(truth), 0, 5000, 1);

    assertThat(accuracy.joined()).as("only the stamped record is joined").isOne();
    assertThat(accuracy.ttfbDelta().get(0))
        .as("client headers 1009.450 ms − engine 1009.400 ms")
        .isCloseTo(0.05, within(1e-9));
    assertThat(accuracy.ttftDelta().get(0))
        .as("client first token 1019.750 ms − engine 1019.700 ms")
        .isCloseTo(0.05, within(1e-9));
    assertThat(accuracy.gapDelta().get(0)).as("10.3 ms on both sides").isCloseTo(0.0, within(1e-9));
    assertThat(
            StreamingFigures.preciseAccuracy(List.of(stamped), List.of(truth), 0, 5000, 2).joined())
        .as("records of another step")
        .isZero();
  }

  @Test
  void percentileIsTheNearestRank() {
    double[] sorted = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    assertThat(StreamingFigures.percentile(sorted, 50)).isEqualTo(5);
    assertThat(StreamingFigures.percentile(sorted, 99)).isEqualTo(10);
    assertThat(StreamingFigures.percentile(new double[0], 50)).isNaN();
  }
}
