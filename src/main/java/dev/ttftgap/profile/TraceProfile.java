package dev.ttftgap.profile;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The {@code load.trace} object of an open profile, read into a {@link Trace}: the file's arrivals
 * replayed at {@code speedup}, and as the run's steps the consecutive windows of {@code
 * windowSeconds} of replay time, each at the rate the trace offered in it. A file is resolved like
 * {@code request.dataset}, from the working directory.
 */
final class TraceProfile {
  static final String FIELD = "trace";
  static final List<String> FIELDS = List.of("file", "speedup", "windowSeconds");
  static final int DEFAULT_WINDOW_SECONDS = 30;
  static final int MAX_WINDOWS = 2_000;
  static final double MAX_SPEEDUP = 10_000;

  private TraceProfile() {}

  static Load load(JsonFields load, Load.Arrivals arrivals, Optional<Warmup> warmup) {
    JsonFields fields = load.optionalObject(FIELD, FIELDS).orElseThrow();
    String text =
        fields
            .optionalString("file", "use the path of the arrivals file in quotes")
            .orElseThrow(
                () ->
                    fields.error(
                        fields.child("file"),
                        "missing; add \"file\": \"simulations/datasets/arrivals.txt\""));
    Path file = ConversationProfile.existingFile(fields, "file", text, "the arrivals file's");
    double speedup =
        fields
            .optionalNumber(
                "speedup",
                0,
                true,
                MAX_SPEEDUP,
                "a speed-up",
                "use a number > 0 (2 replays an hour in 30 min), at most " + (long) MAX_SPEEDUP)
            .orElse(1.0);
    int window =
        fields
            .optionalInt("windowSeconds", 1, LoadProfiles.MAX_SECONDS, "a duration in seconds")
            .orElse(DEFAULT_WINDOW_SECONDS);
    long[] offsets = TraceFile.offsetsMillis(file, speedup);
    Trace trace = new Trace(file, speedup, window, Arrays.stream(offsets).boxed().toList());
    if (trace.lengthMillis() > LoadProfiles.MAX_SECONDS * 1000L) {
      throw fields.error(
          fields.path(),
          file
              + " lasts "
              + trace.lengthMillis() / 1000
              + " s at speedup "
              + StepSchedule.formatLevel(speedup)
              + "; keep a replay within "
              + LoadProfiles.MAX_SECONDS
              + " s (raise speedup, or replay a part)");
    }
    if (trace.windowCount() > MAX_WINDOWS) {
      throw fields.error(
          fields.child("windowSeconds"),
          trace.windowCount()
              + " windows of "
              + window
              + " s; use longer windows (at most "
              + MAX_WINDOWS
              + " per replay)");
    }
    return new Load(Load.Type.OPEN, Optional.of(arrivals), warmup, trace.windowRates(), window, 0)
        .withTrace(trace);
  }
}
