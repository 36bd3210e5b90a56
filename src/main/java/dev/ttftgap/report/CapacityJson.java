package dev.ttftgap.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.analysis.BaselineComparison;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.ClosedLoopModel;
import dev.ttftgap.analysis.HeaderTimingVerdict;
import dev.ttftgap.analysis.HeldRate;
import dev.ttftgap.analysis.Knee;
import dev.ttftgap.analysis.LatencySummary;
import dev.ttftgap.analysis.QueueModel;
import dev.ttftgap.analysis.Replicas;
import dev.ttftgap.analysis.Saturation;
import dev.ttftgap.analysis.SloVerdict;
import dev.ttftgap.analysis.SteadyState;
import dev.ttftgap.analysis.StepBaseline;
import dev.ttftgap.analysis.StepStats;
import dev.ttftgap.analysis.Workload;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code capacity.json}: the whole report with stable field names that carry their units ({@code
 * ...Millis}, {@code ...PerSec}, {@code ...Percent}); undefined values are written as {@code null},
 * never 0. Latency objects ({@code ttfbMillis}, {@code gapMillis}, ...) hold {@code count}, {@code
 * mean}, {@code p50}, {@code p90}, {@code p95}, {@code p99}, {@code max}, in ms.
 *
 * <p>{@code loadModel} says how the load was applied: {@code "open"} (steps of arrival rate) or
 * {@code "closed"} (steps of concurrency). A closed run's verdicts are in {@code
 * sloVerdict.maxConcurrencyUnderSlo} and {@code throughputAtMaxConcurrencyPerSec}, {@code
 * saturation.plateauConcurrency} and {@code plateauThroughputPerSec}, {@code knee.concurrency},
 * {@code closedLoopModel} (Little's law; {@code model} is null) and the replicas' {@code
 * concurrencyPerReplica} and {@code fromPlateau}; the open-only figures ({@code
 * maxSustainableRatePerSec}, {@code saturation.ratePerSec} and {@code thresholdRatio}) are null
 * there, and the closed-only ones are null in an open run.
 *
 * <p>With a scraped {@code /metrics} ({@code server-metrics.jsonl} beside the records), each step
 * ends with a {@code server} object and the report with a {@code serverMetrics} block (see {@code
 * ServerMetricsJson}); both are null otherwise.
 *
 * <p>{@code loadGenerator} (last field of each step and of the root): the load generator's own
 * health, see {@link LoadGeneratorJson}; {@code null} when the run has no {@code
 * load-generator.jsonl}.
 *
 * <p>{@code options} holds the SLO applied: only the limits the profile (or the command line) gave,
 * {@code null} for the others, and {@code options.slo} in words ("p95 TTFT ≤ 800 ms", or "no limits
 * given: steady steps only"). Each step's {@code outputTokensPerSec} and {@code goodputPerSec}
 * (successful requests per second that each met the SLO's latency limits) come after its stalls.
 *
 * <p>{@link #readBaseline} reads the steps back for a later run's comparison.
 */
public final class CapacityJson {
  /** Identifies the layout; bumped when a field changes meaning or disappears. */
  public static final String SCHEMA = "ttft-gap/capacity/1";

  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private CapacityJson() {}

  /** The report as a JSON document (indented). */
  public static String render(CapacityReport report) {
    try {
      return MAPPER.writeValueAsString(tree(report)) + "\n";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The report as a JSON tree, for renderers that embed it (the HTML page). */
  static ObjectNode tree(CapacityReport report) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("schema", SCHEMA);
    strings(root.putArray("sources"), report.sources());
    strings(root.putArray("runs"), report.runs());
    root.put("requests", report.requests());
    root.put("warmupRequests", report.warmupRequests());
    root.put("loadModel", report.loadModel().name().toLowerCase(java.util.Locale.ROOT));
    ObjectNode options = root.putObject("options");
    // +∞ ("no limit") is not JSON: written as null
    options.put("sloTtftP95Millis", finite(report.options().sloTtftP95Millis()));
    options.put("sloGapP95Millis", finite(report.options().sloGapP95Millis()));
    options.put("sloErrorRatePercent", finite(report.options().sloErrorRatePercent()));
    options.put("peakRatePerSec", report.options().peakRate().orElse(null));
    options.put("baseline", report.options().baseline().map(Path::toString).orElse(null));
    options.put("knownSaturationRatePerSec", report.options().knownSaturationRate().orElse(null));
    // the SLO as applied, in words: only the limits given (null above where none)
    options.put("slo", VerdictSentences.limits(report.options()));
    ArrayNode steps = root.putArray("steps");
    for (StepStats step : report.steps()) {
      ObjectNode node = step(step);
      node.set("server", ServerMetricsJson.step(report, step.step()));
      node.set("loadGenerator", LoadGeneratorJson.step(report.loadGenerator(), step.step()));
      steps.add(node);
    }
    root.set("headerTiming", headerTiming(report.headerTiming()));
    root.set("knee", knee(report.knee()));
    root.set("sloVerdict", slo(report.slo()));
    root.set("saturation", saturation(report.saturation()));
    root.set("model", model(report.model()));
    root.put("modelNote", report.modelNote());
    root.set("closedLoopModel", closedLoop(report.closedLoopModel()));
    root.set("replicas", replicas(report.replicas()));
    root.set("baselineComparison", baseline(report.baseline()));
    root.set("workload", workload(report.workload()));
    strings(root.putArray("runNotes"), report.runNotes());
    root.set("serverMetrics", ServerMetricsJson.block(report));
    root.set("loadGenerator", LoadGeneratorJson.run(report.loadGenerator()));
    return root;
  }

  /**
   * {@code workload}: {@code prompts} (modes seen), {@code sharedPrefixTokens}, per step the
   * lengths asked for and received ({@code promptTokensMean}, {@code maxTokensMean}, {@code
   * outputTokensMean}, {@code shortOutputPercent}...), per turn the TTFT; null when not read.
   */
  private static JsonNode workload(Workload workload) {
    if (workload == null) {
      return MAPPER.nullNode();
    }
    ObjectNode node = MAPPER.createObjectNode();
    strings(node.putArray("prompts"), workload.prompts());
    node.put("sharedPrefixTokens", workload.sharedPrefixTokens());
    ArrayNode steps = node.putArray("steps");
    for (Workload.StepLengths step : workload.steps()) {
      ObjectNode s = steps.addObject();
      s.put("step", step.step());
      s.put("label", step.label());
      s.put("requests", step.requests());
      s.put("promptTokensMean", step.promptTokensMean());
      s.put("promptTokensP50", step.promptTokensP50());
      s.put("maxTokensMean", step.maxTokensMean());
      s.put("outputTokensMean", step.outputTokensMean());
      s.put("outputTokensP50", step.outputTokensP50());
      s.put("shortOutputPercent", step.shortOutputPercent());
    }
    ArrayNode turns = node.putArray("turns");
    for (Workload.TurnLatency turn : workload.turns()) {
      ObjectNode t = turns.addObject();
      t.put("turn", turn.turn());
      t.put("requests", turn.requests());
      t.put("okRequests", turn.okRequests());
      t.put("promptTokensMean", turn.promptTokensMean());
      t.set("ttftMillis", latency(turn.ttft()));
    }
    return node;
  }

  private static ObjectNode step(StepStats step) {
    ObjectNode node = MAPPER.createObjectNode();
    node.put("step", step.step());
    node.put("label", step.label());
    node.put("offeredRatePerSec", step.offeredRate());
    node.put("concurrency", step.concurrency());
    node.put("ratePerSec", step.rate());
    node.put("requests", step.requests());
    node.put("okRequests", step.okRequests());
    node.put("failedRequests", step.failedRequests());
    ObjectNode reasons = node.putObject("failuresByReason");
    step.failuresByReason().forEach(reasons::put);
    node.put("errorRatePercent", step.errorRatePercent());
    node.put("windowSeconds", step.windowSeconds());
    node.put("arrivalRatePerSec", step.arrivalRate());
    node.put("achievedRatePerSec", step.achievedRate());
    node.put("meanConcurrency", step.meanConcurrency());
    node.put("littleConcurrency", step.littleConcurrency());
    node.put("littleRelativeDifference", step.littleRelativeDifference());
    node.set("ttfbMillis", latency(step.ttfb()));
    node.set("ttftMillis", latency(step.ttft()));
    node.set("gapMillis", latency(step.gap()));
    node.set("itlMillis", latency(step.itl()));
    node.set("tpotMillis", latency(step.tpot()));
    node.set("e2eMillis", latency(step.e2e()));
    node.set("serverQueueMillis", latency(step.serverQueue()));
    node.put("serverQueueDepth", step.serverQueueDepth());
    node.put("queueingDelayMillis", step.queueingDelayMillis());
    node.put("queueingSharePercent", step.queueingSharePercent());
    node.put("cutByClientRequests", step.cutByClientRequests());
    node.put("malformedChunks", step.malformedChunks());
    node.set("steadyState", steadyState(step.steadyState()));
    node.put("stalledPercent", step.stalledPercent());
    node.put("longestStallMillis", step.longestStallMillis());
    node.put("outputTokensPerSec", step.outputTokensPerSec());
    node.put("goodputPerSec", step.goodputPerSec());
    return node;
  }

  private static JsonNode steadyState(SteadyState steady) {
    if (steady == null) {
      return MAPPER.nullNode();
    }
    ObjectNode node = MAPPER.createObjectNode();
    node.put("steady", steady.steady());
    node.put("reason", steady.reason());
    node.put("completionRatio", steady.completionRatio());
    node.put("concurrencyFirstThird", steady.concurrencyFirstThird());
    node.put("concurrencyLastThird", steady.concurrencyLastThird());
    node.put("concurrencyGrowthPerSec", steady.concurrencyGrowthPerSec());
    node.put("gapP50FirstThirdMillis", steady.gapP50FirstThirdMillis());
    node.put("gapP50LastThirdMillis", steady.gapP50LastThirdMillis());
    ArrayNode rates = node.putArray("completionRatesPerThirdPerSec");
    steady.completionRatesPerThird().forEach(rates::add);
    return node;
  }

  private static JsonNode latency(LatencySummary summary) {
    if (summary == null) {
      return MAPPER.nullNode();
    }
    ObjectNode node = MAPPER.createObjectNode();
    node.put("count", summary.count());
    node.put("mean", summary.meanMillis());
    node.put("p50", summary.p50Millis());
    node.put("p90", summary.p90Millis());
    node.put("p95", summary.p95Millis());
    node.put("p99", summary.p99Millis());
    node.put("max", summary.maxMillis());
    return node;
  }

  private static ObjectNode headerTiming(HeaderTimingVerdict verdict) {
    ObjectNode node = MAPPER.createObjectNode();
    node.put("timing", verdict.timing().name());
    node.put("ttfbP50Millis", verdict.ttfbP50Millis());
    node.put("ttftP50Millis", verdict.ttftP50Millis());
    node.put("gapP50Millis", verdict.gapP50Millis());
    node.put("e2eP50Millis", verdict.e2eP50Millis());
    node.put("streamAfterFirstTokenP50Millis", verdict.streamAfterFirstTokenP50Millis());
    return node;
  }

  private static ObjectNode knee(Knee knee) {
    ObjectNode node = MAPPER.createObjectNode();
    node.put("found", knee.found());
    node.put("step", knee.step());
    node.put("ratePerSec", knee.rate());
    node.put("baselineStep", knee.baselineStep());
    node.put("baselineGapP50Millis", knee.baselineGapP50Millis());
    node.put("bandUpperMillis", knee.bandUpperMillis());
    node.put("concurrency", knee.concurrency());
    node.put("determined", knee.determined());
    node.put("rateLowPerSec", knee.rateLow());
    node.put("p95Step", knee.p95Step());
    node.put("p95RatePerSec", knee.p95Rate());
    node.put("baselineGapP95Millis", knee.baselineGapP95Millis());
    node.put("p95BandUpperMillis", knee.p95BandUpperMillis());
    node.put("firstMoved", knee.firstMoved());
    return node;
  }

  private static ObjectNode slo(SloVerdict slo) {
    ObjectNode node = MAPPER.createObjectNode();
    node.put("ttftP95LimitMillis", finite(slo.ttftP95LimitMillis()));
    node.put("gapP95LimitMillis", finite(slo.gapP95LimitMillis()));
    node.put("errorRateLimitPercent", finite(slo.errorRateLimitPercent()));
    node.put("maxSustainableRatePerSec", slo.maxSustainableRate());
    node.put("lowerBound", slo.lowerBound());
    node.put("lastPassingStep", slo.lastPassingStep());
    node.put("firstFailingStep", slo.firstFailingStep());
    node.put("limitingMetric", slo.limitingMetric());
    node.put("maxConcurrencyUnderSlo", slo.maxConcurrency());
    node.put("throughputAtMaxConcurrencyPerSec", slo.throughputAtMaxConcurrency());
    node.put("method", slo.method());
    node.put("rateLowPerSec", slo.rateLow());
    node.put("rateHighPerSec", slo.rateHigh());
    node.put("cappedBySaturation", slo.cappedBySaturation());
    ArrayNode transients = node.putArray("transientSteps");
    slo.transientSteps().forEach(transients::add);
    HeldRate held = slo.held();
    node.put("heldRatePerSec", held == null ? null : held.ratePerSec());
    node.put("heldStep", held == null ? null : held.step());
    node.put("heldSeconds", held == null ? null : held.heldSeconds());
    node.put("heldAchievedRatePerSec", held == null ? null : held.achievedRatePerSec());
    node.put("heldTtftP95Millis", held == null ? null : held.ttftP95Millis());
    node.put("heldGapP95Millis", held == null ? null : held.gapP95Millis());
    node.put("heldErrorRatePercent", held == null ? null : held.errorRatePercent());
    node.put("heldFailingRatePerSec", held == null ? null : held.failingRatePerSec());
    return node;
  }

  private static ObjectNode saturation(Saturation saturation) {
    ObjectNode node = MAPPER.createObjectNode();
    node.put("reached", saturation.reached());
    node.put("step", saturation.step());
    node.put("ratePerSec", saturation.rate());
    node.put("saturationRatePerSec", saturation.saturationRate());
    node.put("maxAchievedRatePerSec", saturation.maxAchievedRate());
    node.put("thresholdRatio", saturation.thresholdRatio());
    node.put("plateauConcurrency", saturation.concurrency());
    node.put("plateauThroughputPerSec", saturation.saturationRate());
    node.put("plateauTolerance", saturation.plateauTolerance());
    node.put("rateLowPerSec", saturation.rateLow());
    node.put("rateHighPerSec", saturation.rateHigh());
    return node;
  }

  private static JsonNode closedLoop(ClosedLoopModel model) {
    if (model == null) {
      return MAPPER.nullNode();
    }
    ObjectNode node = MAPPER.createObjectNode();
    node.put("plateauThroughputPerSec", model.plateauThroughput());
    node.put("serviceTimeMillis", model.serviceTimeMillis());
    node.put("busySlots", model.busySlots());
    node.put("servers", model.servers());
    node.put("waitMillisPerStream", model.waitMillisPerStream());
    node.put("fitMapePercent", model.fitMapePercent());
    ArrayNode checks = node.putArray("checkedSteps");
    for (ClosedLoopModel.StepCheck check : model.checkedSteps()) {
      ObjectNode c = checks.addObject();
      c.put("step", check.step());
      c.put("concurrency", check.concurrency());
      c.put("measuredQueueingDelayMillis", check.measuredQueueingDelayMillis());
      c.put("predictedQueueingDelayMillis", check.predictedQueueingDelayMillis());
    }
    return node;
  }

  private static JsonNode model(QueueModel model) {
    if (model == null) {
      return MAPPER.nullNode();
    }
    ObjectNode node = MAPPER.createObjectNode();
    node.put("name", model.name());
    node.put("servers", model.servers());
    node.put("serviceTimeMillis", model.serviceTimeMillis());
    node.put("arrivalCv2", model.arrivalCv2());
    node.put("serviceCv2", model.serviceCv2());
    node.put("waitFactor", model.waitFactor());
    node.put("batchingOffsetMillis", model.batchingOffsetMillis());
    node.put("batchingDelayMillisPerRps", model.batchingDelayMillisPerRps());
    node.put("batchingRampEndRatePerSec", model.batchingRampEndRate());
    node.put("measuredServiceTimeMillis", model.measuredServiceTimeMillis());
    node.put("saturationRatePerSec", model.saturationRate());
    node.put("delaySource", model.delaySource());
    node.put("fitMethod", model.fitMethod());
    node.put("fitMapePercent", model.fitMapePercent());
    node.put("fitMeanAbsErrorMillis", model.fitMeanAbsErrorMillis());
    ArrayNode fits = node.putArray("fittedSteps");
    for (QueueModel.ModelStepFit fit : model.fittedSteps()) {
      ObjectNode f = fits.addObject();
      f.put("step", fit.step());
      f.put("ratePerSec", fit.rate());
      f.put("measuredQueueingDelayMillis", fit.measuredQueueingDelayMillis());
      f.put("predictedQueueingDelayMillis", finite(fit.predictedQueueingDelayMillis()));
      f.put("measuredGapP50Millis", fit.measuredGapP50Millis());
      f.put("predictedGapP50Millis", finite(fit.predictedGapP50Millis()));
    }
    ArrayNode curve = node.putArray("curve");
    for (QueueModel.ModelPoint point : model.curve()) {
      ObjectNode p = curve.addObject();
      p.put("ratePerSec", point.rate());
      p.put("gapP50Millis", point.gapP50Millis());
      p.put("gapP95Millis", point.gapP95Millis());
      p.put("queueingDelayMeanMillis", point.queueingDelayMeanMillis());
    }
    return node;
  }

  private static Double finite(double value) {
    return Double.isFinite(value) ? value : null;
  }

  private static JsonNode replicas(Replicas replicas) {
    if (replicas == null) {
      return MAPPER.nullNode();
    }
    ObjectNode node = MAPPER.createObjectNode();
    node.put("peakRatePerSec", replicas.peakRate());
    node.put("fromMeasured", replicas.fromMeasured());
    node.put("measuredIsUpperBound", replicas.measuredIsUpperBound());
    node.put("modelMaxRatePerReplicaPerSec", replicas.modelMaxRatePerReplica());
    node.put("fromModel", replicas.fromModel());
    node.put("concurrencyPerReplica", replicas.concurrencyPerReplica());
    node.put("plateauRatePerReplicaPerSec", replicas.plateauRatePerReplica());
    node.put("fromPlateau", replicas.fromPlateau());
    node.put("recommended", replicas.recommended());
    node.put("perReplicaRatePerSec", replicas.perReplicaRatePerSec());
    node.put("utilisationPercent", replicas.utilisationPercent());
    node.put("basis", replicas.basis());
    return node;
  }

  private static JsonNode baseline(BaselineComparison comparison) {
    if (comparison == null) {
      return MAPPER.nullNode();
    }
    ObjectNode node = MAPPER.createObjectNode();
    node.put("source", comparison.source());
    ArrayNode ttfb = node.putArray("ttfbRegressionSteps");
    comparison.ttfbRegressionSteps().forEach(ttfb::add);
    ArrayNode gap = node.putArray("gapRegressionSteps");
    comparison.gapRegressionSteps().forEach(gap::add);
    ArrayNode steps = node.putArray("steps");
    for (BaselineComparison.StepDelta delta : comparison.steps()) {
      ObjectNode d = steps.addObject();
      d.put("step", delta.step());
      d.put("ratePerSec", delta.rate());
      d.put("baselineRatePerSec", delta.baselineRate());
      d.put("ttfbP50DeltaMillis", delta.ttfbP50DeltaMillis());
      d.put("ttfbP95DeltaMillis", delta.ttfbP95DeltaMillis());
      d.put("gapP50DeltaMillis", delta.gapP50DeltaMillis());
      d.put("gapP95DeltaMillis", delta.gapP95DeltaMillis());
      d.put("ttfbRegression", delta.ttfbRegression());
      d.put("gapRegression", delta.gapRegression());
    }
    return node;
  }

  private static void strings(ArrayNode array, List<String> values) {
    values.forEach(array::add);
  }

  /**
   * The steps of a previous {@code capacity.json}, for {@code --baseline}.
   *
   * @throws IllegalArgumentException naming the file when it is not a capacity report
   */
  public static List<StepBaseline> readBaseline(Path file) {
    JsonNode root;
    try {
      root = MAPPER.readTree(file.toFile());
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "baseline: cannot read "
              + file
              + " as JSON ("
              + e.getMessage().lines().findFirst().orElse("")
              + "); pass a capacity.json");
    }
    if (root == null || !root.path("steps").isArray()) {
      throw new IllegalArgumentException(
          "baseline: "
              + file
              + " has no \"steps\" array; pass a capacity.json written by this tool");
    }
    List<StepBaseline> steps = new ArrayList<>();
    for (JsonNode step : root.get("steps")) {
      steps.add(
          new StepBaseline(
              step.path("step").asInt(),
              number(step.get("ratePerSec")),
              number(step.path("ttfbMillis").get("p50")),
              number(step.path("ttfbMillis").get("p95")),
              number(step.path("gapMillis").get("p50")),
              number(step.path("gapMillis").get("p95"))));
    }
    return steps;
  }

  private static Double number(JsonNode node) {
    return node == null || !node.isNumber() ? null : node.asDouble();
  }
}
