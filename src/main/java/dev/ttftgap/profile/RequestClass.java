package dev.ttftgap.profile;

import dev.ttftgap.analysis.Slo;
import dev.ttftgap.validation.NonNull;
import java.util.Optional;

/**
 * One named class of requests in a profile's {@code classes}: its own request shape, its share of
 * the run's arrivals and its own SLO. One arrival process serves every class; each arrival is drawn
 * to a class by share ({@link ClassDraw}, seeded), so classes interleave as in production.
 *
 * @param name short name, letters, digits, '.', '_' or '-' (unique in the profile); records carry
 *     it as {@code requestClass}
 * @param share fraction of arrivals, in (0, 1]; the shares of a profile add up to 1
 * @param request the request this class sends (the profile's {@code request} with the class's
 *     {@code request} fields laid over it)
 * @param slo the class's own objective; empty = the profile's {@code slo}
 */
public record RequestClass(String name, double share, RequestShape request, Optional<Slo> slo) {
  public RequestClass {
    NonNull.check("name request slo", name, request, slo);
    if (!(share > 0 && share <= 1)) {
      throw new IllegalArgumentException("share must be in (0, 1], got " + share);
    }
  }
}
