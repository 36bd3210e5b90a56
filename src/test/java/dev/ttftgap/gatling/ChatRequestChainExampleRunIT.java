package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.RecordReader;
import dev.ttftgap.record.RequestRecord;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the usage example of {@link ChatRequestChain}'s Javadoc ({@link ChatRequestChainExample}) as
 * a real Gatling run in a forked JVM, so the example cannot go stale.
 */
class ChatRequestChainExampleRunIT {
  @Test
  void theJavadocExampleMeasuresEveryRequestItSends(@TempDir Path dir) {
    GatlingFork.Result run =
        GatlingFork.run(
            ChatRequestChainExample.class, dir, Map.of(), Map.of(), false, Duration.ofSeconds(120));

    assertThat(run.exitCode()).as("the example run ends well:\n%s", run.output()).isZero();
    List<RequestRecord> records = RecordReader.read(dir.resolve(ChatRequestChainExample.RECORDS));
    assertThat(records).as("2 users/s for 5 s, one record each").hasSize(10);
    assertThat(records)
        .as("each request streamed to [DONE] with its TTFB, gap and TTFT")
        .allSatisfy(
            r -> {
              assertThat(r.ok()).as("ok: %s", r).isTrue();
              assertThat(r.timings().ttftMillis())
                  .as("TTFT = TTFB + gap")
                  .isEqualTo(r.timings().ttfbMillis() + r.timings().gapMillis());
              assertThat(r.output().outputTokens()).as("max_tokens tokens").isEqualTo(8);
            });
  }
}
