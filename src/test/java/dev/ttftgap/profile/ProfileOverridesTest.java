package dev.ttftgap.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.analysis.Slo;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProfileOverridesTest {
  private static final Path SIMULATIONS = Path.of("simulations");

  private static Properties props(String... assignments) {
    Properties props = new Properties();
    for (String assignment : assignments) {
      int eq = assignment.indexOf('=');
      props.setProperty(assignment.substring(0, eq), assignment.substring(eq + 1));
    }
    return props;
  }

  private static LoadProfile rising(String... assignments) {
    return LoadProfiles.load(
        "rising-rate", SIMULATIONS, ProfileOverrides.load(Map.of(), props(assignments)));
  }

  @Test
  void usage() {
    ProfileOverrides overrides = ProfileOverrides.load(Map.of(), props("load.steps=1,2,4,8"));
    LoadProfile profile = LoadProfiles.load("rising-rate", Path.of("simulations"), overrides);

    assertThat(overrides.describe())
        .as("the Javadoc's example line")
        .startsWith("overridden on the command line: load.steps=");
    assertThat(profile.load().steps()).containsExactly(1.0, 2.0, 4.0, 8.0);
  }

  @Test
  void stepsFromTheCommandLineReplaceTheProfilesStairs() {
    LoadProfile profile = rising("load.steps=1,2,4,8");

    assertThat(profile.load().steps()).as("-Dload.steps").containsExactly(1.0, 2.0, 4.0, 8.0);
    assertThat(profile.load().stepDurationSeconds()).as("untouched field").isEqualTo(20);
  }

  @Test
  void fractionalRatesAreKeptAsGiven() {
    assertThat(rising("load.steps=0.5, 1.25").load().steps())
        .as("rates with decimals and spaces")
        .containsExactly(0.5, 1.25);
  }

  @Test
  void autoStepsPassThroughToTheProfileAsTheStringAuto() throws Exception {
    ProfileOverrides overrides = ProfileOverrides.load(Map.of(), props("load.steps=auto"));
    ObjectNode root = (ObjectNode) new ObjectMapper().readTree("{\"load\": {\"steps\": [1, 2]}}");

    overrides.applyTo(root);

    assertThat(root.path("load").path("steps").isTextual()).as("steps is a string").isTrue();
    assertThat(root.path("load").path("steps").asText()).isEqualTo("auto");
  }

  @Test
  void autoStepsTurnTheDefaultProfileIntoAutoStairs() {
    ProfileOverrides overrides = ProfileOverrides.load(Map.of(), props("load.steps=auto"));
    LoadProfile profile = LoadProfiles.load("rising-rate", SIMULATIONS, overrides);

    assertThat(profile.load().autoStairs())
        .as("rising-rate (warm-up, assertUpToLevel 2) with -Dload.steps=auto")
        .isPresent();
    assertThat(profile.load().warmup()).as("the calibration phase replaces the warm-up").isEmpty();
    assertThat(overrides.describe())
        .as("the run header says what gave way")
        .contains("auto stairs: the calibration phase replaces the profile's warmup");
  }

  @Test
  void stepDurationArrivalsAndLengthsAreOverridden() {
    LoadProfile profile =
        rising(
            "load.stepDurationSeconds=30",
            "load.arrivals=poisson",
            "request.promptTokens=500",
            "request.maxTokens=128");

    assertThat(profile.load().stepDurationSeconds()).as("step duration").isEqualTo(30);
    assertThat(profile.load().arrivals()).as("arrivals").contains(Load.Arrivals.POISSON);
    assertThat(profile.request().prompt().tokens()).as("prompt tokens").contains(500);
    assertThat(profile.request().output().maxTokens()).as("max tokens").isEqualTo(128);
  }

  @Test
  void sloLimitsAreOverriddenAndTheOthersKept() {
    LoadProfile profile =
        rising("slo.ttftP95Millis=2000", "slo.gapP95Millis=900", "slo.errorRatePercent=0.5");

    assertThat(profile.slo())
        .as("slo with its assertUpToLevel kept")
        .contains(
            new Slo(Optional.of(2000.0), Optional.of(900.0), Optional.of(0.5), Optional.of(2.0)));
  }

  @Test
  void aPromptTokensKnobReplacesATextPrompt() {
    String json =
        """
        {"name": "text", "request": {"prompt": "Hello"},
         "load": {"steps": [1], "stepDurationSeconds": 10}}
        """;
    ProfileOverrides overrides =
        ProfileOverrides.load(Map.of(), props("request.promptTokens=300", "slo.ttftP95Millis=800"));

    LoadProfile profile = LoadProfiles.parse(json, "text.json", overrides);

    assertThat(profile.request().prompt().text()).as("text prompt removed").isEmpty();
    assertThat(profile.request().prompt().tokens()).as("generated length").contains(300);
    assertThat(profile.slo().flatMap(Slo::ttftP95Millis))
        .as("slo created by the knob")
        .contains(800.0);
  }

  @Test
  void environmentTwinsApplyWhenNoPropertyIsSetAndThePropertyWins() {
    ProfileOverrides fromEnv =
        ProfileOverrides.load(
            Map.of("TTFTGAP_SLO_TTFT_P95_MILLIS", "1500", "TTFTGAP_LOAD_STEPS", "3,6"),
            props("load.steps=2,4"));

    LoadProfile profile = LoadProfiles.load("rising-rate", SIMULATIONS, fromEnv);

    assertThat(profile.slo().flatMap(Slo::ttftP95Millis)).as("from the variable").contains(1500.0);
    assertThat(profile.load().steps()).as("the property wins").containsExactly(2.0, 4.0);
    assertThat(fromEnv.describe())
        .as("header line names each field and where it came from")
        .isEqualTo(
            "overridden on the command line: load.steps=2,4 (-Dload.steps),"
                + " slo.ttftP95Millis=1500 (TTFTGAP_SLO_TTFT_P95_MILLIS)");
  }

  @Test
  void theKindLimitsOfTheSloAreKnobsToo() {
    ProfileOverrides overrides =
        ProfileOverrides.load(
            Map.of("TTFTGAP_SLO_TTFTC_P95_MILLIS", "900"), props("slo.ttfvtP95Millis=1200"));

    LoadProfile profile = LoadProfiles.load("rising-rate", SIMULATIONS, overrides);

    assertThat(profile.slo().flatMap(Slo::ttfvtP95Millis))
        .as("-Dslo.ttfvtP95Millis")
        .contains(1200.0);
    assertThat(profile.slo().flatMap(Slo::ttftcP95Millis))
        .as("TTFTGAP_SLO_TTFTC_P95_MILLIS")
        .contains(900.0);
  }

  @Test
  void everyKnobHasAnEnvironmentTwinInUpperSnakeCase() {
    assertThat(ProfileOverrides.KNOBS.stream().map(ProfileOverrides.Knob::variable).toList())
        .as("TTFTGAP_ + the property in upper snake case")
        .containsExactly(
            "TTFTGAP_LOAD_STEPS",
            "TTFTGAP_LOAD_STEP_DURATION_SECONDS",
            "TTFTGAP_LOAD_ARRIVALS",
            "TTFTGAP_REQUEST_PROMPT_TOKENS",
            "TTFTGAP_REQUEST_MAX_TOKENS",
            "TTFTGAP_REQUEST_API",
            "TTFTGAP_REQUEST_TTFT_FROM",
            "TTFTGAP_SLO_TTFT_P95_MILLIS",
            "TTFTGAP_SLO_GAP_P95_MILLIS",
            "TTFTGAP_SLO_ERROR_RATE_PERCENT",
            "TTFTGAP_SLO_TTFVT_P95_MILLIS",
            "TTFTGAP_SLO_TTFR_P95_MILLIS",
            "TTFTGAP_SLO_TTFTC_P95_MILLIS",
            "TTFTGAP_SLO_ASSERT_UP_TO_LEVEL",
            "TTFTGAP_CLASSES_ONLY");
  }

  @Test
  void blankValuesCountAsUnset() {
    ProfileOverrides overrides =
        ProfileOverrides.load(Map.of("TTFTGAP_LOAD_STEPS", " "), props("slo.gapP95Millis=  "));

    assertThat(overrides.isEmpty()).as("nothing set").isTrue();
    assertThat(overrides.describe())
        .as("the header points at the knobs")
        .startsWith("as written (change its stairs, lengths and SLO with -Dload.steps,");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "load.steps=1,0|-Dload.steps=1,0: load.steps[1]: 0 is not a rate; use a number > 0",
        "load.steps=1,x|-Dload.steps: \"1,x\" level 2 is not a number; use levels separated by"
            + " commas, like -Dload.steps=1,2,4,8, or auto",
        "load.steps=|<none>",
        "load.stepDurationSeconds=0|-Dload.stepDurationSeconds=0: load.stepDurationSeconds: 0",
        "load.stepDurationSeconds=1.5|-Dload.stepDurationSeconds=1.5: load.stepDurationSeconds:",
        "load.stepDurationSeconds=soon|-Dload.stepDurationSeconds: \"soon\" is not a number; use a"
            + " number, like -Dload.stepDurationSeconds=30",
        "load.arrivals=bursty|-Dload.arrivals=bursty: load.arrivals: \"bursty\" is not allowed",
        "request.promptTokens=0|-Drequest.promptTokens=0: request.promptTokens: 0",
        "request.maxTokens=-5|-Drequest.maxTokens=-5: request.maxTokens: -5",
        "slo.ttftP95Millis=fast|-Dslo.ttftP95Millis: \"fast\" is not a number",
        "slo.ttftP95Millis=0|-Dslo.ttftP95Millis=0: slo.ttftP95Millis: 0",
        "slo.gapP95Millis=-1|-Dslo.gapP95Millis=-1: slo.gapP95Millis: -1",
        "slo.errorRatePercent=150|-Dslo.errorRatePercent=150: slo.errorRatePercent: 150",
      })
  void aBadKnobFailsWithOneLineNamingItAndTheFix(String assignment, String expectedStart) {
    if (expectedStart.equals("<none>")) {
      assertThat(rising(assignment).load().steps())
          .as("an empty knob leaves the profile's steps")
          .containsExactly(1.0, 2.0, 4.0, 6.0, 8.0, 10.0);
      return;
    }
    assertThatThrownBy(() -> rising(assignment))
        .as("error for %s", assignment)
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith(expectedStart)
        .hasMessageNotContaining("\n");
  }

  @Test
  void aBadKnobFromTheEnvironmentIsNamedByItsVariable() {
    assertThatThrownBy(
            () ->
                LoadProfiles.load(
                    "rising-rate",
                    SIMULATIONS,
                    ProfileOverrides.load(
                        Map.of("TTFTGAP_SLO_ERROR_RATE_PERCENT", "-3"), new Properties())))
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith("TTFTGAP_SLO_ERROR_RATE_PERCENT=-3: slo.errorRatePercent: -3")
        .hasMessageEndingWith("(fix TTFTGAP_SLO_ERROR_RATE_PERCENT, or unset it)");
  }

  @Test
  void arrivalsOnAClosedProfileFailNamingTheKnob() {
    assertThatThrownBy(
            () ->
                LoadProfiles.load(
                    "closed-concurrency",
                    SIMULATIONS,
                    ProfileOverrides.load(Map.of(), props("load.arrivals=poisson"))))
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith(
            "-Dload.arrivals=poisson: load.arrivals: only applies to the open model");
  }

  @Test
  void anErrorInAnotherFieldCausedByAKnobNamesTheKnobToo() {
    // rising-rate asserts up to 2 rps: stairs from 4 rps leave nothing to assert
    assertThatThrownBy(() -> rising("load.steps=4,8"))
        .isInstanceOf(ProfileException.class)
        .hasMessageContaining("slo.assertUpToLevel")
        .hasMessageEndingWith(
            "(the profile as changed by -Dload.steps=4,8; -Dslo.assertUpToLevel=LEVEL sets it from"
                + " the command line)");
  }

  @Test
  void theAssertionLevelFollowsNewStairsFromTheCommandLine() {
    LoadProfile profile = rising("load.steps=4,8", "slo.assertUpToLevel=8");

    assertThat(profile.slo())
        .as("-Dslo.assertUpToLevel with stairs above the profile's level")
        .hasValueSatisfying(slo -> assertThat(slo.assertUpToLevel()).contains(8.0));
  }
}
