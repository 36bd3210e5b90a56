package dev.ttftgap.profile;

import dev.ttftgap.analysis.Slo;
import java.util.List;
import java.util.Optional;

/**
 * The optional {@code slo} object, read into an {@link Slo} and checked against the profile's load
 * (the level up to which Gatling asserts it must be one the load reaches).
 */
final class SloProfile {
  static final List<String> FIELDS =
      List.of(
          "ttftP95Millis",
          "gapP95Millis",
          "errorRatePercent",
          "assertUpToLevel",
          "ttfvtP95Millis",
          "ttfrP95Millis",
          "ttftcP95Millis");

  private SloProfile() {}

  static Slo parse(JsonFields fields, Load load) {
    Optional<Integer> ttft = fields.optionalInt("ttftP95Millis", 1, 3_600_000, "a duration in ms");
    Optional<Integer> gap = fields.optionalInt("gapP95Millis", 1, 3_600_000, "a duration in ms");
    Optional<Double> errors =
        fields.optionalNumber(
            "errorRatePercent",
            0,
            false,
            100,
            "a percentage",
            "use a number from 0 to 100 (percent of requests)");
    Optional<Integer> ttfvt =
        fields.optionalInt("ttfvtP95Millis", 1, 3_600_000, "a duration in ms");
    Optional<Integer> ttfr = fields.optionalInt("ttfrP95Millis", 1, 3_600_000, "a duration in ms");
    Optional<Integer> ttftc =
        fields.optionalInt("ttftcP95Millis", 1, 3_600_000, "a duration in ms");
    if (ttft.isEmpty()
        && gap.isEmpty()
        && errors.isEmpty()
        && ttfvt.isEmpty()
        && ttfr.isEmpty()
        && ttftc.isEmpty()) {
      throw fields.error(
          fields.path(),
          "no limit; set at least one of ttftP95Millis, gapP95Millis, errorRatePercent,"
              + " ttfvtP95Millis, ttfrP95Millis, ttftcP95Millis, or remove slo");
    }
    String unit = load.open() ? "requests/s" : "users";
    Optional<Double> upTo =
        fields.optionalNumber(
            "assertUpToLevel",
            0,
            true,
            Double.MAX_VALUE,
            "a level",
            "use a number > 0 (" + unit + "), or null to not assert");
    if (upTo.isPresent() && load.autoStairs().isPresent()) {
      throw fields.error(
          fields.child("assertUpToLevel"),
          "auto stairs choose their rates at run time, so Gatling cannot assert them; remove it"
              + " (the capacity report still judges every step against the SLO)");
    }
    if (upTo.isPresent()) {
      double lowest = load.steps().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
      if (upTo.get() < lowest - 1e-9) {
        throw fields.error(
            fields.child("assertUpToLevel"),
            StepSchedule.formatLevel(upTo.get())
                + " is below every step (lowest "
                + StepSchedule.formatLevel(lowest)
                + " "
                + unit
                + "), so nothing would be asserted; use a step level, or null to not assert");
      }
    }
    return new Slo(
        ttft.map(Integer::doubleValue),
        gap.map(Integer::doubleValue),
        errors,
        upTo,
        ttfvt.map(Integer::doubleValue),
        ttfr.map(Integer::doubleValue),
        ttftc.map(Integer::doubleValue));
  }
}
