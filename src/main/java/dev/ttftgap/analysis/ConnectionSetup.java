package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the requests' connections cost: how many opened one, and how much of their TTFB the set-up
 * took (TCP connect, a proxy's {@code CONNECT}, the TLS handshake: send → the request written),
 * read from each record's {@code setupMicros}, {@code newConnection} and {@code httpVersion}. Built
 * only from records that carry a set-up time; warm-up included, since the first requests are the
 * ones that open connections.
 *
 * @param protocols requests per protocol, {@code "1.1"} or {@code "2"}
 * @param newConnections requests that opened their connection
 * @param reusedConnections requests sent on a connection already open
 * @param newSetupP50Millis median set-up of the requests that opened a connection
 * @param newTtfbP50Millis median TTFB of those same requests
 * @param reusedSetupP50Millis median set-up of the others (the wait for a pooled connection)
 */
public record ConnectionSetup(
    Map<String, Integer> protocols,
    int newConnections,
    int reusedConnections,
    Double newSetupP50Millis,
    Double newTtfbP50Millis,
    Double reusedSetupP50Millis) {

  public ConnectionSetup {
    protocols = java.util.Collections.unmodifiableMap(new TreeMap<>(protocols));
  }

  /** The set-up of {@code records}; null when none carries a set-up time (older records). */
  public static ConnectionSetup of(List<RequestRecord> records) {
    Map<String, Integer> protocols = new TreeMap<>();
    List<Double> freshSetup = new ArrayList<>();
    List<Double> freshTtfb = new ArrayList<>();
    List<Double> reusedSetup = new ArrayList<>();
    for (RequestRecord r : records) {
      Long setup = r.micros().setupMicros();
      if (setup == null) {
        continue;
      }
      if (r.httpVersion() != null) {
        protocols.merge(r.httpVersion(), 1, Integer::sum);
      }
      if (Boolean.TRUE.equals(r.newConnection())) {
        freshSetup.add(setup / 1000.0);
        if (r.micros().ttfbMicros() != null) {
          freshTtfb.add(r.micros().ttfbMicros() / 1000.0);
        }
      } else {
        reusedSetup.add(setup / 1000.0);
      }
    }
    if (freshSetup.isEmpty() && reusedSetup.isEmpty()) {
      return null;
    }
    return new ConnectionSetup(
        protocols,
        freshSetup.size(),
        reusedSetup.size(),
        Percentiles.median(freshSetup).orElse(null),
        Percentiles.median(freshTtfb).orElse(null),
        Percentiles.median(reusedSetup).orElse(null));
  }

  /** The median set-up's share of the median TTFB of new connections, %; null when undefined. */
  public Double newSetupSharePercent() {
    return newSetupP50Millis == null || newTtfbP50Millis == null || newTtfbP50Millis <= 0
        ? null
        : 100.0 * newSetupP50Millis / newTtfbP50Millis;
  }
}
