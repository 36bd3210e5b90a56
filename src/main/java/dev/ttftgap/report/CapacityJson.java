package dev.ttftgap.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.FirstTokens;
import dev.ttftgap.analysis.HeldRate;
import dev.ttftgap.analysis.PreviousRunStep;
import dev.ttftgap.analysis.Saturation;
import dev.ttftgap.analysis.SloVerdict;
import dev.ttftgap.analysis.StepStats;
import dev.ttftgap.stream.TtftKind;
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
 * <p>Where the queue is: each step's {@code queueLocation} (before the step's {@code server})
 * splits its TTFT growth over the low-load step at the headers ({@code ttfbGrowthP50Millis} before
 * them, {@code gapGrowthP50Millis} after, {@code beforeHeadersSharePercent}, {@code place}: {@code
 * NONE}, {@code BEFORE_HEADERS}, {@code AFTER_HEADERS} or {@code BOTH}, and the step's own {@code
 * headerTiming}); the root's {@code ttftKnee} (after {@code knee}, the gap's) is the knee on TTFT
 * with its {@code place}, and {@code queueLocation} the run's place and from which step each part
 * dominates.
 *
 * <p>{@code options} holds the SLO applied: only the limits the profile (or the command line) gave,
 * {@code null} for the others, and {@code options.slo} in words ("p95 TTFT ≤ 800 ms", or "no limits
 * given: steady steps only"). Each step's {@code outputTokensPerSec} and {@code goodputPerSec}
 * (successful requests per second that each met the SLO's latency limits) come after its stalls.
 *
 * <p>Beyond plain chat (additive fields, absent from a plain chat run's file): the root's {@code
 * apis} (the streaming APIs of the records, when not only chat) and {@code ttftKind} (when TTFT is
 * not the first output of any kind); each step's {@code firstTokens} (after {@code goodputPerSec}:
 * {@code ttfvtMillis}, {@code ttfrMillis}, {@code ttftcMillis}, {@code toolCallRequests}, {@code
 * reasoningRequests}) when the run reasoned or called tools; {@code options.sloTtfvtP95Millis},
 * {@code sloTtfrP95Millis} and {@code sloTtftcP95Millis} when a per-kind limit is given.
 *
 * <p>Launch day (additive, absent from a run of one request shape without a burst): {@code
 * classes}, {@code joint} and {@code recovery} after {@code sloVerdict}, see {@link LaunchDayJson}.
 *
 * <p>Each block is its analysis record as {@link JsonLayout} writes it (the field names, order and
 * nulls above are pinned by {@code CapacityJsonPinTest}); this class lays out the root. {@link
 * #readBaseline} reads the steps back for a later run's comparison.
 */
final class CapacityJson {
  /** Identifies the layout; bumped when a field changes meaning or disappears. */
  public static final String SCHEMA = "ttft-gap/capacity/1";

  private static final ObjectMapper MAPPER = JsonLayout.MAPPER;

  private CapacityJson() {}

  /** The report as a JSON document (indented). */
  public static String render(CapacityReport report) {
    try {
      return MAPPER.writeValueAsString(tree(report)) + "\n";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The report as a JSON tree: the root's fields here, each block as laid out by its record. */
  static ObjectNode tree(CapacityReport report) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("schema", SCHEMA);
    root.set("sources", JsonLayout.tree(report.input().sources()));
    root.set("runs", JsonLayout.tree(report.input().runs()));
    root.put("requests", report.input().requests());
    root.put("warmupRequests", report.input().warmupRequests());
    root.put("loadModel", report.loadModel().name().toLowerCase(java.util.Locale.ROOT));
    root.set("options", options(report.options()));
    boolean kinds = !OutputKinds.shown(report).isEmpty();
    if (report.input().beyondChat()) {
      root.set("apis", JsonLayout.tree(report.input().apis()));
    }
    if (report.input().connections() != null) {
      root.set("connectionSetup", JsonLayout.tree(report.input().connections()));
    }
    if (report.options().ttftKind() != TtftKind.ANY) {
      root.put("ttftKind", report.options().ttftKind().id());
    }
    ArrayNode steps = root.putArray("steps");
    for (StepStats step : report.steps()) {
      ObjectNode node = JsonLayout.ordered(JsonLayout.object(step), JsonLayoutMixIns.STEP_FIELDS);
      if (kinds) {
        node.set("firstTokens", firstTokens(step));
      }
      node.set(
          "queueLocation",
          JsonLayout.tree(
              report.queueLocation() == null ? null : report.queueLocation().step(step.step())));
      node.set("server", ServerMetricsJson.step(report, step.step()));
      node.set("loadGenerator", LoadGeneratorJson.step(report.loadGenerator(), step.step()));
      steps.add(node);
    }
    root.set("headerTiming", JsonLayout.tree(report.headerTiming()));
    root.set("knee", JsonLayout.tree(report.knee()));
    root.set(
        "ttftKnee",
        JsonLayout.tree(report.queueLocation() == null ? null : report.queueLocation().ttftKnee()));
    root.set("queueLocation", JsonLayout.tree(report.queueLocation()));
    root.set("sloVerdict", slo(report.slo()));
    LaunchDayJson.classes(root, report);
    LaunchDayJson.recovery(root, report.recovery());
    root.set("saturation", saturation(report.saturation()));
    root.set("model", JsonLayout.tree(report.model()));
    root.put("modelNote", report.modelNote());
    root.set("closedLoopModel", JsonLayout.tree(report.closedLoopModel()));
    root.set("replicas", JsonLayout.tree(report.replicas()));
    root.set("baselineComparison", JsonLayout.tree(report.baseline()));
    root.set("workload", JsonLayout.tree(report.workload()));
    root.set("runNotes", JsonLayout.tree(report.runNotes()));
    root.set("serverMetrics", ServerMetricsJson.block(report));
    root.set("loadGenerator", LoadGeneratorJson.run(report.loadGenerator()));
    return root;
  }

  private static ObjectNode options(CapacityOptions options) {
    ObjectNode node = MAPPER.createObjectNode();
    // +∞ ("no limit") is not JSON: written as null
    node.put("sloTtftP95Millis", JsonLayout.finite(options.slo().ttftP95LimitMillis()));
    node.put("sloGapP95Millis", JsonLayout.finite(options.slo().gapP95LimitMillis()));
    node.put("sloErrorRatePercent", JsonLayout.finite(options.slo().errorRateLimitPercent()));
    node.put("peakRatePerSec", options.peakRate().orElse(null));
    node.put("baseline", options.baseline().map(Path::toString).orElse(null));
    node.put("knownSaturationRatePerSec", options.knownSaturationRate().orElse(null));
    // the per-kind limits only when one is given: a run without them keeps its layout
    if (options.slo().hasKindLimit()) {
      node.put("sloTtfvtP95Millis", options.slo().ttfvtP95Millis().orElse(null));
      node.put("sloTtfrP95Millis", options.slo().ttfrP95Millis().orElse(null));
      node.put("sloTtftcP95Millis", options.slo().ttftcP95Millis().orElse(null));
    }
    // the SLO as applied, in words: only the limits given (null above where none)
    node.put("slo", VerdictSentences.limits(options));
    return node;
  }

  /**
   * A step's first tokens by kind: {@code ttfvtMillis}, {@code ttfrMillis}, {@code ttftcMillis}
   * (latency objects, null where the step had none of that kind), {@code toolCallRequests} and
   * {@code reasoningRequests}.
   */
  static ObjectNode firstTokens(StepStats step) {
    FirstTokens tokens = step.firstTokens();
    ObjectNode node = MAPPER.createObjectNode();
    node.set(OutputKinds.TTFVT.json(), JsonLayout.tree(tokens.ttfvt()));
    node.set(OutputKinds.TTFR.json(), JsonLayout.tree(tokens.ttfr()));
    node.set(OutputKinds.TTFTC.json(), JsonLayout.tree(tokens.ttftc()));
    node.put("toolCallRequests", tokens.toolCallRequests());
    node.put("reasoningRequests", tokens.reasoningRequests());
    return node;
  }

  /** The SLO verdict with the held rate's figures flattened into it, all null when none held. */
  static ObjectNode slo(SloVerdict slo) {
    ObjectNode node = JsonLayout.object(slo);
    // in place: the method's name with the saturation cap, as one string
    node.put("method", slo.methodLabel());
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

  /**
   * Saturation, with a closed run's plateau throughput (the saturation rate) by its concurrency.
   */
  private static ObjectNode saturation(Saturation saturation) {
    ObjectNode node = JsonLayout.object(saturation);
    return JsonLayout.withFieldAfter(
        node, "plateauConcurrency", "plateauThroughputPerSec", node.get("saturationRatePerSec"));
  }

  /**
   * The steps of a previous {@code capacity.json}, for {@code --baseline}.
   *
   * @throws IllegalArgumentException naming the file when it is not a capacity report
   */
  public static List<PreviousRunStep> readBaseline(Path file) {
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
    List<PreviousRunStep> steps = new ArrayList<>();
    for (JsonNode step : root.get("steps")) {
      steps.add(
          new PreviousRunStep(
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
