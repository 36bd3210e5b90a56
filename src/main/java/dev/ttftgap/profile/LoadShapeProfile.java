package dev.ttftgap.profile;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The {@code load} object: the model (open, closed or search), the arrivals, the warm-up and the
 * stairs ({@code steps} as a list, a series or {@code "auto"}), read into a {@link Load}.
 */
final class LoadShapeProfile {
  static final List<String> FIELDS =
      Stream.concat(
              Stream.of(
                  "model",
                  "arrivals",
                  "warmup",
                  "steps",
                  "stepDurationSeconds",
                  "rampSeconds",
                  "stopWhenSaturated",
                  AutoStairsProfile.OBJECT,
                  BurstProfile.FIELD,
                  TraceProfile.FIELD),
              SearchProfile.FIELDS.stream())
          .toList();
  private static final List<String> WARMUP_FIELDS = List.of("level", "durationSeconds");
  private static final List<String> STEPS_SERIES_FIELDS = List.of("from", "by", "count");

  private LoadShapeProfile() {}

  static Load parse(JsonFields fields) {
    String model =
        fields.optionalChoice("model", List.of("open", "closed", "search")).orElse("open");
    if (!model.equals("open") && fields.has("stopWhenSaturated")) {
      throw fields.error(
          fields.child("stopWhenSaturated"),
          "only applies to open stairs (\"model\": \"open\"); remove it");
    }
    for (String name : List.of(BurstProfile.FIELD, TraceProfile.FIELD)) {
      if (!model.equals("open") && fields.has(name)) {
        throw fields.error(
            fields.child(name), "only applies to the open model (\"model\": \"open\"); remove it");
      }
    }
    if (model.equals("search")) {
      return SearchProfile.load(fields);
    }
    for (String name : SearchProfile.FIELDS) {
      if (fields.has(name)) {
        throw fields.error(fields.child(name), "only applies to \"model\": \"search\"; remove it");
      }
    }
    Load.Type type = model.equals("open") ? Load.Type.OPEN : Load.Type.CLOSED;
    boolean open = type == Load.Type.OPEN;
    Optional<Load.Arrivals> arrivals = arrivals(fields, open);
    Optional<Warmup> warmup = warmup(fields, open);
    if (fields.has(BurstProfile.FIELD) || fields.has(TraceProfile.FIELD)) {
      return timed(fields, arrivals.orElseThrow(), warmup);
    }
    if (AutoStairsProfile.requested(fields)) {
      return AutoStairsProfile.load(fields, open, arrivals, warmup.isPresent());
    }
    List<Double> steps = steps(fields, open);
    int stepSeconds =
        stepSeconds(fields, "add \"stepDurationSeconds\": 20", 1, "a duration in seconds");
    int rampSeconds =
        fields
            .optionalInt("rampSeconds", 0, LoadProfiles.MAX_SECONDS, "a duration in seconds")
            .orElse(0);
    return new Load(type, arrivals, warmup, steps, stepSeconds, rampSeconds)
        .withStopWhenSaturated(fields.optionalBoolean("stopWhenSaturated"));
  }

  /**
   * A launch spike or a trace replay, whose steps come from the burst or the trace: {@code steps},
   * {@code stepDurationSeconds} and {@code rampSeconds} must be absent. Open stairs may stop once
   * saturated, but a spike and a replay overload on purpose and are judged after it, so {@code
   * stopWhenSaturated} defaults to false for them.
   */
  private static Load timed(JsonFields fields, Load.Arrivals arrivals, Optional<Warmup> warmup) {
    if (fields.has(BurstProfile.FIELD) && fields.has(TraceProfile.FIELD)) {
      throw fields.error(
          fields.child(TraceProfile.FIELD), "set together with burst; keep one of them");
    }
    String mode = fields.has(BurstProfile.FIELD) ? BurstProfile.FIELD : TraceProfile.FIELD;
    for (String name :
        List.of("steps", "stepDurationSeconds", "rampSeconds", AutoStairsProfile.OBJECT)) {
      if (fields.has(name)) {
        throw fields.error(
            fields.child(name),
            "does not apply with " + mode + ", which gives the steps; remove it");
      }
    }
    Load load =
        mode.equals(BurstProfile.FIELD)
            ? BurstProfile.load(fields, arrivals, warmup)
            : TraceProfile.load(fields, arrivals, warmup);
    return load.withStopWhenSaturated(
        Optional.of(fields.optionalBoolean("stopWhenSaturated").orElse(false)));
  }

  /** The open model's arrivals (uniform unless a profile says poisson); none for closed users. */
  private static Optional<Load.Arrivals> arrivals(JsonFields fields, boolean open) {
    if (open) {
      return Optional.of(arrivals(fields));
    }
    if (fields.has("arrivals")) {
      throw fields.error(
          fields.child("arrivals"),
          "only applies to the open model; remove it (closed users send back to back)");
    }
    return Optional.empty();
  }

