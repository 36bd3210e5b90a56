package dev.ttftgap.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.analysis.Slo;
import dev.ttftgap.breaker.BreakerPolicy;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
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

class LoadProfilesTest {
  private static final Path SIMULATIONS = Path.of("simulations");
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String REMOVE = "<remove>";

  private static final String VALID =
      """
      {
        "name": "test",
        "description": "a test profile",
        "request": { "model": null, "prompt": "Hello", "maxTokens": 64, "temperature": 0.0,
                     "includeUsage": true, "includeMetrics": false, "systemPrompt": null },
        "load": { "model": "open", "arrivals": "uniform",
                  "warmup": { "level": 1, "durationSeconds": 5 },
                  "steps": [2, 4, 6, 8, 10, 12], "stepDurationSeconds": 20, "rampSeconds": 0 },
        "timeouts": { "firstTokenSeconds": 60, "idleSeconds": 30, "streamSeconds": 300 },
        "slo": { "ttftP95Millis": 3000, "gapP95Millis": 2500, "errorRatePercent": 1.0,
                 "assertUpToLevel": 4 }
      }
      """;

  static Stream<Path> profileFiles() throws IOException {
    try (Stream<Path> files = Files.list(SIMULATIONS)) {
      return files.filter(path -> path.toString().endsWith(".json")).sorted().toList().stream();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("profileFiles")
  void everyShippedProfileIsValidAndNamedAfterItsFile(Path file) {
    String stem = file.getFileName().toString().replace(".json", "");

    LoadProfile profile = LoadProfiles.load(stem, SIMULATIONS);

    assertThat(profile.name()).as("name field of %s", file).isEqualTo(stem);
    assertThat(profile.description()).as("description of %s", file).isNotBlank();
    assertThat(profile.source()).isEqualTo(file);
    assertThat(profile.schedule().steps()).isNotEmpty();
  }

  @Test
  void shippedProfilesHaveTheAgreedShapes() {
    LoadProfile rising = LoadProfiles.load("rising-rate", SIMULATIONS);
    assertThat(rising.load().open()).isTrue();
    assertThat(rising.load().arrivals()).contains(Load.Arrivals.UNIFORM);
    assertThat(rising.schedule().totalDurationMillis())
        .as("default run stays within ~150 s including warm-up")
        .isLessThanOrEqualTo(150_000);
    assertThat(rising.slo().flatMap(Slo::assertUpToLevel)).contains(2.0);
    assertThat(rising.request().prompt().tokens()).contains(100);
    assertThat(rising.request().output().maxTokens()).isEqualTo(64);

    assertThat(LoadProfiles.load("rising-rate-poisson", SIMULATIONS).load().arrivals())
        .contains(Load.Arrivals.POISSON);

    LoadProfile closed = LoadProfiles.load("closed-concurrency", SIMULATIONS);
    assertThat(closed.load().type()).isEqualTo(Load.Type.CLOSED);
    assertThat(closed.load().steps()).containsExactly(2.0, 4.0, 8.0, 16.0, 32.0);

    LoadProfile smoke = LoadProfiles.load("smoke", SIMULATIONS);
    assertThat(smoke.schedule().totalDurationMillis()).isLessThanOrEqualTo(15_000);
    assertThat(smoke.load().steps()).containsExactly(1.0, 2.0);
  }

  @Test
  void theAgentAndReasoningProfilesAskForToolsAndReasoning() {
    LoadProfile agent = LoadProfiles.load("agent", SIMULATIONS);
    assertThat(agent.request().api().tools()).hasSizeBetween(2, 3);
    Conversation loop = agent.request().conversation().orElseThrow();
    assertThat(loop.turns().orElseThrow()).isBetween(4, 6);
    assertThat(loop.thinkTimeSeconds()).isLessThanOrEqualTo(1.0);
    assertThat(loop.toolResultTokens()).isEqualTo(200);
    assertThat(agent.schedule().totalDurationMillis())
        .as("about 1-2 min on the embedded engine")
        .isBetween(45_000L, 90_000L);
    assertThat(RequestFactory.of(agent.request(), Optional.empty()).single(0).json())
        .contains("\"tools\":[{\"type\":\"function\"");

    LoadProfile reasoning = LoadProfiles.load("reasoning", SIMULATIONS);
    assertThat(reasoning.request().api().reasoningEffort()).contains(ReasoningEffort.MEDIUM);
    assertThat(reasoning.request().api().tools()).isEmpty();
    assertThat(reasoning.schedule().totalDurationMillis()).isBetween(30_000L, 75_000L);
  }

  @Test
  void fullProfileParsesIntoRecords() {
    LoadProfile profile = LoadProfiles.parse(VALID, "inline.json");

    assertThat(profile.request())
        .isEqualTo(
            RequestShapes.single(
                Optional.empty(),
                Optional.of("Hello"),
                Optional.empty(),
                true,
                false,
                Optional.empty()));
    assertThat(profile.load())
        .isEqualTo(
            new Load(
                Load.Type.OPEN,
                Optional.of(Load.Arrivals.UNIFORM),
                Optional.of(new Warmup(1, 5)),
                List.of(2.0, 4.0, 6.0, 8.0, 10.0, 12.0),
                20,
                0));
    assertThat(profile.timeouts()).isEqualTo(new Timeouts(60, 30, 300));
    assertThat(profile.slo())
        .contains(
            new Slo(Optional.of(3000.0), Optional.of(2500.0), Optional.of(1.0), Optional.of(4.0)));
    assertThat(profile.source()).isEqualTo(Path.of("inline.json"));
  }

  @Test
  void summaryIsOneReadableLine() {
    assertThat(LoadProfiles.load("rising-rate", SIMULATIONS).summary())
        .isEqualTo(
            "rising-rate: open uniform, warm-up 1 rps × 5 s, steps 1, 2, 4, 6, 8, 10 rps × 20 s,"
                + " 125 s in all; SLO p95 TTFT ≤ 3000 ms, p95 gap ≤ 2500 ms, errors ≤ 1 % asserted"
                + " up to 2 rps");
    assertThat(LoadProfiles.load("closed-concurrency", SIMULATIONS).summary())
        .startsWith(
            "closed-concurrency: closed, warm-up 1 users × 5 s, steps 2, 4, 8, 16, 32 users");
  }

  @Test
  void minimalProfileGetsTheDocumentedDefaults() {
    LoadProfile profile =
        LoadProfiles.parse(
            """
            {"name": "min", "request": {"promptTokens": 50},
             "load": {"steps": [1], "stepDurationSeconds": 10}}
            """,
            "min.json");

    assertThat(profile.description()).isEmpty();
    assertThat(profile.request().output().maxTokens()).isEqualTo(64);
    assertThat(profile.request().output().temperature()).isEqualTo(0.0);
    assertThat(profile.request().stream().includeUsage()).isTrue();
    assertThat(profile.request().stream().includeMetrics()).isFalse();
    assertThat(profile.request().prompt().seed()).isEqualTo(1);
    assertThat(profile.load().type()).isEqualTo(Load.Type.OPEN);
    assertThat(profile.load().arrivals()).contains(Load.Arrivals.UNIFORM);
    assertThat(profile.load().warmup()).isEmpty();
    assertThat(profile.load().rampSeconds()).isZero();
    assertThat(profile.timeouts()).isEqualTo(Timeouts.DEFAULTS);
    assertThat(profile.slo()).isEmpty();
    assertThat(profile.request().promptText()).hasSizeGreaterThan(50);
  }

  @Test
  void stepSeriesExpandsWithCleanDecimals() {
    LoadProfile profile = parseWith("load.steps", "{\"from\": 0.1, \"by\": 0.1, \"count\": 3}");

    assertThat(profile.load().steps()).containsExactly(0.1, 0.2, 0.3);
    assertThat(profile.schedule().steps()).extracting(Step::label).contains("step 3 · 0.3 rps");
    assertThat(parseWith("load.steps", "{\"from\": 2, \"by\": 2, \"count\": 6}").load().steps())
        .containsExactly(2.0, 4.0, 6.0, 8.0, 10.0, 12.0);
  }

  @Test
  void closedModelTakesWholeUsersAndNoArrivals() {
    LoadProfile profile =
        parseWith(
            "load",
            "{\"model\": \"closed\", \"steps\": [2, 4.0], \"stepDurationSeconds\": 20,"
                + " \"warmup\": {\"level\": 1, \"durationSeconds\": 5}}");

    assertThat(profile.load().type()).isEqualTo(Load.Type.CLOSED);
    assertThat(profile.load().arrivals()).isEmpty();
    assertThat(profile.load().steps()).containsExactly(2.0, 4.0);
  }

  /** Every bad value the profile parser names: the dotted path, the JSON put there, the message. */
  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
"""
load.steps[2]               | 0                                         | load.steps[2]: 0 is not a rate; use a number > 0 and at most 100000 (requests/s)
load.steps[0]               | -1                                        | load.steps[0]: -1 is not a rate
load.steps[1]               | "4"                                       | load.steps[1]: "4" is not a rate
load.steps                  | []                                        | load.steps: 0 steps; use 1 to 100 levels
load.steps                  | "2,4"                                     | load.steps: "2,4" is not a list of levels
load.steps                  | {"from": 2, "by": 2}                      | load.steps.count: missing
load.steps                  | {"from": 0, "by": 2, "count": 3}          | load.steps.from: 0 is not a rate
load.steps                  | {"from": 2, "by": 2, "count": 3, "to": 8} | load.steps.to: unknown field; allowed: from, by, count
load.steps                  | {"from": 2, "by": 2, "count": 101}        | load.steps.count: 101 is not a number of steps
load.steps                  | <remove>                                  | load.steps: missing; add "steps"
nmae                        | "x"                                       | nmae: unknown field; allowed: name, description, request, load,
name                        | <remove>                                  | name: missing
name                        | "bad name"                                | name: "bad name" is not a profile name
name                        | 3                                         | name: 3 is not a string
request                     | <remove>                                  | request: missing
request                     | []                                        | request: [] is not an object
request.max_tokens          | 64                                        | request.max_tokens: unknown field; allowed: model, prompt,
request.maxTokens           | 0                                         | request.maxTokens: 0 is not a number of tokens; use a whole number from 1 to 1000000
request.maxTokens           | "64"                                      | request.maxTokens: "64" is not a number of tokens
request.maxTokens           | 64.5                                      | request.maxTokens: 64.5 is not a number of tokens
request.temperature         | 3                                         | request.temperature: 3 is not a temperature; use a number from 0 to 2
request.promptTokens        | 100                                       | request.promptTokens: set together with prompt
request.prompt              | <remove>                                  | request.prompt: missing; give exactly one of prompt
request.prompt              | ""                                        | request.prompt: "" is empty
request.prompts             | "cached"                                  | request.prompts: "cached" is not allowed; use distinct or repeated
request.sharedPrefixTokens  | -1                                        | request.sharedPrefixTokens: -1 is not a number of tokens
request.maxTokens           | {"distribution": "gamma"}                 | request.maxTokens.distribution: "gamma" is not allowed; use fixed or uniform or normal or lognormal
request.maxTokens           | {"min": 5}                                | request.maxTokens.distribution: missing; use fixed, uniform, normal or lognormal
request.maxTokens           | {"distribution": "uniform", "min": 10}    | request.maxTokens.max: missing; add "max": 150
request.maxTokens           | {"distribution": "uniform", "min": 10, "max": 5} | request.maxTokens.max: 5 is below min (10); use max >= min
request.maxTokens           | {"distribution": "normal", "mean": 100}   | request.maxTokens.stddev: missing; add "stddev": 100
request.maxTokens           | {"distribution": "lognormal", "mean": 100, "stddev": 10, "min": 200, "max": 300} | request.maxTokens.mean: 100.0 is outside min..max (200..300); widen the bounds
request.maxTokens           | {"distribution": "fixed", "value": 5, "min": 1} | request.maxTokens.min: does not apply to fixed; use value
request.maxTokens           | {"distribution": "normal", "mean": 100, "stddev": 10, "mode": 1} | request.maxTokens.mode: unknown field; allowed: distribution, value, min, max, mean, stddev
request.dataset             | "no/such.jsonl"                           | request.dataset: no file no/such.jsonl (relative to the working directory)
request.conversation        | {"thinkTimeSeconds": 1}                   | request.conversation.turns: missing; add "turns": 3
request.conversation        | {"turns": 2, "thinkTimeSeconds": -1}      | request.conversation.thinkTimeSeconds: -1 is not a pause
request.forceOutputLength   | "yes"                                     | request.forceOutputLength: "yes" is not a boolean
request.apiKeyHeader        | "api key"                                 | request.apiKeyHeader: "api key" is not a header name
request.includeUsage        | "yes"                                     | request.includeUsage: "yes" is not a boolean
request.model               | " Qwen3-8B"                               | request.model: " Qwen3-8B" has surrounding
request.model               | "Qwen3-8B\\n"                             | request.model: "Qwen3-8B\\n" has surrounding
request.systemPrompt        | ""                                        | request.systemPrompt: "" is empty
load                        | <remove>                                  | load: missing
load.model                  | "semi-open"                               | load.model: "semi-open" is not allowed; use open or closed
load.arrivals               | "bursty"                                  | load.arrivals: "bursty" is not allowed; use uniform or poisson
load.warmup.level           | -1                                        | load.warmup.level: -1 is not a rate
load.warmup.durationSeconds | <remove>                                  | load.warmup.durationSeconds: missing
load.warmup.duration        | 5                                         | load.warmup.duration: unknown field
load.stepDurationSeconds    | <remove>                                  | load.stepDurationSeconds: missing; add
load.stepDurationSeconds    | 0                                         | load.stepDurationSeconds: 0 is not a duration in seconds; use a whole number from 1 to 86400
load.rampSeconds            | -1                                        | load.rampSeconds: -1 is not a duration in seconds
timeouts.idleSeconds        | 400                                       | timeouts.idleSeconds: 400 is longer than streamSeconds
timeouts.firstTokenSeconds  | 0                                         | timeouts.firstTokenSeconds: 0 is not a duration
timeouts.firstTokenSecs     | 5                                         | timeouts.firstTokenSecs: unknown field
slo.errorRatePercent        | 101                                       | slo.errorRatePercent: 101 is not a percentage
slo.ttftP95Millis           | "3s"                                      | slo.ttftP95Millis: "3s" is not a duration in ms
slo.assertUpToLevel         | 1                                         | slo.assertUpToLevel: 1 is below every step (lowest 2 requests/s)
slo.assertUpToLevel         | 0                                         | slo.assertUpToLevel: 0 is not a level
slo                         | {}                                        | slo: no limit; set at least one of
load.steps[1]               | 1e9                                       | load.steps[1]: 1.0E9 is not a rate; use a number > 0 and at most 100000 (requests/s)
breaker                     | {"windowRequests": 0}                     | breaker.windowRequests: 0 is not a number of requests
breaker                     | {"errorRatePercent": 0}                   | breaker.errorRatePercent: 0 is not a percentage
breaker                     | {"rateLimitedPercent": 150}               | breaker.rateLimitedPercent: 150 is not a percentage
breaker                     | {"enabled": "no"}                         | breaker.enabled: "no" is not a boolean
breaker                     | {"window": 20}                            | breaker.window: unknown field
load.stopWhenSaturated      | "yes"                                     | load.stopWhenSaturated: "yes" is not a boolean; use true or false
""")
  void eachBadValueFailsWithOneLineNamingTheField(String path, String value, String expected) {
    assertThatThrownBy(() -> parseWith(path, value))
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith("inline.json: " + expected)
        .hasMessageNotContaining("\n");
  }

  @Test
  void theBreakerIsOnByDefaultAndTheProfileCanTuneIt() {
    assertThat(LoadProfiles.parse(VALID, "inline.json").breaker())
        .as("no breaker object: the defaults")
        .isEqualTo(BreakerPolicy.DEFAULTS);
    BreakerPolicy tuned =
        parseWith("breaker", "{\"windowRequests\": 40, \"rateLimitedPercent\": 0}").breaker();
    assertThat(tuned)
        .as("given fields set, the others default")
        .isEqualTo(new BreakerPolicy(true, 40, 50, 10, 0));
    assertThat(parseWith("breaker", "{\"enabled\": false}").breaker().enabled())
        .as("switched off")
        .isFalse();
  }

  @Test
  void stopWhenSaturatedIsTheTargetsDefaultUnlessOpenStairsSetIt() {
    assertThat(LoadProfiles.parse(VALID, "inline.json").load().stopWhenSaturated())
        .as("not given: empty, the target decides")
        .isEmpty();
    assertThat(parseWith("load.stopWhenSaturated", "false").load().stopWhenSaturated())
        .as("given on open stairs")
        .contains(false);
    String closed =
        "{\"model\": \"closed\", \"steps\": [2], \"stepDurationSeconds\": 20,"
            + " \"stopWhenSaturated\": true}";
    assertThatThrownBy(() -> parseWith("load", closed))
        .as("a closed run's backlog is bounded by its users")
        .hasMessage(
            "inline.json: load.stopWhenSaturated: only applies to open stairs (\"model\":"
                + " \"open\"); remove it");
    String search =
        "{\"model\": \"search\", \"stepDurationSeconds\": 20, \"stopWhenSaturated\": true}";
    assertThatThrownBy(() -> parseWith("load", search))
        .as("a search chooses its own rates")
        .hasMessageStartingWith("inline.json: load.stopWhenSaturated: only applies to open stairs");
  }

  @Test
  void closedModelRejectsArrivalsAndFractionalUsers() {
    String closedLoad = "{\"model\": \"closed\", \"steps\": [2, 2.5], \"stepDurationSeconds\": 20}";
    assertThatThrownBy(() -> parseWith("load", closedLoad))
        .hasMessage(
            "inline.json: load.steps[1]: 2.5 is not a number of users; use a whole number from 1 to"
                + " 100000");
    String withArrivals =
        "{\"model\": \"closed\", \"arrivals\": \"poisson\", \"steps\": [2],"
            + " \"stepDurationSeconds\": 20}";
    assertThatThrownBy(() -> parseWith("load", withArrivals))
        .hasMessageStartingWith("inline.json: load.arrivals: only applies to the open model");
  }

  @Test
  void textThatIsNotAJsonObjectFailsWithItsPosition() {
    assertThatThrownBy(() -> LoadProfiles.parse("{\n  \"name\": \"x\",\n  oops\n}", "p.json"))
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith("p.json: line 3, column ")
        .hasMessageContaining("not valid JSON")
        .hasMessageNotContaining("\n");
    assertThatThrownBy(() -> LoadProfiles.parse("{\"name\": \"a\", \"name\": \"b\"}", "p.json"))
        .as("duplicate keys are an error, not last-wins")
        .hasMessageContaining("not valid JSON")
        .hasMessageContaining("name");
    assertThatThrownBy(() -> LoadProfiles.parse("{} {}", "p.json"))
        .hasMessageContaining("not valid JSON");
    assertThatThrownBy(() -> LoadProfiles.parse("[]", "p.json"))
        .hasMessageStartingWith("p.json: [] is not a JSON object");
    assertThatThrownBy(() -> LoadProfiles.parse("", "p.json"))
        .hasMessageStartingWith("p.json: empty");
  }

  @Test
  void loadsByPathAndExplainsWhatIsAvailableWhenNotFound(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("mine.json"), VALID);

    assertThat(LoadProfiles.load(file.toString(), SIMULATIONS).name()).isEqualTo("test");
    assertThat(LoadProfiles.load("mine", dir).source()).isEqualTo(file);
    assertThatThrownBy(() -> LoadProfiles.load("nosuch", SIMULATIONS))
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith(
            "profile: no file simulations/nosuch.json; available in simulations:")
        .hasMessageContaining("rising-rate")
        .hasMessageContaining("smoke")
        .hasMessageContaining("-Dprofile=");
    assertThatThrownBy(() -> LoadProfiles.load(dir.resolve("missing.json").toString(), SIMULATIONS))
        .hasMessageStartingWith("profile: no file ");
  }

