package dev.ttftgap.profile;

import dev.ttftgap.breaker.BreakerPolicy;
import java.util.List;

/** The profile's optional {@code breaker} object, read into a {@link BreakerPolicy}. */
final class BreakerProfile {
  static final List<String> FIELDS =
      List.of(
          "enabled",
          "windowRequests",
          "errorRatePercent",
          "consecutiveFailures",
          "rateLimitedPercent");

  private BreakerProfile() {}

  static BreakerPolicy parse(JsonFields fields) {
    BreakerPolicy d = BreakerPolicy.DEFAULTS;
    boolean enabled = fields.optionalBoolean("enabled").orElse(d.enabled());
    int window = requests(fields, "windowRequests", d.windowRequests());
    double errorRate =
        percent(fields, "errorRatePercent", true, "of the window", d.errorRatePercent());
    int consecutive = requests(fields, "consecutiveFailures", d.consecutiveFailures());
    double rateLimited =
        percent(
            fields,
            "rateLimitedPercent",
            false,
            "of the window that may be answered 429",
            d.rateLimitedPercent());
    return new BreakerPolicy(enabled, window, errorRate, consecutive, rateLimited);
  }

  private static int requests(JsonFields fields, String name, int defaultValue) {
    return fields.optionalInt(name, 1, 100_000, "a number of requests").orElse(defaultValue);
  }

  /**
   * A percentage, 0 allowed unless {@code zeroExcluded}; {@code ofWhat} ends the fix of a wrong
   * value, e.g. "use a number from 0 to 100 (percent of the window)".
   */
  private static double percent(
      JsonFields fields, String name, boolean zeroExcluded, String ofWhat, double defaultValue) {
    String range = zeroExcluded ? "above 0 and at most 100" : "from 0 to 100";
    String fix = "use a number " + range + " (percent " + ofWhat + ")";
    return fields
        .optionalNumber(name, 0, zeroExcluded, 100, "a percentage", fix)
        .orElse(defaultValue);
  }
}
