package dev.ttftgap.profile;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * A length field of the {@code request} object ({@code promptTokens}, {@code maxTokens}), read into
 * a {@link LengthDistribution}.
 */
final class LengthProfile {
  static final List<String> DISTRIBUTION_FIELDS =
      List.of("distribution", "value", "min", "max", "mean", "stddev");

  private LengthProfile() {}

  /**
   * A length: a whole number, or {@code {"distribution": "fixed" | "uniform" | "normal" |
   * "lognormal", ...}} with {@code value} (fixed), {@code min} and {@code max} (uniform; optional
   * bounds for the others), {@code mean} and {@code stddev} (normal, lognormal).
   */
  static LengthDistribution parse(JsonFields fields, String name, JsonNode node, int limit) {
    String path = fields.child(name);
    if (!node.isObject()) {
      return LengthDistribution.fixed(
          (int) fields.wholeNumber(path, node, 1, limit, "a number of tokens"));
    }
    JsonFields dist = fields.nested(path, node, DISTRIBUTION_FIELDS);
    String kind =
        dist.optionalChoice("distribution", List.of("fixed", "uniform", "normal", "lognormal"))
            .orElseThrow(
                () ->
                    dist.error(
                        dist.child("distribution"),
                        "missing; use fixed, uniform, normal or lognormal"));
    String what = "a number of tokens";
    if (kind.equals("fixed")) {
      only(dist, List.of("distribution", "value"), kind);
      return LengthDistribution.fixed(
          (int) dist.requiredWholeNumber("value", "add \"value\": 100", 1, limit, what));
    }
    if (kind.equals("uniform")) {
      only(dist, List.of("distribution", "min", "max"), kind);
      int min = (int) dist.requiredWholeNumber("min", "add \"min\": 50", 1, limit, what);
      int max = (int) dist.requiredWholeNumber("max", "add \"max\": 150", 1, limit, what);
      if (max < min) {
        throw dist.error(dist.child("max"), max + " is below min (" + min + "); use max >= min");
      }
      return LengthDistribution.uniform(min, max);
    }
    double mean = lengthParameter(dist, "mean", 500, true, limit, "a mean length");
    double stddev = lengthParameter(dist, "stddev", 100, false, limit, "a standard deviation");
    if (dist.has("value")) {
      throw dist.error(dist.child("value"), "only applies to fixed; remove it");
    }
    int min = dist.optionalInt("min", 1, limit, what).orElse(1);
    int max =
        dist.optionalInt("max", 1, limit, what)
            .orElse((int) Math.min(limit, Math.ceil(mean + 4 * stddev)));
    if (max < min) {
      throw dist.error(dist.child("max"), max + " is below min (" + min + "); use max >= min");
    }
    if (mean < min || mean > max) {
      throw dist.error(
          dist.child("mean"),
          mean + " is outside min..max (" + min + ".." + max + "); widen the bounds");
    }
    return kind.equals("normal")
        ? LengthDistribution.normal(mean, stddev, min, max)
        : LengthDistribution.lognormal(mean, stddev, min, max);
  }

  /**
   * A distribution's required {@code mean} or {@code stddev}: a number of tokens up to {@code
   * limit}, above 0 or (unless {@code zeroExcluded}) 0 itself; {@code example} is the fix offered
   * when it is missing.
   */
  private static double lengthParameter(
      JsonFields dist, String name, int example, boolean zeroExcluded, int limit, String what) {
    return dist.number(
        dist.child(name),
        dist.required(name, "add \"" + name + "\": " + example),
        0,
        zeroExcluded,
        limit,
        what,
        "use a number of tokens " + (zeroExcluded ? "> 0" : ">= 0"));
  }

  private static void only(JsonFields dist, List<String> allowed, String kind) {
    for (String field : DISTRIBUTION_FIELDS) {
      if (!allowed.contains(field) && dist.has(field)) {
        throw dist.error(
            dist.child(field),
            "does not apply to "
                + kind
                + "; use "
                + String.join(", ", allowed.subList(1, allowed.size())));
      }
    }
  }
}