  @Test
  void packagedProfileIsFoundOnTheClassPathWhenTheFolderLacksIt(@TempDir Path dir)
      throws IOException {
    // A Gatling Enterprise package has no simulations/ folder, only its class path.
    Files.createDirectories(dir.resolve("simulations"));
    Files.writeString(dir.resolve("simulations/packaged.json"), VALID);
    Thread thread = Thread.currentThread();
    ClassLoader original = thread.getContextClassLoader();
    try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, original)) {
      thread.setContextClassLoader(loader);

      LoadProfile profile = LoadProfiles.load("packaged", dir.resolve("no-such-folder"));

      assertThat(profile.name()).isEqualTo("test");
      assertThat(profile.source().toString()).isEqualTo("classpath:simulations/packaged.json");
    } finally {
      thread.setContextClassLoader(original);
    }
  }

  @Test
  void nameThatIsNeitherANameNorAPathIsRejected() {
    assertThatThrownBy(() -> LoadProfiles.load("rising rate", SIMULATIONS))
        .hasMessageStartingWith("profile: \"rising rate\" is not a profile name");
    assertThatThrownBy(() -> LoadProfiles.load(" ", SIMULATIONS))
        .hasMessageStartingWith("profile: empty");
  }

  @Test
  void errorsInAFileNameTheFile(@TempDir Path dir) throws IOException {
    Files.writeString(
        dir.resolve("broken.json"), VALID.replace("[2, 4, 6, 8, 10, 12]", "[2, 4, 0]"));

    assertThatThrownBy(() -> LoadProfiles.load("broken", dir))
        .hasMessage(
            dir.resolve("broken.json")
                + ": load.steps[2]: 0 is not a rate; use a number > 0 and at most 100000 (requests/s)");
  }

  /** {@link #VALID} with the value at a dotted path (with {@code [i]}) replaced or removed. */
  private static LoadProfile parseWith(String path, String jsonValue) {
    try {
      ObjectNode root = (ObjectNode) MAPPER.readTree(VALID);
      String[] parts = path.split("\\.");
      JsonNode parent = root;
      for (int i = 0; i < parts.length - 1; i++) {
        parent = parent.get(parts[i]);
      }
      String last = parts[parts.length - 1];
      if (last.endsWith("]")) {
        String field = last.substring(0, last.indexOf('['));
        int index = Integer.parseInt(last.substring(last.indexOf('[') + 1, last.length() - 1));
        ((ArrayNode) parent.get(field)).set(index, MAPPER.readTree(jsonValue));
      } else if (jsonValue.equals(REMOVE)) {
        ((ObjectNode) parent).remove(last);
      } else {
        ((ObjectNode) parent).set(last, MAPPER.readTree(jsonValue));
      }
      return LoadProfiles.parse(MAPPER.writeValueAsString(root), "inline.json");
    } catch (IOException e) {
      throw new IllegalArgumentException(e);
    }
  }
}
