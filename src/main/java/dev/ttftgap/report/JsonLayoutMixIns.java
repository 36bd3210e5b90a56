package dev.ttftgap.report;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.ttftgap.analysis.ClosedLoopModel;
import dev.ttftgap.analysis.GapDecomposition;
import dev.ttftgap.analysis.Knee;
import dev.ttftgap.analysis.PreviousRunComparison;
import dev.ttftgap.analysis.QueueLocation;
import dev.ttftgap.analysis.QueueModel;
import dev.ttftgap.analysis.Saturation;
import dev.ttftgap.analysis.SentWorkload;
import dev.ttftgap.analysis.ServerMetricsView;
import dev.ttftgap.analysis.ServerStepMetrics;
import dev.ttftgap.analysis.SloVerdict;
import dev.ttftgap.analysis.StepQueueLocation;
import dev.ttftgap.analysis.StepStats;
import dev.ttftgap.analysis.TtftKnee;
import dev.ttftgap.health.LoadGeneratorStep;
import java.util.List;

/**
 * The layouts of the records whose {@code capacity.json} fields differ from their components:
 * Jackson mix-ins, so that the analysis records stay free of Jackson. Orders list the JSON names; a
 * field not listed keeps its component's place after the listed ones.
 *
 * <p>One class over 300 lines on purpose: it is the whole of {@code capacity.json}'s layout, one
 * short mix-in per laid-out record, read side by side with the file it pins.
 */
final class JsonLayoutMixIns {
  private JsonLayoutMixIns() {}

  /** {@code mapper} with every layout of this class registered. */
  static ObjectMapper register(ObjectMapper mapper) {
    return mapper
        .addMixIn(StepStats.class, StepLayout.class)
        .addMixIn(Knee.class, KneeLayout.class)
        .addMixIn(TtftKnee.class, TtftKneeLayout.class)
        .addMixIn(QueueLocation.class, QueueLocationLayout.class)
        .addMixIn(StepQueueLocation.class, StepQueueLocationLayout.class)
        .addMixIn(SloVerdict.class, SloLayout.class)
        .addMixIn(Saturation.class, SaturationLayout.class)
        .addMixIn(ClosedLoopModel.class, ClosedLoopLayout.class)
        .addMixIn(QueueModel.class, QueueModelLayout.class)
        .addMixIn(QueueModel.ModelStepFit.class, ModelFitLayout.class)
        .addMixIn(PreviousRunComparison.class, BaselineLayout.class)
        .addMixIn(ServerStepMetrics.class, ServerStepLayout.class)
        .addMixIn(ServerMetricsView.class, ServerViewLayout.class)
        .addMixIn(LoadGeneratorStep.class, LoadGeneratorStepLayout.class)
        .addMixIn(SentWorkload.StepLengths.class, StepLengthsLayout.class);
  }

  /**
   * A step: its parts written flat, as one object, in the order of {@link #STEP_FIELDS} (the
   * achieved rate after the concurrency, its steadiness after the stream counts, its delivery
   * last).
   */
  private abstract static class StepLayout {
    @JsonProperty
    abstract Double rate();

    @JsonUnwrapped
    abstract StepStats.Counts counts();

    @JsonUnwrapped
    abstract StepStats.Rates rates();

    @JsonUnwrapped
    abstract StepStats.Latencies latencies();

    @JsonUnwrapped
    abstract StepStats.Queueing queueing();

    @JsonUnwrapped
    abstract StepStats.StreamHealth stream();

    /** Written by {@link CapacityJson} only for a run that had reasoning or tool calls. */
    @JsonIgnore
    abstract dev.ttftgap.analysis.FirstTokens firstTokens();
  }

  /**
   * The order of a step's fields in {@code capacity.json} ({@link JsonLayout#ordered}): the parts
   * of {@link StepStats} are unwrapped into one flat object, and Jackson orders an unwrapped part
   * only as a whole.
   */
  static final List<String> STEP_FIELDS =
      List.of(
          "step",
          "label",
          "offeredRatePerSec",
          "concurrency",
          "ratePerSec",
          "requests",
          "okRequests",
          "failedRequests",
          "failuresByReason",
          "errorRatePercent",
          "windowSeconds",
          "arrivalRatePerSec",
          "achievedRatePerSec",
          "meanConcurrency",
          "littleConcurrency",
          "littleRelativeDifference",
          "ttfbMillis",
          "ttftMillis",
          "gapMillis",
          "itlMillis",
          "tpotMillis",
          "e2eMillis",
          "serverQueueMillis",
          "serverQueueDepth",
          "queueingDelayMillis",
          "queueingSharePercent",
          "cutByClientRequests",
          "malformedChunks",
          "steadyState",
          "stalledPercent",
          "longestStallMillis",
          "outputTokensPerSec",
          "goodputPerSec");

  /** The knee: whether it was found first, whether it was determined after its concurrency. */
  @JsonPropertyOrder({
    "found",
    "step",
    "ratePerSec",
    "baselineStep",
    "baselineGapP50Millis",
    "bandUpperMillis",
    "concurrency",
    "determined"
  })
  private abstract static class KneeLayout {
    @JsonProperty
    abstract boolean found();

    @JsonProperty
    abstract boolean determined();
  }

  /** The knee on TTFT: laid out as the gap's knee, found first and determined after the band. */
  @JsonPropertyOrder({
    "found",
    "step",
    "ratePerSec",
    "concurrency",
    "rateLowPerSec",
    "baselineStep",
    "baselineTtftP50Millis",
    "bandUpperMillis",
    "determined"
  })
  private abstract static class TtftKneeLayout {
    @JsonProperty
    abstract boolean found();

