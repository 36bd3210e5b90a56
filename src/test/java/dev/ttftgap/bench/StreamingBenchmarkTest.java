package dev.ttftgap.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.deploy.PomGatlingJvmArgs;
import org.junit.jupiter.api.Test;

class StreamingBenchmarkTest {
  @Test
  void theBenchmarksClientRunsTheCollectorThePomGivesGatling() {
    String jvmArgs = PomGatlingJvmArgs.read();

    assertThat(jvmArgs).as("the pom gives gatling:test its JVM options").isNotNull();
    assertThat(jvmArgs)
        .as("gatling:test's collector is the benchmark client's default")
        .contains("<jvmArg>" + StreamingBenchmark.CLIENT_COLLECTOR + "</jvmArg>");
  }
}
