package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ttftgap.record.RequestRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClosedLoopModelFitterTest {

  private static ClosedLoopModel fit(List<RequestRecord> records) {
    StepStatsCalculator.Result measured = StepStatsCalculator.measure(records);
    Saturation saturation =
        LoadModel.of(measured.stats()) == LoadModel.CLOSED
            ? ThroughputPlateauDetector.detect(measured.stats())
            : SaturationDetector.detect(measured.stats());
    return ClosedLoopModelFitter.fit(
        measured.stats(), measured.samples(), measured.baseline(), saturation);
  }

  @Test
  void plateauThroughputTimesServiceTimeCountsTheBusySlots() {
    ClosedLoopModel model = fit(EngineStaircase.closedConcurrency().records());

    assertThat(model.busySlots())
        .as("X × S on qwen3-8b-like, whose batch holds 8 sequences")
        .isCloseTo(8, within(0.5));
    assertThat(model.servers()).isEqualTo(8);
    assertThat(model.waitMillisPerStream())
        .isCloseTo(1000 / model.plateauThroughput(), within(1e-9));
    assertThat(model.checkedSteps())
        .as("16 and 32 users are beyond the 8 slots")
        .extracting(ClosedLoopModel.StepCheck::concurrency)
        .containsExactly(16, 32);
  }

  @Test
  void queueingDelayGrowsByOneCompletionPerStreamBeyondTheSlots() {
    ClosedLoopModel model = new ClosedLoopModel(8, 1000, 8, 8, 125, List.of(), null);

    assertThat(model.predictedQueueingDelayMillis(4)).as("free slots: no wait").isZero();
    assertThat(model.predictedQueueingDelayMillis(8)).isZero();
    assertThat(model.predictedQueueingDelayMillis(32)).as("24 waiting × 125 ms").isEqualTo(3000);
  }

  @Test
  void openRunGetsNoClosedLoopFigures() {
    assertThat(fit(SyntheticRun.hockeyStick().records()))
        .as("open arrivals: the G/G/c fit applies instead")
        .isNull();
  }

  @Test
  void closedRunWithoutPlateauSaysWhy() {
    EngineStaircase run = EngineStaircase.closedConcurrency();
    run.stepConcurrency = List.of(1, 2, 4);

    assertThat(fit(run.records())).as("throughput still rising at 4 users").isNull();
    assertThat(
            ClosedLoopModelFitter.notFittedReason(
                null, new Saturation(false, null, null, null, 5.0, null, null, 0.05, null, null)))
        .contains("plateau was not reached");
  }
}
