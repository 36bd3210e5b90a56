package dev.ttftgap.profile;

import dev.ttftgap.analysis.Slo;
import dev.ttftgap.breaker.BreakerPolicy;
import dev.ttftgap.validation.NonNull;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One validated load profile: what to send, how much load to offer, when to give up on a request,
 * and the SLO. Built by {@link LoadProfiles}; see {@code simulations/README.md} for the JSON.
 *
 * @param name short name, letters, digits, '.', '_' or '-'
 * @param description one or two sentences for humans; empty when not given
 * @param request the request every user sends
 * @param load warm-up and steps
 * @param timeouts per-request limits
 * @param slo objective; empty = none
 * @param source where the profile was read from (file path, or the name given to {@link
 *     LoadProfiles#parse})
 * @param breaker when the circuit breaker stops the run; {@link BreakerPolicy#DEFAULTS} unless the
 *     profile's {@code breaker} object says otherwise
 * @param classes the profile's request classes ({@code classes}), each with its shape, share and
 *     SLO; empty for a profile of one request shape. With classes, {@code request} is the first
 *     class's shape (what run-wide settings such as the API line and calibration read)
 */
public record LoadProfile(
    String name,
    String description,
    RequestShape request,
    Load load,
    Timeouts timeouts,
    Optional<Slo> slo,
    Path source,
    BreakerPolicy breaker,
    List<RequestClass> classes) {

  /** A profile of one request shape (no {@code classes}). */
  public LoadProfile(
      String name,
      String description,
      RequestShape request,
      Load load,
      Timeouts timeouts,
      Optional<Slo> slo,
      Path source,
      BreakerPolicy breaker) {
    this(name, description, request, load, timeouts, slo, source, breaker, List.of());
  }

  public LoadProfile {
    classes = List.copyOf(classes);
    NonNull.check(
        "name description request load timeouts slo source breaker",
        name,
        description,
        request,
        load,
        timeouts,
        slo,
        source,
        breaker);
  }

  /** True when the profile has request classes. */
  public boolean hasClasses() {
    return !classes.isEmpty();
  }

  /** The run's timeline: {@code StepSchedule.of(load())}. */
  public StepSchedule schedule() {
    return StepSchedule.of(load);
  }

  /**
   * One console line, e.g. {@code rising-rate: open uniform, warm-up 1 rps × 5 s, steps 1, 2, 4, 6,
   * 8, 10 rps × 20 s, 125 s in all; SLO p95 TTFT ≤ 3000 ms, p95 gap ≤ 2500 ms, errors ≤ 1 %
   * asserted up to 2 rps}; see {@link ProfileSummary} for bursts, traces and classes.
   */
  public String summary() {
    return ProfileSummary.of(this);
  }
}
