package dev.ttftgap.profile;

import java.util.List;
import java.util.Optional;

/**
 * The {@code load.burst} object of an open profile, read into a {@link Burst}: the load becomes
 * three steps, the base rate for {@code beforeSeconds}, the burst rate for {@code burstSeconds} and
 * the base rate again for {@code afterSeconds} (the optional warm-up before them).
 */
final class BurstProfile {
  static final String FIELD = "burst";
  static final List<String> FIELDS =
      List.of("baseRate", "rate", "burstSeconds", "beforeSeconds", "afterSeconds", "windowSeconds");
  static final int DEFAULT_WINDOW_SECONDS = 5;

  private BurstProfile() {}

  static Load load(JsonFields load, Load.Arrivals arrivals, Optional<Warmup> warmup) {
    JsonFields fields = load.optionalObject(FIELD, FIELDS).orElseThrow();
    String hint =
        "add it: {\"baseRate\": 5, \"rate\": 12, \"burstSeconds\": 30, \"beforeSeconds\": 60,"
            + " \"afterSeconds\": 150}";
    double base =
        LoadShapeProfile.level(
            fields, fields.child("baseRate"), fields.required("baseRate", hint), true);
    double rate =
        LoadShapeProfile.level(fields, fields.child("rate"), fields.required("rate", hint), true);
    if (rate <= base) {
      throw fields.error(
          fields.child("rate"),
          StepSchedule.formatLevel(rate)
              + " is not above baseRate "
              + StepSchedule.formatLevel(base)
              + "; a burst's rate must exceed its base rate");
    }
    int burstSeconds = seconds(fields, "burstSeconds", hint);
    int beforeSeconds = seconds(fields, "beforeSeconds", hint);
    int afterSeconds = seconds(fields, "afterSeconds", hint);
    int window =
        fields
            .optionalInt("windowSeconds", 1, LoadProfiles.MAX_SECONDS, "a duration in seconds")
            .orElse(DEFAULT_WINDOW_SECONDS);
    if (window > afterSeconds) {
      throw fields.error(
          fields.child("windowSeconds"),
          window
              + " s is longer than afterSeconds ("
              + afterSeconds
              + " s), so recovery could not be judged; use a shorter window");
    }
    Burst burst = new Burst(base, rate, burstSeconds, beforeSeconds, afterSeconds, window);
    return new Load(
            Load.Type.OPEN,
            Optional.of(arrivals),
            warmup,
            List.of(base, rate, base),
            burstSeconds,
            0)
        .withBurst(burst);
  }

  private static int seconds(JsonFields fields, String name, String hint) {
    return (int)
        fields.requiredWholeNumber(
            name, hint, 1, LoadProfiles.MAX_SECONDS, "a duration in seconds");
  }
}
