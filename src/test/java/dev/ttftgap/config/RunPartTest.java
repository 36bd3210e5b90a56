package dev.ttftgap.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RunPartTest {
  private static final Instant NOW = Instant.parse("2026-12-01T05:50:00Z");
  private static final String START = "2026-12-01T05:52:00Z";

  private static RunPart load(Map<String, String> env, String... properties) {
    return RunPart.load(env, TestProperties.of(properties), "rising-rate", NOW, "local-host");
  }

  @Test
  void withoutSettingsOneInjectorRunsTheWholeProfileAtOnce() {
    RunPart part = load(Map.of());

    assertThat(part.split()).as("one part").isFalse();
    assertThat(part.label()).isEqualTo("1/1");
    assertThat(part.startAt()).as("no common start").isEmpty();
    assertThat(part.host()).as("the local host name").isEqualTo("local-host");
    assertThat(part.runId())
        .as("profile, time and a random tail: two whole runs never share an id")
        .matches("rising-rate-20261201T055000Z-[0-9a-f]{4}");
    assertThat(part.untilStart(NOW)).as("nothing to wait for").isZero();
  }

  @Test
  void theInjectorPropertySaysWhichPartAndTheStartGivesEveryPartTheSameRunId() {
    RunPart first = load(Map.of(), "injector=1/2", "run.startAt=" + START);
    RunPart second = load(Map.of("HOSTNAME", "pod-b"), "injector= 2 / 2 ", "run.startAt=" + START);

    assertThat(first.injector()).isEqualTo(1);
    assertThat(second.injector()).isEqualTo(2);
    assertThat(second.injectorCount()).isEqualTo(2);
    assertThat(second.host()).as("HOSTNAME, as a pod has it").isEqualTo("pod-b");
    assertThat(first.runId())
        .as("derived from the profile and the start, so every injector agrees without a RUN_ID")
        .isEqualTo("rising-rate-20261201T055200Z")
        .isEqualTo(second.runId());
    assertThat(first.untilStart(NOW)).as("two minutes to wait").isEqualTo(Duration.ofMinutes(2));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = ';',
      value = {
        "INJECTOR and INJECTOR_COUNT; INJECTOR=3,INJECTOR_COUNT=4; 3; 4",
        "INJECTOR as I/N; INJECTOR=2/5; 2; 5",
        "an Indexed Job's 0-based index; JOB_COMPLETION_INDEX=0,INJECTOR_COUNT=2; 1; 2",
        "the last index of an Indexed Job; JOB_COMPLETION_INDEX=3,INJECTOR_COUNT=4; 4; 4"
      })
  void theEnvironmentCanSayWhichPart(String name, String variables, int injector, int count) {
    Map<String, String> env = new java.util.HashMap<>(Map.of("RUN_START_AT", START));
    for (String variable : variables.split(",")) {
      env.put(variable.split("=")[0], variable.split("=")[1]);
    }

    RunPart part = load(env);

    assertThat(part.injector()).as("%s: injector", name).isEqualTo(injector);
    assertThat(part.injectorCount()).as("%s: count", name).isEqualTo(count);
  }

  @Test
  void thePropertyWinsOverTheEnvironmentAndRunIdAndHostCanBeGiven() {
    RunPart part =
        load(
            Map.of("INJECTOR", "1", "INJECTOR_COUNT", "3", "RUN_ID", "launch-7"),
            "injector=2/2",
            "run.startAt=" + START,
            "run.host=injector-b");

    assertThat(part.label()).as("-Dinjector over INJECTOR").isEqualTo("2/2");
    assertThat(part.runId()).as("RUN_ID").isEqualTo("launch-7");
    assertThat(part.host()).as("-Drun.host").isEqualTo("injector-b");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = ';',
      value = {
        "a split without a start; injector=1/2; ; -Drun.startAt=<ISO-8601 instant>",
        "not I/N; injector=two; run.startAt=" + START + "; -Dinjector: \"two\" is not I/N",
        "a part beyond N; injector=3/2; run.startAt=" + START + "; -Dinjector: part 3 of 2",
        "no parts; injector=0/0; run.startAt=" + START + "; -Dinjector: part 0 of 0",
        "a bad start; injector=1/2; run.startAt=6am; -Drun.startAt: \"6am\" is not an ISO-8601",
        "a bad tolerance; run.startToleranceSeconds=-1; ; -Drun.startToleranceSeconds: \"-1\"",
        "a bad run id; run.id=my run; ; run.id: \"my run\" is not a run id"
      })
  void aBadSettingFailsWithOneLineNamingIt(
      String name, String property, String second, String expected) {
    String[] properties =
        second == null ? new String[] {property} : new String[] {property, second};
    assertThatThrownBy(() -> load(Map.of(), properties))
        .as(name)
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining(expected)
        .hasMessageNotContaining("\n");
  }

  @Test
  void anIndexedJobWithoutTheCountIsRefusedRatherThanRunTheWholeLoadInEveryPod() {
    assertThatThrownBy(() -> load(Map.of("JOB_COMPLETION_INDEX", "1", "RUN_START_AT", START)))
        .as("N pods each running the whole profile would offer N times the load")
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining("JOB_COMPLETION_INDEX")
        .hasMessageContaining("set INJECTOR_COUNT");
    assertThatThrownBy(() -> load(Map.of("INJECTOR_COUNT", "2", "RUN_START_AT", START)))
        .as("a count without an index")
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining("INJECTOR_COUNT: set, but neither INJECTOR");
  }

  @Test
  void anInjectorReadyAfterTheStartRunsWithinTheToleranceAndRefusesBeyondIt() {
    RunPart part = load(Map.of(), "injector=2/2", "run.startAt=" + START);
    Instant start = Instant.parse(START);

    assertThat(part.untilStart(start.plusMillis(800)))
        .as("0.8 s late, within the 1 s default: runs at once")
        .isZero();
    assertThatThrownBy(() -> part.untilStart(start.plusMillis(1_500)))
        .as("1.5 s late: its steps would not line up")
        .isInstanceOf(SettingsException.class)
        .hasMessage(
            "run.startAt: injector 2/2 on local-host is ready 1.5 s after the start"
                + " 2026-12-01T05:52:00Z (tolerance 1.0 s); its steps would not line up with the"
                + " other injectors': start every injector again with a later -Drun.startAt");
    RunPart tolerant =
        load(Map.of(), "injector=2/2", "run.startAt=" + START, "run.startToleranceSeconds=5");
    assertThat(tolerant.untilStart(start.plusMillis(1_500)))
        .as("-Drun.startToleranceSeconds=5")
        .isZero();
  }

  @Test
  void promptsPerHostOffsetsEveryHostsRequestIndicesApart() {
    RunPart a = load(Map.of("HOSTNAME", "lg-a"), "prompts.perHost=true");
    RunPart b = load(Map.of("HOSTNAME", "lg-b"), "prompts.perHost=true");

    assertThat(load(Map.of()).promptIndexOffset()).as("off by default: runs repeat").isZero();
    assertThat(a.promptIndexOffset())
        .as("two load generators of one Gatling Enterprise run")
        .isNotEqualTo(b.promptIndexOffset());
    assertThat(a.promptIndexOffset() & 0xffffffffL)
        .as("above the indices a run's requests use")
        .isZero();
    assertThatThrownBy(() -> load(Map.of(), "prompts.perHost=yes"))
        .isInstanceOf(SettingsException.class)
        .hasMessageStartingWith("-Dprompts.perHost: \"yes\" is not true or false");
  }
}
