package dev.ttftgap.profile;

import java.nio.file.Path;
import java.util.Objects;
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
 */
public record LoadProfile(
    String name,
    String description,
    RequestShape request,
    LoadModel load,
    Timeouts timeouts,
    Optional<Slo> slo,
    Path source) {

  public LoadProfile {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(load, "load");
    Objects.requireNonNull(timeouts, "timeouts");
    Objects.requireNonNull(slo, "slo");
    Objects.requireNonNull(source, "source");
  }

  /** The run's timeline: {@code StepSchedule.of(load())}. */
  public StepSchedule schedule() {
    return StepSchedule.of(load);
  }
}
