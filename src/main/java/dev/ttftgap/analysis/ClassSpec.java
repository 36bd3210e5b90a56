package dev.ttftgap.analysis;

import java.util.Objects;

/**
 * What the analysis knows of one request class of the run (the profile's {@code classes}): its name
 * as records carry it ({@code requestClass}), its share of arrivals and its own SLO.
 *
 * @param name the class's name
 * @param share fraction of arrivals, in (0, 1]
 * @param slo the class's limits (the profile's {@code slo} when the class gives none)
 */
public record ClassSpec(String name, double share, Slo slo) {
  public ClassSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(slo, "slo");
  }
}
