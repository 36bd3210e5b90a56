package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.config.Settings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code .github/workflows/load-test.yml} asks the project only what it accepts: the settings it
 * passes are ones {@link Settings} reads, and the regression check's command line parses with the
 * exit status it relies on. (Its YAML and expressions are linted by {@code .ci/lint-workflows}.)
 */
class LoadTestWorkflowTest {
  private static final Path WORKFLOW = Path.of(".github/workflows/load-test.yml");

  @Test
  void theRunsPropertiesAndVariablesAreTheOnesSettingsReads(@TempDir Path dir) throws Exception {
    String workflow = Files.readString(WORKFLOW);
    Set<String> properties = new TreeSet<>();
    Matcher matcher = Pattern.compile("\"-D([A-Za-z.]+)=").matcher(workflow);
    while (matcher.find()) {
      properties.add(matcher.group(1));
    }
    assertThat(properties)
        .as("the load run's -D settings")
        .containsExactlyInAnyOrder("profile", "baseline", "capacity.peakRate");
    Path baseline = Files.writeString(dir.resolve("capacity.json"), "{}");
    Properties props = new Properties();
    props.setProperty("profile", "closed-concurrency");
    props.setProperty("baseline", baseline.toString());
    props.setProperty("capacity.peakRate", "40");
    assertThat(workflow)
        .as("endpoint, model and key from the environment, the key from a secret")
        .contains("LLM_BASE_URL: ${{ inputs.base_url }}")
        .contains("LLM_MODEL: ${{ inputs.model }}")
        .contains("LLM_API_KEY: ${{ secrets.LLM_API_KEY }}");

    Settings settings =
        Settings.load(
            Map.of(
                "LLM_BASE_URL", "https://llm.example.com/v1",
                "LLM_MODEL", "Qwen/Qwen3-8B",
                "LLM_API_KEY", "sk-test-0123456789abcdef"),
            props);

    assertThat(settings.profile()).isEqualTo("closed-concurrency");
    assertThat(settings.baseline()).contains(baseline);
    assertThat(settings.capacityPeakRate()).contains(40.0);
    assertThat(settings.baseUrl()).as("the endpoint variable").isPresent();
    assertThat(settings.model()).contains("Qwen/Qwen3-8B");
    assertThat(settings.apiKey()).as("the key variable").isPresent();
  }

  @Test
  void theRegressionCheckParsesAndFailsWithTheDocumentedStatus(@TempDir Path dir) throws Exception {
    String workflow = Files.readString(WORKFLOW);
    Matcher matcher =
        Pattern.compile(
                "-Dexec\\.mainClass=dev\\.ttftgap\\.report\\.CapacityMain\\s*\\\\?\\s*"
                    + "-Dexec\\.args=\"([^\"]+)\"")
            .matcher(workflow);
    assertThat(matcher.find()).as("the workflow runs CapacityMain").isTrue();
    Files.createDirectories(dir.resolve("baseline"));
    Files.writeString(dir.resolve("baseline/capacity.json"), "{}");
    String[] args =
        matcher
            .group(1)
            .replace("$RUN_DIR", dir.resolve("run").toString())
            .replace("baseline/capacity.json", dir.resolve("baseline/capacity.json").toString())
            .split("\\s+");

    CapacityArguments arguments = CapacityArguments.parse(args);

    assertThat(arguments.failOnRegression()).as("--fail-on-regression").isTrue();
    assertThat(arguments.baseline()).as("the downloaded baseline").isPresent();
    assertThat(workflow)
        .as("the status the workflow documents")
        .contains("exit status " + RegressionGate.EXIT_REGRESSION);
  }
}
