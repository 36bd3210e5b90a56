package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ttftgap.analysis.BurstPlan;
import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.ClassSpec;
import dev.ttftgap.analysis.Slo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunJsonTest {
  @Test
  void whatARunWasAskedReadsBackAsItWasWritten(@TempDir Path dir) {
    CapacityOptions asked =
        new CapacityOptions(
            Slo.of(800, Slo.NO_LIMIT, 1), Optional.of(40.0), Optional.empty(), Optional.of(7.89));

    RunJson.write(dir, "ttft-only", "simulations/ttft-only.json", asked);
    RunJson.Stored stored = RunJson.read(dir.resolve("records.jsonl")).orElseThrow();

    assertThat(stored.profile()).as("profile name").isEqualTo("ttft-only");
    assertThat(stored.options()).as("SLO, peak rate, analytic capacity").isEqualTo(asked);
    assertThat(stored.options().slo().gapP95LimitMillis())
        .as("a limit the profile did not give stays unapplied")
        .isEqualTo(Slo.NO_LIMIT);
  }

  @Test
  void kindLimitsAndTheTtftKindReadBackAndStayOutOfAPlainRunsFile(@TempDir Path dir)
      throws Exception {
    CapacityOptions asked =
        new CapacityOptions(
                Slo.of(3000, Slo.NO_LIMIT, 1)
                    .withKindLimits(Optional.of(2000.0), Optional.empty(), Optional.of(1500.0)),
                Optional.empty(),
                Optional.empty(),
                Optional.empty())
            .withTtftKind(dev.ttftgap.stream.TtftKind.CONTENT);
    Path plain = Files.createDirectories(dir.resolve("plain"));

    RunJson.write(dir, "agent", "simulations/agent.json", asked);
    RunJson.write(plain, "chat", "chat.json", CapacityOptions.defaults());

    assertThat(RunJson.read(dir).orElseThrow().options()).isEqualTo(asked);
    assertThat(Files.readString(plain.resolve(RunJson.FILE)))
        .as("a run without kind limits keeps its run.json as it was")
        .doesNotContain("ttfvt", "ttftKind");
  }

  @Test
  void requestClassesAndTheBurstReadBackAsTheRunWasAsked(@TempDir Path dir) throws Exception {
    CapacityOptions asked =
        new CapacityOptions(
                Slo.of(3000, 2500, 1), Optional.of(40.0), Optional.empty(), Optional.empty())
            .withClasses(
                List.of(
                    new ClassSpec("chat", 0.8, Slo.of(1000, Slo.NO_LIMIT, 1)),
                    new ClassSpec(
                        "rag",
                        0.2,
                        Slo.of(5000, Slo.NO_LIMIT, 1)
                            .withKindLimits(
                                Optional.of(6000.0), Optional.empty(), Optional.empty()))))
            .withBurst(new BurstPlan(5.5, 11.5, 30, 5));
    Path plain = Files.createDirectories(dir.resolve("plain"));

    RunJson.write(dir, "launch", "simulations/launch.json", asked);
    RunJson.write(plain, "chat", "chat.json", CapacityOptions.defaults());

    CapacityOptions stored = RunJson.read(dir).orElseThrow().options();
    assertThat(stored).as("classes with their own SLOs, and the burst").isEqualTo(asked);
    assertThat(stored.classes().get(0).slo().gapP95LimitMillis())
        .as("a class limit not given stays unapplied")
        .isEqualTo(Slo.NO_LIMIT);
    assertThat(Files.readString(dir.resolve(RunJson.FILE)))
        .contains("\"burstRatePerSec\" : 11.5")
        .contains("\"name\" : \"rag\"");
    assertThat(Files.readString(plain.resolve(RunJson.FILE)))
        .as("a run without classes or burst keeps its run.json as it was")
        .doesNotContain("classes", "burst");
  }

  @Test
  void aProfileWithoutSloStoresNoLimitAtAll(@TempDir Path dir) throws Exception {
    CapacityOptions none = CapacityOptions.none();

    RunJson.write(dir, "no-slo", "no-slo.json", none);

    assertThat(Files.readString(dir.resolve(RunJson.FILE)))
        .as("undefined limits are null, never a default")
        .contains("\"ttftP95Millis\" : null")
        .contains("\"errorRatePercent\" : null");
    assertThat(RunJson.read(dir).orElseThrow().options().hasSlo()).as("no SLO").isFalse();
  }

  @Test
  void recordsWithoutRunJsonHaveNothingStored(@TempDir Path dir) {
    assertThat(RunJson.read(dir)).as("an older run folder").isEmpty();
  }

  @Test
  void anUnreadableRunJsonIsOneLineNamingTheFile(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve(RunJson.FILE), "{not json");

    assertThatThrownBy(() -> RunJson.read(dir))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(dir.resolve(RunJson.FILE) + ": not a run.json");
  }
}
