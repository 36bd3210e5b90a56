package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.health.HealthSamples;
import dev.ttftgap.health.LoadGeneratorHealth;
import dev.ttftgap.record.RecordWriter;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.report.CapacityConsole;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CapacityAnalysisTest {

  /** The usage example of {@link CapacityAnalysis}'s Javadoc, on a run's records file. */
  @Test
  void usageExampleOfTheJavadocRunsOnARecordsFile(@TempDir Path reports) {
    Path records = reports.resolve("risingratesimulation-20261201/records.jsonl");
    try (RecordWriter writer = RecordWriter.open(records)) {
      SyntheticRun.hockeyStick().records().forEach(writer::append);
    }

    CapacityReport report =
        CapacityAnalysis.analyzeFiles(
            List.of(records), CapacityOptions.defaults().withPeakRate(40), null);
    Double sustainable = report.slo().maxSustainableRate(); // requests/s; null when undetermined
    Double saturation = report.saturation().saturationRate(); // requests/s; null when not reached
    Integer replicas = report.replicas().recommended(); // for the 40 requests/s peak
    QueuePlace queue =
        report.queueLocation().place(); // before or after the headers; null: no baseline
    String text = CapacityConsole.render(report); // or CapacityReports.write(...) for the files

    assertThat(sustainable).as("a hockey stick has a sustainable rate").isNotNull();
    assertThat(saturation).as("below its saturation").isGreaterThan(sustainable);
    assertThat(replicas).as("replicas for the peak").isNotNull().isPositive();
    assertThat(queue)
        .as("the hockey stick queues after its headers")
        .isEqualTo(QueuePlace.AFTER_HEADERS);
    assertThat(text).as("the console summary names the run's verdicts").contains("> Knee at step");
    assertThat(report.input().runs()).as("the run comes from the file's records").isNotEmpty();
  }

  @Test
  void hockeyStickGetsEveryVerdict() {
    CapacityReport report =
        analyze(SyntheticRun.hockeyStick().records(), CapacityOptions.defaults().withPeakRate(100));

    assertThat(report.steps()).hasSize(12);
    assertThat(report.headerTiming().timing()).isEqualTo(HeaderTiming.AT_ACCEPT);
    assertThat(report.knee().found()).isTrue();
    assertThat(report.slo().maxSustainableRate()).isNotNull();
    assertThat(report.saturation().reached()).isTrue();
    assertThat(report.model()).isNotNull();
    assertThat(report.modelNote()).isNull();
    assertThat(report.replicas().fromMeasured())
        .isGreaterThanOrEqualTo(report.replicas().fromModel() - 2);
    assertThat(report.baseline()).as("no baseline asked").isNull();
    assertThat(report.input().runs()).containsExactly("synthetic");
  }

  @Test
  void theSloVerdictLeavesOutAStepWhereTheLoadGeneratorsDelayReachesATenthOfTheLimit() {
    List<RequestRecord> records = SyntheticRun.hockeyStick().records();
    CapacityReport plain = analyze(records, CapacityOptions.defaults());
    int failing = plain.slo().firstFailingStep();
    // default SLO: p95 TTFT ≤ 2000 ms, p95 gap ≤ 1000 ms, so a tenth of the tightest is 100 ms
    LoadGeneratorHealth blocked150 = HealthSamples.flagging(12, Set.of(failing), 150_000);
    LoadGeneratorHealth blocked31 = HealthSamples.flagging(12, Set.of(failing), 31_000);

    CapacityReport leftOut = analyze(records, CapacityOptions.defaults(), blocked150);
    CapacityReport kept = analyze(records, CapacityOptions.defaults(), blocked31);

    assertThat(leftOut.loadGenerator().leftOutOfSloSteps())
        .as("150 ms ≥ 100 ms")
        .containsExactly(failing);
    assertThat(leftOut.slo().firstFailingStep())
        .as("first failing step once step %d (150 ms of client delay) is left out", failing)
        .isGreaterThan(failing);
    assertThat(leftOut.steps())
        .as("the step statistics keep every step")
        .hasSameSizeAs(plain.steps());
    assertThat(kept.loadGenerator().unvouchedSteps())
        .as("31 ms is flagged")
        .containsExactly(failing);
    assertThat(kept.loadGenerator().leftOutOfSloSteps()).as("31 ms < 100 ms").isEmpty();
    assertThat(kept.slo().firstFailingStep())
        .as("a 31-ms client delay cannot move a p95 across a 1000-ms limit by a tenth")
        .isEqualTo(failing);
  }

  @Test
  void aTighterSloLeavesOutTheSameDelay() {
    List<RequestRecord> records = SyntheticRun.hockeyStick().records();
    CapacityOptions tight =
        new CapacityOptions(
            Slo.of(200, Slo.NO_LIMIT, 100), Optional.empty(), Optional.empty(), Optional.empty());

    CapacityReport report = analyze(records, tight, HealthSamples.flagging(12, Set.of(2), 31_000));

    assertThat(report.loadGenerator().sloLimitMillis()).as("tightest limit").isEqualTo(200.0);
    assertThat(report.loadGenerator().leftOutOfSloSteps()).as("31 ms ≥ 20 ms").containsExactly(2);
  }

  @Test
  void reportDoesNotDependOnRecordOrder() {
    List<RequestRecord> records = SyntheticRun.noisy().records();
    List<RequestRecord> shuffled = new ArrayList<>(records);
    Collections.shuffle(shuffled, new Random(3));

    CapacityReport ordered = analyze(records, CapacityOptions.defaults());
    CapacityReport reordered = analyze(shuffled, CapacityOptions.defaults());

    assertThat(reordered).isEqualTo(ordered);
  }

  @Test
  void flatRunExplainsWhyThereIsNoModel() {
    CapacityReport report = analyze(SyntheticRun.flat().records(), CapacityOptions.defaults());

    assertThat(report.model()).isNull();
    assertThat(report.modelNote()).isNotBlank();
    assertThat(report.slo().lowerBound()).as("every step meets the SLO").isTrue();
    assertThat(report.replicas()).as("no peak rate asked").isNull();
  }

  @Test
  void closedRunGetsPlateauLittlesLawAndClosedReplicasInsteadOfTheOpenVerdicts() {
    CapacityReport report =
        analyze(
            EngineStaircase.closedConcurrency().records(),
            CapacityOptions.defaults().withPeakRate(40));

    assertThat(report.loadModel()).isEqualTo(LoadModel.CLOSED);
    assertThat(report.saturation().concurrency()).as("plateau read in streams").isNotNull();
    assertThat(report.slo().maxConcurrency()).isNotNull();
    assertThat(report.slo().maxSustainableRate()).isNull();
    assertThat(report.model()).as("no G/G/c on closed arrivals").isNull();
    assertThat(report.modelNote()).isEqualTo(ClosedLoopAnalysis.CLOSED_MODEL_NOTE);
    assertThat(report.closedLoopModel()).isNotNull();
    assertThat(report.replicas().fromPlateau()).as("ceil(40 / ≈ 7.9)").isEqualTo(6);
    assertThat(report.replicas().concurrencyPerReplica()).isEqualTo(report.slo().maxConcurrency());
  }

  /** The report of {@code records} from one source, no baseline, no load-generator health. */
  private static CapacityReport analyze(List<RequestRecord> records, CapacityOptions options) {
    return analyze(records, options, null);
  }

  /** As {@link #analyze(List, CapacityOptions)}, with the load generator's {@code health}. */
  private static CapacityReport analyze(
      List<RequestRecord> records, CapacityOptions options, LoadGeneratorHealth health) {
    return CapacityAnalysis.analyze(records, List.of("synthetic"), options, null, health);
  }
}
