package dev.ttftgap.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class StreamingBenchmarkTest {
  @Test
  void theBenchmarksClientRunsTheCollectorThePomGivesGatling() throws Exception {
    String pom = Files.readString(Path.of("pom.xml"));
    Matcher jvmArgs =
        Pattern.compile(
                "<artifactId>gatling-maven-plugin</artifactId>.*?<jvmArgs>(.*?)</jvmArgs>",
                Pattern.DOTALL)
            .matcher(pom);

    assertThat(jvmArgs.find()).as("the pom gives gatling:test its JVM options").isTrue();
    assertThat(jvmArgs.group(1))
        .as("gatling:test's collector is the benchmark client's default")
        .contains("<jvmArg>" + StreamingBenchmark.CLIENT_COLLECTOR + "</jvmArg>");
  }
}
