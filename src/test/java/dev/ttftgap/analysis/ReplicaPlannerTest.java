package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReplicaPlannerTest {

  @Test
  void measuredReplicasRoundUpPeakOverSustainableRate() {
    SloVerdict slo = new SloVerdict(2000, 1000, 1, 9.0, false, 2, 3, "ttft_p95");

    Replicas replicas = ReplicaPlanner.plan(50, slo, null, null, CapacityOptions.defaults());

    assertThat(replicas.fromMeasured()).as("ceil(50 / 9)").isEqualTo(6);
    assertThat(replicas.fromModel()).as("no model, no model figure").isNull();
  }

  @Test
  void exactMultipleNeedsNoExtraReplica() {
    SloVerdict slo = new SloVerdict(2000, 1000, 1, 10.0, true, 2, null, null);

    Replicas replicas = ReplicaPlanner.plan(50, slo, null, null, CapacityOptions.defaults());

    assertThat(replicas.fromMeasured()).isEqualTo(5);
    assertThat(replicas.measuredIsUpperBound()).isTrue();
  }

  @Test
  void modelRatePerReplicaMeetsTheGapLimitAndStaysBelowSaturation() {
    StepStatistics.Result measured = StepStatistics.measure(SyntheticRun.hockeyStick().records());
    Saturation saturation = SaturationDetector.detect(measured.stats());
    QueueModel model =
        QueueModelFitter.fit(measured.stats(), measured.samples(), measured.baseline(), saturation);
    CapacityOptions options = CapacityOptions.defaults();

    Double perReplica = ReplicaPlanner.modelMaxRate(model, measured.baseline(), options);

    assertThat(perReplica).isLessThan(model.saturationRate()).isPositive();
    assertThat(model.predictedGapMillis(perReplica, 95))
        .isLessThanOrEqualTo(options.sloGapP95Millis());
    assertThat(model.predictedGapMillis(perReplica * 1.01, 95))
        .isGreaterThan(options.sloGapP95Millis());
  }
}
