package dev.ttftgap.profile;

import java.util.List;

/**
 * The optional {@code timeouts} object of a profile or an experiment, read into {@link Timeouts}.
 */
final class TimeoutsProfile {
  static final List<String> FIELDS = List.of("firstTokenSeconds", "idleSeconds", "streamSeconds");

  private TimeoutsProfile() {}

  static Timeouts parse(JsonFields fields) {
    int firstToken = seconds(fields, "firstTokenSeconds", Timeouts.DEFAULTS.firstTokenSeconds());
    int idle = seconds(fields, "idleSeconds", Timeouts.DEFAULTS.idleSeconds());
    int stream = seconds(fields, "streamSeconds", Timeouts.DEFAULTS.streamSeconds());
    if (firstToken > stream) {
      throw fields.error(
          fields.child("firstTokenSeconds"),
          firstToken + " is longer than streamSeconds (" + stream + "); use at most " + stream);
    }
    if (idle > stream) {
      throw fields.error(
          fields.child("idleSeconds"),
          idle + " is longer than streamSeconds (" + stream + "); use at most " + stream);
    }
    return new Timeouts(firstToken, idle, stream);
  }

  private static int seconds(JsonFields fields, String name, int defaultSeconds) {
    return fields
        .optionalInt(name, 1, LoadProfiles.MAX_SECONDS, "a duration in seconds")
        .orElse(defaultSeconds);
  }
}
