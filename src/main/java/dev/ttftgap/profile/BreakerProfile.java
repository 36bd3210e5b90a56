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
    int window =
        fields
            .optionalWholeNumber("windowRequests", 1, 100_000, "a number of requests")
            .map(Long::intValue)
            .orElse(d.windowRequests());
    double errorRate =
        fields
            .optionalNumber(
                "errorRatePercent",
                0,
                true,
                100,
                "a percentage",
                "use a number above 0 and at most 100 (percent of the window)")
            .orElse(d.errorRatePercent());
    int consecutive =
        fields
            .optionalWholeNumber("consecutiveFailures", 1, 100_000, "a number of requests")
            .map(Long::intValue)
            .orElse(d.consecutiveFailures());
    double rateLimited =
        fields
            .optionalNumber(
                "rateLimitedPercent",
                0,
                false,
                100,
                "a percentage",
                "use a number from 0 to 100 (percent of the window that may be answered 429)")
            .orElse(d.rateLimitedPercent());
    return new BreakerPolicy(enabled, window, errorRate, consecutive, rateLimited);
  }
}
