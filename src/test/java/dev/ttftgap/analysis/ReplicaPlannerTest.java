package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReplicaPlannerTest {

  /** A staircase verdict: no method, interval or hold. */
  private static SloVerdict staircase(
      double ttft,
      double gap,
      double errors,
      Double rate,
      boolean lowerBound,
      Integer lastPassing,
      Integer firstFailing,
      String limiting,
      Integer concurrency,
      Double throughput) {
    return new SloVerdict(
        Slo.of(ttft, gap, errors),
        rate,
        lowerBound,
        lastPassing,
        firstFailing,
        limiting,
        concurrency,
        throughput,
        null,
        null,
        null,
        List.of(),
        false,
        null);
  }

  /** The hockey stick's steps, saturation and fitted queue. */
  private record Fitted(
      StepStatsCalculator.Result measured, Saturation saturation, QueueModel model) {
    static Fitted hockeyStick() {
      StepStatsCalculator.Result measured =
          StepStatsCalculator.measure(SyntheticRun.hockeyStick().records());
      Saturation saturation = SaturationDetector.detect(measured.stats());
      return new Fitted(
          measured,
          saturation,
          QueueModelFitter.fit(
              measured.stats(), measured.samples(), measured.baseline(), saturation));
    }
  }

  @Test
  void measuredReplicasRoundUpPeakOverSustainableRate() {
    SloVerdict slo = staircase(2000, 1000, 1, 9.0, false, 2, 3, "ttft_p95", null, null);

    Replicas replicas = ReplicaPlanner.plan(50, slo, null, null, CapacityOptions.defaults(), null);

    assertThat(replicas.fromMeasured()).as("ceil(50 / 9)").isEqualTo(6);
    assertThat(replicas.fromModel()).as("no model, no model figure").isNull();
  }

  @Test
  void exactMultipleNeedsNoExtraReplica() {
    SloVerdict slo = staircase(2000, 1000, 1, 10.0, true, 2, null, null, null, null);

    Replicas replicas = ReplicaPlanner.plan(50, slo, null, null, CapacityOptions.defaults(), null);

    assertThat(replicas.fromMeasured()).isEqualTo(5);
    assertThat(replicas.measuredIsUpperBound()).isTrue();
  }

  @Test
  void modelRatePerReplicaMeetsTheGapLimitAndStaysBelowSaturation() {
    Fitted fitted = Fitted.hockeyStick();
    QueueModel model = fitted.model();
    CapacityOptions options = CapacityOptions.defaults();

    Double perReplica = ReplicaPlanner.modelMaxRate(model, fitted.measured().baseline(), options);

    assertThat(perReplica).isLessThan(model.saturationRate()).isPositive();
    assertThat(model.predictedGapMillis(perReplica, 95))
        .isLessThanOrEqualTo(options.slo().gapP95LimitMillis());
    assertThat(model.predictedGapMillis(perReplica * 1.01, 95))
        .isGreaterThan(options.slo().gapP95LimitMillis());
  }

  @Test
  void recommendedReplicasCarryThePeakAndStateTheUtilisation() {
    Fitted fitted = Fitted.hockeyStick();
    StepStatsCalculator.Result measured = fitted.measured();
    Saturation saturation = fitted.saturation();
    QueueModel model = fitted.model();
    CapacityOptions options = CapacityOptions.defaults();
    SloVerdict slo =
        SloEvaluator.evaluate(
            measured.stats(), options, saturation, model, measured.baseline(), java.util.Set.of());
    double peak = 40;

    Replicas replicas =
        ReplicaPlanner.plan(
            peak, slo, model, measured.baseline(), options, saturation.saturationRate());

    assertThat(replicas.recommended() * replicas.perReplicaRatePerSec())
        .as("N replicas at their sustainable rate carry the peak")
        .isGreaterThanOrEqualTo(peak);
    assertThat(replicas.perReplicaRatePerSec())
        .as("sized at or below both the steps' sustainable rate and saturation")
        .isLessThanOrEqualTo(slo.maxSustainableRate())
        .isLessThan(saturation.saturationRate());
    assertThat(replicas.utilisationPercent())
        .as("peak / (N × saturation), below 100 %")
        .isCloseTo(
            100 * peak / (replicas.recommended() * saturation.saturationRate()),
            org.assertj.core.data.Offset.offset(1e-9))
        .isLessThan(100);
    Double poisson =
        ReplicaPlanner.modelMaxRate(model.withArrivalCv2(1), measured.baseline(), options);
    assertThat(replicas.perReplicaRatePerSec())
        .as("never above the model's SLO rate under Poisson arrivals")
        .isLessThanOrEqualTo(poisson);
  }

  @Test
  void closedRunPlansFromTheSloThroughputAndFromThePlateau() {
    SloVerdict slo = staircase(3000, 2500, 1, null, false, 2, 3, "gap_p95", 27, 7.5);
    Saturation plateau = new Saturation(true, 3, null, 7.87, 7.99, null, 8, 0.05, null, null);

    Replicas replicas = ReplicaPlanner.planClosed(40, slo, plateau);

    assertThat(replicas.fromMeasured()).as("ceil(40 / 7.5)").isEqualTo(6);
    assertThat(replicas.concurrencyPerReplica()).isEqualTo(27);
    assertThat(replicas.fromPlateau()).as("ceil(40 / 7.87)").isEqualTo(6);
    assertThat(replicas.plateauRatePerReplica()).isEqualTo(7.87);
    assertThat(replicas.fromModel()).as("no G/G/c model in a closed run").isNull();
  }

  @Test
  void closedRunWithoutPlateauHasNoCapacityFloor() {
    SloVerdict slo = staircase(3000, 2500, 1, null, true, 3, null, null, 8, 9.4);
    Saturation rising = new Saturation(false, null, null, null, 9.4, null, null, 0.05, null, null);

    Replicas replicas = ReplicaPlanner.planClosed(40, slo, rising);

    assertThat(replicas.fromMeasured()).as("ceil(40 / 9.4)").isEqualTo(5);
    assertThat(replicas.measuredIsUpperBound()).isTrue();
    assertThat(replicas.fromPlateau()).as("capacity unknown").isNull();
  }
}
