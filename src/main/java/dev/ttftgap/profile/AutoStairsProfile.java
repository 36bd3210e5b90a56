package dev.ttftgap.profile;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The load of a profile whose {@code steps} is {@code "auto"}, with its optional {@code autoStairs}
 * object read into an {@link AutoStairs}; every wrong field fails with one line naming it.
 */
final class AutoStairsProfile {
  static final String AUTO = "auto";
  static final String OBJECT = "autoStairs";
  static final List<String> FIELDS =
      List.of(
          "fractions",
          "singleUserRequests",
          "singleUserSeconds",
          "burstConcurrency",
          "burstSeconds",
          "burstMaxSeconds",
          "serviceTimeFactor",
          "minRequestsPerStep",
          "maxStepSeconds",
          "maxRate");
  static final double MAX_FRACTION = 10;

  private AutoStairsProfile() {}

  /**
   * Whether the load's {@code steps} is {@code "auto"}; a {@code autoStairs} object without it, or
   * another string, fails.
   */
  static boolean requested(JsonFields load) {
    Optional<JsonNode> steps = load.optional("steps");
    boolean auto = steps.isPresent() && steps.get().isTextual();
    if (auto && !steps.get().textValue().equals(AUTO)) {
      throw load.error(
          load.child("steps"),
          JsonFields.describe(steps.get())
              + " is not a list of levels; use [2, 4, 6], {\"from\": 2, \"by\": 2, \"count\": 6}"
              + " or \"auto\"");
    }
    if (!auto && load.has(OBJECT)) {
      throw load.error(load.child(OBJECT), "only applies with \"steps\": \"auto\"; remove it");
    }
    return auto;
  }

  /** The open load whose stairs the run sizes from the target. */
  static Load load(JsonFields load, boolean open, Optional<Load.Arrivals> arrivals, boolean warm) {
    if (!open) {
      throw load.error(
          load.child("steps"),
          "\"auto\" applies to the open model only (rates); give the closed model's users, like"
              + " [2, 4, 8]");
    }
    if (warm) {
      throw load.error(
          load.child("warmup"),
          "auto stairs begin with their own single-user phase, which warms the server up; remove"
              + " it");
    }
    if (load.optionalInt("rampSeconds", 0, LoadProfiles.MAX_SECONDS, "a duration").orElse(0) > 0) {
      throw load.error(load.child("rampSeconds"), "auto stairs have no ramps; remove it or use 0");
    }
    int stepSeconds =
        LoadShapeProfile.stepSeconds(
            load,
            "add \"stepDurationSeconds\": 30 (the shortest step)",
            1,
            "a duration in seconds");
    AutoStairs auto =
        load.optionalObject(OBJECT, FIELDS)
            .map(fields -> parse(fields, stepSeconds))
            .orElse(AutoStairs.DEFAULTS);
    if (auto.maxStepSeconds() < stepSeconds) {
      throw load.error(
          load.child(OBJECT) + ".maxStepSeconds",
          auto.maxStepSeconds()
              + " is below stepDurationSeconds ("
              + stepSeconds
              + "); use at least that");
    }
    return new Load(Load.Type.OPEN, arrivals, Optional.empty(), auto.fractions(), stepSeconds, 0)
        .withAutoStairs(auto);
  }

  static AutoStairs parse(JsonFields fields, int stepSeconds) {
    AutoStairs d = AutoStairs.DEFAULTS;
    List<Double> fractions =
        fields.optional("fractions").map(node -> fractions(fields, node)).orElse(d.fractions());
    int singleRequests = count(fields, "singleUserRequests", 100, d.singleUserRequests());
    int singleSeconds = seconds(fields, "singleUserSeconds", 600, d.singleUserSeconds());
    int concurrency = count(fields, "burstConcurrency", 1024, d.burstConcurrency());
    int burst = seconds(fields, "burstSeconds", 600, d.burstSeconds());
    int burstMax = seconds(fields, "burstMaxSeconds", 3600, Math.max(burst, d.burstMaxSeconds()));
    if (burstMax < burst) {
      throw fields.error(
          fields.child("burstMaxSeconds"),
          burstMax + " is below burstSeconds (" + burst + "); use at least that");
    }
    double factor =
        fields
            .optionalNumber(
                "serviceTimeFactor",
                0,
                true,
                1000,
                "a factor",
                "use a number above 0 and at most 1000 (service times per step)")
            .orElse(d.serviceTimeFactor());
    int minRequests = count(fields, "minRequestsPerStep", 10_000, d.minRequestsPerStep());
    int maxStep =
        seconds(
            fields,
            "maxStepSeconds",
            LoadProfiles.MAX_SECONDS,
            Math.max(stepSeconds, d.maxStepSeconds()));
    String rateFix =
        "use a number > 0 (requests/s), at most " + (long) LoadProfiles.MAX_RATE + " (requests/s)";
    double maxRate =
        fields
            .optionalNumber("maxRate", 0, true, LoadProfiles.MAX_RATE, "a rate", rateFix)
            .orElse(d.maxRate());
    return new AutoStairs(
        fractions,
        singleRequests,
        singleSeconds,
        concurrency,
        burst,
        burstMax,
        factor,
        minRequests,
        maxStep,
        maxRate);
  }

  /** Rising fractions of the estimate, each above 0 and at most {@value #MAX_FRACTION}. */
  private static List<Double> fractions(JsonFields fields, JsonNode node) {
    String path = fields.child("fractions");
    if (!node.isArray()) {
      throw fields.error(
          path,
          JsonFields.describe(node) + " is not a list; use rising fractions like [0.5, 1, 1.2]");
    }
    List<JsonNode> elements = fields.elements(node);
    if (elements.isEmpty() || elements.size() > LoadProfiles.MAX_STEPS) {
      throw fields.error(
          path,
          elements.size()
              + " fractions; use 1 to "
              + LoadProfiles.MAX_STEPS
              + ", like [0.25, 0.5, 0.7, 0.85, 1, 1.2]");
    }
    List<Double> fractions = new ArrayList<>();
    for (int i = 0; i < elements.size(); i++) {
      String at = path + "[" + i + "]";
      double fraction =
          fields.number(
              at,
              elements.get(i),
              0,
              true,
              MAX_FRACTION,
              "a fraction of the estimate",
              "use a number above 0 and at most " + (int) MAX_FRACTION);
      if (!fractions.isEmpty() && fraction <= fractions.get(fractions.size() - 1)) {
        throw fields.error(
            at,
            StepSchedule.formatLevel(fraction)
                + " is not above the previous fraction ("
                + StepSchedule.formatLevel(fractions.get(fractions.size() - 1))
                + "); list the fractions in rising order");
      }
      fractions.add(fraction);
    }
    return fractions;
  }

  private static int count(JsonFields fields, String name, int max, int defaultValue) {
    return fields.optionalInt(name, 1, max, "a number of requests").orElse(defaultValue);
  }

  private static int seconds(JsonFields fields, String name, int max, int defaultValue) {
    return fields.optionalInt(name, 1, max, "a duration in seconds").orElse(defaultValue);
  }
}
