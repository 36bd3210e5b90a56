package dev.ttftgap.profile;

import java.util.List;
import java.util.Optional;

/**
 * The {@code load} object of {@code "model": "search"}, read into a {@link Load} with a {@link
 * Search}.
 */
final class SearchProfile {
  /** The load fields only a search reads. */
  static final List<String> FIELDS =
      List.of(
          "startRate",
          "maxRate",
          "growth",
          "holdSeconds",
          "precisionPercent",
          "maxDurationSeconds");

  private SearchProfile() {}

  /** A search: open arrivals whose rates the search chooses as it goes (see {@link Search}). */
  static Load load(JsonFields fields) {
    for (String name : List.of("steps", "rampSeconds", AutoStairsProfile.OBJECT)) {
      if (fields.has(name)) {
        throw fields.error(
            fields.child(name),
            "a search chooses its own rates; remove it (use startRate and maxRate)");
      }
    }
    Load.Arrivals arrivals = LoadShapeProfile.arrivals(fields);
    Optional<Warmup> warmup = LoadShapeProfile.warmup(fields, true);
    String rateFix = "use a number > 0 (requests/s), at most " + (long) LoadProfiles.MAX_RATE;
    double start =
        fields
            .optionalNumber("startRate", 0, true, LoadProfiles.MAX_RATE, "a rate", rateFix)
            .orElse(1.0);
    double max =
        fields
            .optionalNumber("maxRate", 0, true, LoadProfiles.MAX_RATE, "a rate", rateFix)
            .orElse(64.0);
    if (max < start) {
      throw fields.error(
          fields.child("maxRate"),
          StepSchedule.formatLevel(max)
              + " is below startRate ("
              + StepSchedule.formatLevel(start)
              + "); use at least that");
    }
    double growth =
        fields
            .optionalNumber("growth", 1, true, 10, "a growth factor", "use a number in (1, 10]")
            .orElse(2.0);
    int probe =
        LoadShapeProfile.stepSeconds(
            fields, "add \"stepDurationSeconds\": 20 (each probe)", 5, "a duration of 5 s or more");
    int hold =
        fields
            .optionalInt("holdSeconds", 5, LoadProfiles.MAX_SECONDS, "a duration of 5 s or more")
            .orElse(3 * probe);
    double precision =
        fields
            .optionalNumber(
                "precisionPercent", 0, true, 50, "a percentage", "use a number in (0, 50]")
            .orElse(5.0);
    int maxDuration =
        fields
            .optionalInt(
                "maxDurationSeconds", 10, LoadProfiles.MAX_SECONDS, "a duration of 10 s or more")
            .orElse(600);
    checkRoom(fields, warmup, probe, hold, maxDuration);
    return new Load(Load.Type.OPEN, Optional.of(arrivals), warmup, List.of(start), probe, 0)
        .withSearch(new Search(start, max, growth, probe, hold, precision, maxDuration));
  }

  /** The search's time budget must hold the warm-up, one probe and the hold. */
  private static void checkRoom(
      JsonFields fields, Optional<Warmup> warmup, int probe, int hold, int maxDuration) {
    int warm = warmup.map(Warmup::durationSeconds).orElse(0);
    if (warm + probe + hold > maxDuration) {
      throw fields.error(
          fields.child("maxDurationSeconds"),
          maxDuration
              + " s leaves no room for the warm-up, one probe and the hold ("
              + (warm + probe + hold)
              + " s); use at least "
              + 3 * (warm + probe + hold));
    }
  }
}
