package dev.ttftgap.preflight;

import dev.ttftgap.config.HeaderTimings;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Outcome of a preflight.
 *
 * <p>A failed preflight ({@code ok == false}) carries a diagnosis and no timings at all: samples
 * taken while authentication or routing was broken never enter statistics.
 *
 * @param ok true when the target is fit for a load run
 * @param diagnosis what is wrong and the fix; empty when ok
 * @param servedModels model ids from the models listing; empty when not served or not reached
 * @param headerTiming when the streaming probe's headers arrived: {@link #AT_ACCEPT} (before the
 *     first token: the gap is visible), {@link #WITH_FIRST_TOKEN} (TTFB ≈ TTFT: the gap hides in
 *     TTFB), {@link #BUFFERED} (the whole answer at once), or {@link #UNKNOWN}
 * @param ttfb streaming probe: send → response headers; empty unless ok
 * @param ttft streaming probe: send → first content event; empty unless ok
 * @param total streaming probe: send → end of the stream; empty unless ok
 */
public record PreflightResult(
    boolean ok,
    Optional<Diagnosis> diagnosis,
    List<String> servedModels,
    String headerTiming,
    Optional<Duration> ttfb,
    Optional<Duration> ttft,
    Optional<Duration> total) {

  public static final String AT_ACCEPT = HeaderTimings.AT_ACCEPT;
  public static final String WITH_FIRST_TOKEN = HeaderTimings.WITH_FIRST_TOKEN;
  public static final String BUFFERED = HeaderTimings.BUFFERED;
  public static final String UNKNOWN = "unknown";

  public PreflightResult {
    servedModels = List.copyOf(servedModels);
  }

  static PreflightResult failed(Diagnosis diagnosis, List<String> servedModels, String timing) {
    return new PreflightResult(
        false,
        Optional.of(diagnosis),
        servedModels,
        timing,
        Optional.empty(),
        Optional.empty(),
        Optional.empty());
  }

  /** One line for a console: the diagnosis, or the probe's timings. */
  public String summaryLine() {
    if (!ok) {
      return "preflight failed: " + diagnosis.map(Diagnosis::toString).orElse("unknown");
    }
    String line =
        String.format(
            "preflight ok: TTFB %d ms, TTFT %d ms, total %d ms, headers %s",
            ttfb.orElseThrow().toMillis(),
            ttft.orElseThrow().toMillis(),
            total.orElseThrow().toMillis(),
            headerTiming);
    if (WITH_FIRST_TOKEN.equals(headerTiming)) {
      line += " (the server holds headers until the first token: the gap hides in TTFB)";
    }
    return line;
  }
}