  /** The {@code arrivals} field of an open load: uniform (the default) or poisson. */
  static Load.Arrivals arrivals(JsonFields fields) {
    return fields
        .optionalChoice("arrivals", List.of("uniform", "poisson"))
        .map(text -> text.equals("uniform") ? Load.Arrivals.UNIFORM : Load.Arrivals.POISSON)
        .orElse(Load.Arrivals.UNIFORM);
  }

  /**
   * The required {@code stepDurationSeconds}: whole seconds from {@code min} to {@link
   * LoadProfiles#MAX_SECONDS}; {@code fix} is offered when it is missing, {@code what} names a
   * wrong value.
   */
  static int stepSeconds(JsonFields fields, String fix, int min, String what) {
    return (int)
        fields.requiredWholeNumber("stepDurationSeconds", fix, min, LoadProfiles.MAX_SECONDS, what);
  }

  /** The optional warm-up: a level (rate or users) and a duration. */
  static Optional<Warmup> warmup(JsonFields fields, boolean open) {
    return fields
        .optionalObject("warmup", WARMUP_FIELDS)
        .map(
            warm -> {
              double level =
                  level(
                      warm,
                      warm.child("level"),
                      warm.required(
                          "level", "add \"level\": " + (open ? "1 (requests/s)" : "1 (users)")),
                      open);
              int seconds =
                  (int)
                      warm.requiredWholeNumber(
                          "durationSeconds",
                          "add \"durationSeconds\": 5",
                          1,
                          LoadProfiles.MAX_SECONDS,
                          "a duration in seconds");
              return new Warmup(level, seconds);
            });
  }

  private static List<Double> steps(JsonFields fields, boolean open) {
    String path = fields.child("steps");
    JsonNode node =
        fields.required(
            "steps", "add \"steps\": [2, 4, 6] or {\"from\": 2, \"by\": 2, \"count\": 6}");
    List<Double> levels = new ArrayList<>();
    if (node.isArray()) {
      List<JsonNode> elements = fields.elements(node);
      if (elements.isEmpty() || elements.size() > LoadProfiles.MAX_STEPS) {
        throw fields.error(
            path,
            elements.size()
                + " steps; use 1 to "
                + LoadProfiles.MAX_STEPS
                + " levels, like [2, 4, 6]");
      }
      for (int i = 0; i < elements.size(); i++) {
        levels.add(level(fields, path + "[" + i + "]", elements.get(i), open));
      }
      return levels;
    }
    if (!node.isObject()) {
      throw fields.error(
          path,
          JsonFields.describe(node)
              + " is not a list of levels; use [2, 4, 6], {\"from\": 2, \"by\": 2, \"count\":"
              + " 6} or \"auto\"");
    }
    JsonFields series = fields.nested(path, node, STEPS_SERIES_FIELDS);
    String hint = "add it: {\"from\": 2, \"by\": 2, \"count\": 6}";
    double from = level(series, series.child("from"), series.required("from", hint), open);
    double by = level(series, series.child("by"), series.required("by", hint), open);
    int count =
        (int)
            series.requiredWholeNumber(
                "count", hint, 1, LoadProfiles.MAX_STEPS, "a number of steps");
    // Decimal arithmetic, so 0.1 + 2 × 0.1 is 0.3 and labels stay clean.
    BigDecimal start = BigDecimal.valueOf(from);
    BigDecimal increment = BigDecimal.valueOf(by);
    for (int i = 0; i < count; i++) {
      double level = start.add(increment.multiply(BigDecimal.valueOf(i))).doubleValue();
      if (level > (open ? LoadProfiles.MAX_RATE : LoadProfiles.MAX_USERS)) {
        throw series.error(
            path,
            "step "
                + (i + 1)
                + " reaches "
                + StepSchedule.formatLevel(level)
                + "; keep levels at most "
                + (long) (open ? LoadProfiles.MAX_RATE : LoadProfiles.MAX_USERS));
      }
      levels.add(level);
    }
    return levels;
  }

  /** A level: a rate > 0 (open) or a whole number of users ≥ 1 (closed). */
  static double level(JsonFields fields, String path, JsonNode value, boolean open) {
    if (open) {
      return fields.number(
          path,
          value,
          0,
          true,
          LoadProfiles.MAX_RATE,
          "a rate",
          "use a number > 0 and at most " + (long) LoadProfiles.MAX_RATE + " (requests/s)");
    }
    return fields.wholeNumber(path, value, 1, LoadProfiles.MAX_USERS, "a number of users");
  }
}
