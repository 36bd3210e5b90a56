package dev.ttftgap.report;

import dev.ttftgap.analysis.ConnectionSetup;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * "Connections: HTTP/1.1; 12 of 80 requests opened one, whose set-up (connect, any proxy tunnel and
 * TLS handshake) took 3.1 ms median, 7 % of their 44 ms median TTFB; on a reused connection 0.04
 * ms."
 */
final class ConnectionSentences {
  private ConnectionSentences() {}

  /** The sentence of {@code setup}; empty when the records carry no set-up time. */
  static Optional<String> of(ConnectionSetup setup) {
    if (setup == null) {
      return Optional.empty();
    }
    int all = setup.newConnections() + setup.reusedConnections();
    StringBuilder sentence =
        new StringBuilder("Connections: ").append(protocols(setup.protocols()));
    sentence.append("; ").append(setup.newConnections()).append(" of ").append(all);
    sentence.append(all == 1 ? " request" : " requests").append(" opened one");
    if (setup.newSetupP50Millis() != null) {
      sentence
          .append(", whose set-up (connect, any proxy tunnel and TLS handshake) took ")
          .append(Fmt.ms(setup.newSetupP50Millis()))
          .append(" median");
      if (setup.newSetupSharePercent() != null) {
        sentence
            .append(", ")
            .append(Fmt.pct(setup.newSetupSharePercent()))
            .append(" of their ")
            .append(Fmt.ms(setup.newTtfbP50Millis()))
            .append(" median TTFB");
      }
    }
    if (setup.reusedSetupP50Millis() != null) {
      sentence.append("; on a reused connection ").append(Fmt.ms(setup.reusedSetupP50Millis()));
    }
    return Optional.of(sentence.append('.').toString());
  }

  private static String protocols(Map<String, Integer> protocols) {
    if (protocols.isEmpty()) {
      return "protocol not seen";
    }
    return protocols.entrySet().stream()
        .map(
            e ->
                "HTTP/"
                    + e.getKey()
                    + (protocols.size() > 1 ? " (" + e.getValue() + " requests)" : ""))
        .collect(Collectors.joining(", "));
  }
}
