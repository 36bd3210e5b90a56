package dev.ttftgap.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AutoStairsProfileTest {
  private static final String REQUEST = "\"request\": {\"promptTokens\": 100}";

  private static LoadProfile parse(String load) {
    return parse(load, "");
  }

  private static LoadProfile parse(String load, String more) {
    return LoadProfiles.parse(
        "{\"name\": \"auto\", " + REQUEST + ", \"load\": " + load + more + "}", "inline.json");
  }

  @Test
  void autoStepsWithoutAnObjectTakeEveryDefault() {
    Load load = parse("{\"steps\": \"auto\", \"stepDurationSeconds\": 30}").load();

    assertThat(load.autoStairs()).as("the auto stairs' settings").contains(AutoStairs.DEFAULTS);
    assertThat(load.open()).as("auto stairs are open-model rates").isTrue();
    assertThat(load.arrivals()).contains(Load.Arrivals.UNIFORM);
    assertThat(load.steps())
        .as("steps hold the fractions until the run knows the rates")
        .containsExactly(0.25, 0.5, 0.7, 0.85, 1.0, 1.2);
    assertThat(load.stepDurationSeconds()).as("the shortest step").isEqualTo(30);
    assertThat(load.search()).as("not a search").isEmpty();
  }

  @Test
  void everyAutoStairsFieldIsRead() {
    Load load =
        parse(
                "{\"arrivals\": \"poisson\", \"steps\": \"auto\", \"stepDurationSeconds\": 8,"
                    + " \"autoStairs\": {\"fractions\": [0.5, 1, 1.5], \"singleUserRequests\": 3,"
                    + " \"singleUserSeconds\": 6, \"burstConcurrency\": 16, \"burstSeconds\": 4,"
                    + " \"burstMaxSeconds\": 20, \"serviceTimeFactor\": 5, \"minRequestsPerStep\":"
                    + " 20, \"maxStepSeconds\": 40, \"maxRate\": 200}}")
            .load();

    assertThat(load.autoStairs())
        .contains(new AutoStairs(List.of(0.5, 1.0, 1.5), 3, 6, 16, 4, 20, 5, 20, 40, 200));
    assertThat(load.arrivals()).contains(Load.Arrivals.POISSON);
  }

  @Test
  void theSummarySaysTheStairsAreAuto() {
    String summary = parse("{\"steps\": \"auto\", \"stepDurationSeconds\": 30}").summary();

    assertThat(summary)
        .as("one line")
        .isEqualTo(
            "auto: open uniform, auto stairs at 0.25, 0.5, 0.7, 0.85, 1, 1.2 × the burst estimate,"
                + " each at least 30 s, after a single-user phase and a burst");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          fractions not rising     | {"fractions": [0.5, 0.5]}            | load.autoStairs.fractions[1]: 0.5 is not above the previous fraction (0.5); list the fractions in rising order
          fraction of zero         | {"fractions": [0, 1]}                | load.autoStairs.fractions[0]: 0 is not a fraction of the estimate; use a number above 0 and at most 10
          fraction too high        | {"fractions": [1, 11]}               | load.autoStairs.fractions[1]: 11 is not a fraction of the estimate
          no fractions             | {"fractions": []}                    | load.autoStairs.fractions: 0 fractions; use 1 to 100
          fractions not a list     | {"fractions": 0.5}                   | load.autoStairs.fractions: 0.5 is not a list
          burst of none            | {"burstConcurrency": 0}              | load.autoStairs.burstConcurrency: 0 is not a number of requests; use a whole number from 1 to 1024
          burst bound below burst  | {"burstSeconds": 30, "burstMaxSeconds": 20} | load.autoStairs.burstMaxSeconds: 20 is below burstSeconds (30); use at least that
          step bound below step    | {"maxStepSeconds": 10}               | load.autoStairs.maxStepSeconds: 10 is below stepDurationSeconds (30); use at least that
          no service time factor   | {"serviceTimeFactor": 0}             | load.autoStairs.serviceTimeFactor: 0 is not a factor
          zero rate                | {"maxRate": 0}                       | load.autoStairs.maxRate: 0 is not a rate
          single user of none      | {"singleUserRequests": 0}            | load.autoStairs.singleUserRequests: 0 is not a number of requests
          unknown field            | {"fraction": [1]}                    | load.autoStairs.fraction: unknown field; allowed: fractions, singleUserRequests
          """)
  void eachBadAutoStairsFieldFailsWithOneLineNamingIt(String what, String object, String expected) {
    String load =
        "{\"steps\": \"auto\", \"stepDurationSeconds\": 30, \"autoStairs\": " + object + "}";

    assertThatThrownBy(() -> parse(load))
        .as(what)
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith("inline.json: " + expected)
        .hasMessageNotContaining("\n");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          another string       | {"steps": "Auto", "stepDurationSeconds": 30}                                   | load.steps: "Auto" is not a list of levels; use [2, 4, 6], {"from": 2, "by": 2, "count": 6} or "auto"
          object without auto  | {"steps": [1, 2], "stepDurationSeconds": 30, "autoStairs": {}}                 | load.autoStairs: only applies with "steps": "auto"; remove it
          closed model         | {"model": "closed", "steps": "auto", "stepDurationSeconds": 30}                | load.steps: "auto" applies to the open model only
          with a warm-up       | {"steps": "auto", "stepDurationSeconds": 30, "warmup": {"level": 1, "durationSeconds": 5}} | load.warmup: auto stairs begin with their own single-user phase
          with ramps           | {"steps": "auto", "stepDurationSeconds": 30, "rampSeconds": 5}                 | load.rampSeconds: auto stairs have no ramps
          no step duration     | {"steps": "auto"}                                                              | load.stepDurationSeconds: missing; add "stepDurationSeconds": 30
          in a search          | {"model": "search", "stepDurationSeconds": 20, "autoStairs": {}}               | load.autoStairs: a search chooses its own rates; remove it
          """)
  void autoStepsInTheWrongPlaceFailWithOneLine(String what, String load, String expected) {
    assertThatThrownBy(() -> parse(load))
        .as(what)
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith("inline.json: " + expected)
        .hasMessageNotContaining("\n");
  }

  @Test
  void gatlingCannotAssertStepsWhoseRatesComeAtRunTime() {
    assertThatThrownBy(
            () ->
                parse(
                    "{\"steps\": \"auto\", \"stepDurationSeconds\": 30}",
                    ", \"slo\": {\"ttftP95Millis\": 3000, \"assertUpToLevel\": 2}"))
        .hasMessageStartingWith(
            "inline.json: slo.assertUpToLevel: auto stairs choose their rates at run time");
    assertThat(
            parse(
                    "{\"steps\": \"auto\", \"stepDurationSeconds\": 30}",
                    ", \"slo\": {\"ttftP95Millis\": 3000}")
                .slo())
        .as("an SLO without assertions is fine: the report judges it")
        .isPresent();
  }

  @Test
  void autoStairsCannotBeSplitAcrossInjectors() {
    Load load = parse("{\"steps\": \"auto\", \"stepDurationSeconds\": 30}").load();

    assertThatThrownBy(() -> LoadSplit.of(load, 1, 2))
        .hasMessageStartingWith("injector 1/2: auto stairs (\"steps\": \"auto\") cannot be split");
    assertThat(LoadSplit.of(load, 1, 1).split()).as("one injector runs them").isFalse();
  }

  @Test
  void theShippedAutoStairsProfileIsAuto() {
    LoadProfile profile = LoadProfiles.load("auto-stairs", Path.of("simulations"));

    assertThat(profile.load().autoStairs()).as("auto-stairs.json").isPresent();
    assertThat(profile.load().autoStairs().orElseThrow().fractions())
        .containsExactly(0.25, 0.5, 0.7, 0.85, 1.0, 1.2);
  }
}
