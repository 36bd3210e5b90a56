package dev.ttftgap.merge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.CapacityAnalysis;
import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.SyntheticRuns;
import dev.ttftgap.health.HealthSamples;
import dev.ttftgap.health.LoadGeneratorHealth;
import dev.ttftgap.health.LoadGeneratorLog;
import dev.ttftgap.health.LoadGeneratorSample;
import dev.ttftgap.record.InjectorPart;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.TestRecords;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PartsMergerTest {
  private static final CapacityOptions OPTIONS =
      CapacityOptions.defaults().withPeakRate(100).withKnownSaturationRate(16);

  private static CapacityReport analyze(List<RequestRecord> records) {
    return CapacityAnalysis.analyze(records, List.of("records.jsonl"), OPTIONS, null);
  }

  @ParameterizedTest(name = "{0} parts")
  @ValueSource(ints = {2, 3, 5})
  void mergingThePartsGivesExactlyTheWholeRunsStatisticsAndVerdicts(int count, @TempDir Path dir) {
    List<RequestRecord> run = SyntheticRuns.hockeyStick(false);
    CapacityReport whole = analyze(SplitRuns.whole(run));

    PartsMerger.Merged merged =
        PartsMerger.merge(RunParts.detect(SplitRuns.write(dir, run, count, "abc")).orElseThrow());
    CapacityReport report = analyze(merged.records());

    assertThat(merged.records()).as("every request once").hasSameSizeAs(run);
    assertThat(report.steps())
        .as("every step's rates, concurrency and histograms as one injector's records give them")
        .usingRecursiveComparison()
        .isEqualTo(whole.steps());
    assertThat(report.knee()).as("knee").usingRecursiveComparison().isEqualTo(whole.knee());
    assertThat(report.saturation())
        .as("saturation")
        .usingRecursiveComparison()
        .isEqualTo(whole.saturation());
    assertThat(report.slo()).as("SLO verdict").usingRecursiveComparison().isEqualTo(whole.slo());
    assertThat(report.replicas())
        .as("replicas")
        .usingRecursiveComparison()
        .isEqualTo(whole.replicas());
  }

  @Test
  void eachPartsRecordsCarryItsShareAndTheMergeTheRunsLevel(@TempDir Path dir) {
    List<RequestRecord> run = SyntheticRuns.hockeyStick(false);
    List<Path> folders = SplitRuns.write(dir, run, 2, "abc");
    RunParts parts = RunParts.detect(folders).orElseThrow();
    RequestRecord partRecord =
        parts.parts().get(1).records().stream()
            .filter(r -> r.level().step() == 2)
            .findFirst()
            .get();
    RequestRecord wholeRecord = run.stream().filter(r -> r.level().step() == 2).findFirst().get();

    assertThat(partRecord.level().offeredRate())
        .as("a part's record: its half of the step's rate")
        .isEqualTo(wholeRecord.level().offeredRate() / 2);
    assertThat(PartsMerger.merge(parts).records())
        .filteredOn(r -> r.level().step() == 2)
        .extracting(r -> r.level().offeredRate())
        .as("merged: the step's rate for the whole run")
        .containsOnly(wholeRecord.level().offeredRate());
  }

  @Test
  void aClosedRunsConcurrencyIsTheSumOfThePartsUsers(@TempDir Path dir) {
    List<RequestRecord> first = new ArrayList<>();
    List<RequestRecord> second = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      int n = i;
      RequestRecord base =
          TestRecords.builder()
              .identity(id -> id.run("closed").userId(n % 3))
              .level(lv -> lv.step(1).concurrency(n % 3 == 2 ? 1 : 2))
              .timings(t -> t.startEpochMillis(1_000 + 100L * n).e2eMillis(300L))
              .build();
      // users 0 and 1 on part 1 (2 users), user 2 on part 2 (1 user): 3 users in all
      if (i % 3 == 2) {
        second.add(base.withPart(new InjectorPart(2, 2, "b", SplitRuns.RUN_ID)));
      } else {
        first.add(base.withPart(new InjectorPart(1, 2, "a", SplitRuns.RUN_ID)));
      }
    }
    RunParts parts =
        RunParts.detect(
                List.of(
                    SplitRuns.writePart(dir, first, 1, 2, null),
                    SplitRuns.writePart(dir, second, 2, 2, null)))
            .orElseThrow();

    assertThat(PartsMerger.merge(parts).records())
        .extracting(r -> r.level().concurrency())
        .as("2 + 1 users")
        .containsOnly(3);
  }

  @Test
  void eachPartsHealthIsItsOwnAndAStepIsVouchedForOnlyWhenEveryInjectorVouchesForIt(
      @TempDir Path dir) {
    List<RequestRecord> run = SyntheticRuns.hockeyStick(false);
    List<Path> folders = SplitRuns.write(dir, run, 2, "abc");
    writeHealth(folders.get(0), HealthSamples.step(1, 5, 400, 0, 0, 1_000));
    List<LoadGeneratorSample> blocked = new ArrayList<>(HealthSamples.step(1, 5, 400, 0, 0, 1_000));
    blocked.addAll(HealthSamples.step(2, 5, 400, 5, 31_000, 1_000));
    writeHealth(folders.get(1), blocked);

    PartsMerger.Merged merged = PartsMerger.merge(RunParts.detect(folders).orElseThrow());

    assertThat(merged.parts())
        .extracting(PartsMerger.PartHealth::injector, PartsMerger.PartHealth::host)
        .as("one health per injector")
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(1, "host-1"),
            org.assertj.core.groups.Tuple.tuple(2, "host-2"));
    assertThat(merged.parts().get(0).health().unvouchedSteps()).as("injector 1 kept up").isEmpty();
    assertThat(merged.parts().get(1).health().unvouchedSteps())
        .as("injector 2 was blocked at step 2")
        .containsExactly(2);
    LoadGeneratorHealth health = merged.health();
    assertThat(health.unvouchedSteps()).as("the run: worst injector per step").containsExactly(2);
    assertThat(health.step(1).vouched()).as("step 1: both kept up").isTrue();
    assertThat(health.step(2).eventLoopDelayP99Millis())
        .as("step 2's figures are injector 2's")
        .isEqualTo(merged.parts().get(1).health().step(2).eventLoopDelayP99Millis());
    assertThat(merged.scrapes()).as("no server-metrics.jsonl in any part").isEmpty();
  }

  @Test
  void ofTwoInjectorsThatCannotVouchForAStepTheOneWithTheLongerDelayOfEitherKindSpeaksForIt() {
    LoadGeneratorHealth loopLate = HealthSamples.flagging(1, java.util.Set.of(1), 3_000);
    LoadGeneratorHealth stampsLate = HealthSamples.stampedInStalls(1, List.of(1), 12_000);

    LoadGeneratorHealth worst =
        PartsMerger.worstOf(
            List.of(
                new PartsMerger.PartHealth(1, 2, "a", 100, loopLate),
                new PartsMerger.PartHealth(2, 2, "b", 100, stampsLate)));

    assertThat(loopLate.step(1).eventLoopDelayP99Millis()).isEqualTo(3.0);
    assertThat(worst.step(1))
        .as("12 ms of stamp delay is worse than 3 ms of event-loop delay")
        .isEqualTo(stampsLate.step(1));
  }

  @Test
  void theMergedRecordsAreThePartsOwnPutAtTheRunsLevelsNotCopies(@TempDir Path dir) {
    RunParts parts =
        RunParts.detect(SplitRuns.write(dir, SyntheticRuns.hockeyStick(false), 2, "abc"))
            .orElseThrow();
    List<RequestRecord> asWritten =
        parts.parts().stream().flatMap(p -> p.records().stream()).toList();

    PartsMerger.Merged merged = PartsMerger.merge(parts);
    List<RequestRecord> held = parts.parts().stream().flatMap(p -> p.records().stream()).toList();

    assertThat(merged.records()).hasSameSizeAs(asWritten);
    for (int i = 0; i < held.size(); i++) {
      assertThat(merged.records().get(i))
          .as("record %d: the part holds the merged record itself, not the one as written", i)
          .isSameAs(held.get(i))
          .isNotSameAs(asWritten.get(i));
    }
  }

  @Test
  void withoutAnyHealthFileTheRunHasNoHealth(@TempDir Path dir) {
    List<Path> folders = SplitRuns.write(dir, SyntheticRuns.hockeyStick(false), 2, "abc");

    PartsMerger.Merged merged = PartsMerger.merge(RunParts.detect(folders).orElseThrow());

    assertThat(merged.health()).as("nothing measured").isNull();
    assertThat(merged.parts()).extracting(PartsMerger.PartHealth::health).containsOnlyNulls();
  }

  private static void writeHealth(Path folder, List<LoadGeneratorSample> samples) {
    try (LoadGeneratorLog log = LoadGeneratorLog.open(folder.resolve(LoadGeneratorLog.FILE_NAME))) {
      samples.forEach(log::append);
    }
  }
}