    @JsonProperty
    abstract boolean determined();
  }

  /**
   * Where the queue is, for the run: the TTFT knee is the root's {@code ttftKnee}, each step's
   * figures are the step's {@code queueLocation} ({@link CapacityJson}).
   */
  @JsonIgnoreProperties({"ttftKnee", "steps"})
  private abstract static class QueueLocationLayout {
    @JsonProperty
    abstract boolean determined();
  }

  /** One step's split of its TTFT growth, inside its step (which gives the step number). */
  @JsonIgnoreProperties({"step", "queuesBeforeHeaders", "queuesAfterHeaders"})
  private abstract static class StepQueueLocationLayout {}

  /**
   * The SLO verdict: limits of "none" (+∞) as null, the closed-loop verdict named as such; the held
   * rate is flattened by {@link CapacityJson}.
   */
  @JsonPropertyOrder({
    "ttftP95LimitMillis",
    "gapP95LimitMillis",
    "errorRateLimitPercent",
    "maxSustainableRatePerSec",
    "lowerBound",
    "lastPassingStep",
    "firstFailingStep",
    "limitingMetric",
    "maxConcurrencyUnderSlo",
    "throughputAtMaxConcurrencyPerSec",
    "method",
    "rateLowPerSec",
    "rateHighPerSec",
    "cappedBySaturation",
    "transientSteps"
  })
  @JsonIgnoreProperties({"held", "slo"})
  private abstract static class SloLayout {
    @JsonProperty
    @JsonSerialize(using = JsonLayout.FiniteOrNull.class)
    abstract double ttftP95LimitMillis();

    @JsonProperty
    @JsonSerialize(using = JsonLayout.FiniteOrNull.class)
    abstract double gapP95LimitMillis();

    @JsonProperty
    @JsonSerialize(using = JsonLayout.FiniteOrNull.class)
    abstract double errorRateLimitPercent();

    @JsonProperty("maxConcurrencyUnderSlo")
    abstract Integer maxConcurrency();
  }

  /** Saturation: a closed run's plateau concurrency (its throughput is added by the writer). */
  private abstract static class SaturationLayout {
    @JsonProperty("plateauConcurrency")
    abstract Integer concurrency();
  }

  /** Little's-law model: the fit's error before the checked steps. */
  @JsonPropertyOrder({
    "plateauThroughputPerSec",
    "serviceTimeMillis",
    "busySlots",
    "servers",
    "waitMillisPerStream",
    "fitMapePercent",
    "checkedSteps"
  })
  private abstract static class ClosedLoopLayout {}

  /** The queueing model, without the internals of its gap shape. */
  @JsonPropertyOrder({
    "name",
    "servers",
    "serviceTimeMillis",
    "arrivalCv2",
    "serviceCv2",
    "waitFactor",
    "batchingOffsetMillis",
    "batchingDelayMillisPerRps",
    "batchingRampEndRatePerSec",
    "measuredServiceTimeMillis",
    "saturationRatePerSec",
    "delaySource",
    "fitMethod",
    "fitMapePercent",
    "fitMeanAbsErrorMillis",
    "fittedSteps",
    "curve"
  })
  private abstract static class QueueModelLayout {
    /** Derived from the model, not a component: named so that it is written. */
    @JsonProperty
    abstract List<QueueModel.ModelPoint> curve();

    @JsonIgnore
    abstract double baselineRate();

    @JsonIgnore
    abstract List<Double> lowLoadGapQuantilesMillis();
  }

  /** A fitted step: a prediction beyond the model's saturation (+∞) as null. */
  private abstract static class ModelFitLayout {
    @JsonSerialize(using = JsonLayout.FiniteOrNull.class)
    abstract double predictedQueueingDelayMillis();

    @JsonSerialize(using = JsonLayout.FiniteOrNull.class)
    abstract double predictedGapP50Millis();
  }

  /** The baseline comparison: the regressed steps before the per-step deltas. */
  @JsonPropertyOrder({"source", "ttfbRegressionSteps", "gapRegressionSteps", "steps"})
  private abstract static class BaselineLayout {
    /** Derived from the steps' flags, not components: named so that they are written. */
    @JsonProperty
    abstract List<Integer> ttfbRegressionSteps();

    @JsonProperty
    abstract List<Integer> gapRegressionSteps();
  }

  /** The server's step, inside the step that names it; preemptions beside the cache usage. */
  @JsonPropertyOrder({
    "scrapes",
    "waitingMean",
    "waitingMax",
    "runningMean",
    "runningMax",
    "kvCacheUsageMeanPercent",
    "preemptions"
  })
  @JsonIgnoreProperties("step")
  private abstract static class ServerStepLayout {
    @JsonProperty("ttftDecomposition")
    abstract GapDecomposition decomposition();
  }

  /** The server's run: its steps are written inside the report's steps. */
  @JsonIgnoreProperties("steps")
  private abstract static class ServerViewLayout {
    @JsonProperty("stepBands")
    abstract List<ServerMetricsView.Band> bands();
  }

  /** The load generator's step, inside the step that names it. */
  @JsonIgnoreProperties("step")
  private abstract static class LoadGeneratorStepLayout {}

  /**
   * A step's lengths: asked vs served prompt tokens only when the server counted them (records of
   * older runs have neither, and their layout stays as it was).
   */
  private abstract static class StepLengthsLayout {
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonProperty
    abstract Double askedPromptTokensMean();

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonProperty
    abstract Double servedPromptTokensMean();

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonProperty
    abstract Double servedVsAskedPercent();
  }
}
