package dev.ttftgap.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class ExperimentPlansTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Path INLINE = Path.of("inline.json");
  private static final String REMOVE = "<remove>";

  private static final String VALID =
      """
      {
        "name": "two-models",
        "description": "two models, same prompt",
        "table": "model-comparison",
        "rounds": 5,
        "dropFirst": 1,
        "pauseSeconds": 0.5,
        "timeouts": { "firstTokenSeconds": 20, "idleSeconds": 10, "streamSeconds": 60 },
        "arms": [
          { "label": "small", "request": { "model": "s", "prompt": "Hi", "maxTokens": 8 } },
          { "label": "large", "request": { "model": "l", "prompt": "Hi", "maxTokens": 8 } }
        ]
      }
      """;

  static Stream<Path> planFiles() throws IOException {
    try (Stream<Path> files = Files.list(ExperimentPlans.DEFAULT_DIRECTORY)) {
      return files.filter(path -> path.toString().endsWith(".json")).sorted().toList().stream();
    }
  }

  @Test
  void theShippedPlansAreTheThreeTables() throws IOException {
    assertThat(planFiles().map(path -> path.getFileName().toString()))
        .as("one shipped plan per table")
        .containsExactly("baseline.json", "model-comparison.json", "prompt-length.json");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("planFiles")
  void everyShippedPlanParsesAndIsNamedAfterItsFile(Path file) {
    String stem = file.getFileName().toString().replace(".json", "");

    ExperimentPlan plan = ExperimentPlans.load(stem, ExperimentPlans.DEFAULT_DIRECTORY);

    assertThat(plan.name()).as("name field of %s", file).isEqualTo(stem);
    assertThat(plan.table()).as("the table of %s", file).isEqualTo(stem);
    assertThat(plan.description()).as("description of %s", file).isNotBlank();
    assertThat(plan.arms()).as("arms of %s", file).hasSizeGreaterThanOrEqualTo(2);
    assertThat(plan.dropFirst()).as("warm-up rounds of %s", file).isLessThan(plan.rounds());
    assertThat(plan.source()).isEqualTo(file);
  }

  @Test
  void fullPlanParsesIntoItsFields() {
    ExperimentPlan plan = ExperimentPlans.parse(VALID, INLINE);

    assertThat(plan.name()).isEqualTo("two-models");
    assertThat(plan.table()).isEqualTo("model-comparison");
    assertThat(plan.rounds()).isEqualTo(5);
    assertThat(plan.dropFirst()).isEqualTo(1);
    assertThat(plan.pauseSeconds()).isEqualTo(0.5);
    assertThat(plan.timeouts()).isEqualTo(new Timeouts(20, 10, 60));
    assertThat(plan.arms()).extracting(ExperimentPlan.Arm::label).containsExactly("small", "large");
    assertThat(plan.arms().get(1).request().model()).contains("l");
    assertThat(plan.arms().get(1).request().output().maxTokens()).isEqualTo(8);
  }

  @Test
  void omittedSettingsGetTheDocumentedDefaults() {
    ExperimentPlan plan =
        ExperimentPlans.parse(
            """
            {"name": "min", "table": "baseline",
             "arms": [{"label": "a", "request": {"prompt": "Hi"}}]}
            """,
            INLINE);

    assertThat(plan.description()).isEmpty();
    assertThat(plan.rounds()).as("rounds").isEqualTo(5);
    assertThat(plan.dropFirst()).as("dropFirst").isEqualTo(1);
    assertThat(plan.pauseSeconds()).as("pauseSeconds").isEqualTo(1.0);
    assertThat(plan.timeouts()).isEqualTo(Timeouts.DEFAULTS);
  }

  /**
   * Every bad value the plan parser names: the top-level field, the JSON put there, the message.
   */
  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
"""
table     | <remove>                                               | table: missing; use one of [baseline, prompt-length, model-comparison]
table     | "pie"                                                  | table: "pie" is not allowed; use baseline or prompt-length or model-comparison
table     | 3                                                      | table: 3 is not a string
arms      | <remove>                                               | arms: missing; add "arms": [{"label": ..., "request": {...}}]
arms      | []                                                     | arms: must be a non-empty array of {"label", "request"}
arms      | {"label": "a"}                                         | arms: must be a non-empty array
arms      | [{"request": {"prompt": "x"}}]                         | arms[0].label: missing; add "label": "..."
arms      | [{"label": "a"}]                                       | arms[0].request: missing; add "request": {"prompt": ...}
arms      | [{"label": "a", "request": {"prompt": "x"}, "n": 2}]   | arms[0].n: unknown field; allowed: label, request
arms      | [{"label": "a", "request": {"promt": "x"}}]            | arms[0].request.promt: unknown field
arms      | [{"label": "a#1", "request": {"prompt": "x"}}]         | arms[0].label: "a#1" is repeated or contains # or $
arms      | [{"label": "a", "request": {"prompt": "x"}}, {"label": "a", "request": {"prompt": "y"}}] | arms[1].label: "a" is repeated or contains # or $; use distinct plain labels
name      | <remove>                                               | name: missing
rounds    | 0                                                      | rounds: 0 is not a number of rounds
dropFirst | 5                                                      | dropFirst: 5 is not a number of rounds below rounds
timeouts  | {"idleSeconds": 400}                                   | timeouts.idleSeconds: 400 is longer than streamSeconds
tables    | "baseline"                                             | tables: unknown field; allowed: name, description, table,
""")
  void eachBadValueFailsWithOneLineNamingTheField(String field, String value, String expected) {
    assertThatThrownBy(() -> ExperimentPlans.parse(withField(field, value), INLINE))
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith("inline.json: " + expected)
        .hasMessageNotContaining("\n");
  }

  @Test
  void textThatIsNotAJsonObjectFailsInOneLine() {
    assertThatThrownBy(() -> ExperimentPlans.parse("{\"name\": ", INLINE))
        .hasMessageStartingWith("inline.json: not valid JSON (")
        .hasMessageNotContaining("\n");
    assertThatThrownBy(() -> ExperimentPlans.parse("[]", INLINE))
        .hasMessageStartingWith("inline.json: an experiment is a JSON object");
  }

  @Test
  void loadsByPathAndListsTheAvailablePlansWhenNotFound(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("mine.json"), VALID);

    assertThat(ExperimentPlans.load(file.toString(), ExperimentPlans.DEFAULT_DIRECTORY).name())
        .isEqualTo("two-models");
    assertThat(ExperimentPlans.load(" mine ", dir).source()).isEqualTo(file);
    assertThatThrownBy(() -> ExperimentPlans.load("nosuch", ExperimentPlans.DEFAULT_DIRECTORY))
        .isInstanceOf(ProfileException.class)
        .hasMessage(
            "experiment: no file simulations/experiments/nosuch.json; available in"
                + " simulations/experiments: baseline, model-comparison, prompt-length");
  }

  @Test
  void withModelsSendsTheFirstArmsRequestToEachModel() {
    ExperimentPlan plan = ExperimentPlans.parse(VALID, INLINE).withModels(List.of("x", "y", "z"));

    assertThat(plan.arms()).extracting(ExperimentPlan.Arm::label).containsExactly("x", "y", "z");
    assertThat(plan.arms())
        .allSatisfy(arm -> assertThat(arm.request().prompt().text()).isEqualTo(Optional.of("Hi")));
    assertThat(plan.arms().get(2).request().model()).contains("z");
  }

  /** {@link #VALID} with one top-level field replaced by {@code json}, or removed. */
  private static String withField(String field, String json) {
    try {
      ObjectNode root = (ObjectNode) MAPPER.readTree(VALID);
      if (json.equals(REMOVE)) {
        root.remove(field);
      } else {
        root.set(field, MAPPER.readTree(json));
      }
      return MAPPER.writeValueAsString(root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
