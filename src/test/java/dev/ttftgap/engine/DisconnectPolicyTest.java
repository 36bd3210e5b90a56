package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ttftgap.servermetrics.MetricsDialect;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What the engine does with requests whose clients have gone, seen through its /metrics. */
class DisconnectPolicyTest {
  private final EngineConnections engine = new EngineConnections();

  @AfterEach
  void noLeaks() {
    engine.releaseAll();
  }

  private static double gauge(String metrics, String name) {
    Matcher m =
        Pattern.compile("(?m)^" + Pattern.quote(name) + "(\\{[^}]*})? (\\S+)$").matcher(metrics);
    assertThat(m.find()).as("%s in /metrics", name).isTrue();
    return Double.parseDouble(m.group(2));
  }

  @ParameterizedTest(name = "{0}: deferred {1}, processing {2} after 10 clients left")
  @CsvSource({"run-on, 2, 8", "abort, 0, 0"})
  void llamaCppDeferredCountsTheAbandonedRequestsOnlyWhenTheyRunOn(
      String policy, int deferred, int processing) throws Exception {
    EngineContext context =
        new EngineContext(
            EngineConfig.defaults()
                .withProfile("tiny-fast")
                .withMetricsDialect(MetricsDialect.LLAMACPP)
                .withDisconnectPolicy(DisconnectPolicy.parse(policy)),
            engine.eventLoop());
    // tiny-fast: 8 slots; 10 long streams, then every client leaves
    for (int i = 0; i < 10; i++) {
      engine.connect(context).raw(EngineConnections.streamRequest(100_000 / 8));
    }
    engine.runEngineTasks();
    engine.closeAll();
    engine.runEngineTasks();

    EngineChannels scrape = engine.connect(context);
    scrape.raw("GET /metrics HTTP/1.1\r\nHost: engine\r\n\r\n");
    String metrics = scrape.output();

    assertThat(gauge(metrics, "llamacpp:requests_deferred"))
        .as("requests waiting for a slot after their clients left (%s)", policy)
        .isEqualTo(deferred);
    assertThat(gauge(metrics, "llamacpp:requests_processing"))
        .as("requests in slots after their clients left (%s)", policy)
        .isEqualTo(processing);
  }

  @Test
  void parsesTheNamesUsersTypeAndNamesThemInItsError() {
    assertThat(DisconnectPolicy.parse("run-on")).isEqualTo(DisconnectPolicy.RUN_ON);
    assertThat(DisconnectPolicy.parse(" ABORT ")).isEqualTo(DisconnectPolicy.ABORT);
    assertThat(DisconnectPolicy.RUN_ON.label()).isEqualTo("run-on");
    assertThatThrownBy(() -> DisconnectPolicy.parse("keep"))
        .hasMessage("disconnect policy must be abort or run-on, was 'keep'");
  }
}
