package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.ConnectionSetup;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConnectionSentencesTest {
  @Test
  void saysHowMuchOfANewConnectionsTtfbWasSetUp() {
    ConnectionSetup setup = new ConnectionSetup(Map.of("1.1", 80), 12, 68, 3.1, 44.0, 0.04);

    assertThat(ConnectionSentences.of(setup))
        .hasValue(
            "Connections: HTTP/1.1; 12 of 80 requests opened one, whose set-up (connect, any proxy"
                + " tunnel and TLS handshake) took "
                + Fmt.ms(3.1)
                + " median, "
                + Fmt.pct(100 * 3.1 / 44.0)
                + " of their "
                + Fmt.ms(44.0)
                + " median TTFB; on a reused connection "
                + Fmt.ms(0.04)
                + ".");
  }

  @Test
  void namesEachProtocolWithItsCountWhenTheyMix() {
    ConnectionSetup setup = new ConnectionSetup(Map.of("1.1", 3, "2", 7), 10, 0, null, null, null);

    assertThat(ConnectionSentences.of(setup))
        .hasValue(
            "Connections: HTTP/1.1 (3 requests), HTTP/2 (7 requests); 10 of 10 requests opened one.");
  }

  @Test
  void nothingWithoutSetUpTimes() {
    assertThat(ConnectionSentences.of(null)).isEmpty();
  }
}
