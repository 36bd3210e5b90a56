package dev.ttftgap.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code load.trace}: a replay's steps (its windows), its arrivals, and their split. */
class TraceProfileTest {
  @TempDir Path dir;

  /** Arrivals at 0, 0.5, 1, ..., 24.5 s (50 in 25 s), then one at 31.2 s. */
  private Path trace() throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("# test trace");
    IntStream.range(0, 50).forEach(i -> lines.add(String.valueOf(100 + i * 0.5)));
    lines.add("131.2");
    Path file = dir.resolve("t.txt");
    Files.write(file, lines);
    return file;
  }

  private LoadProfile parse(String load) {
    return LoadProfiles.parse(
        "{\"name\": \"replay\", \"request\": {\"promptTokens\": 10}, \"load\": {" + load + "}}",
        "replay.json");
  }

  private String traceField(Path file, String more) {
    return "\"trace\": {\"file\": \"" + file.toString().replace("\\", "\\\\") + "\"" + more + "}";
  }

  @Test
  void windowsBecomeStepsAtTheRateTheTraceOfferedInEach() throws IOException {
    LoadProfile replay =
        parse(
            "\"warmup\": {\"level\": 1, \"durationSeconds\": 5}, "
                + traceField(trace(), ", \"windowSeconds\": 10"));

    Trace trace = replay.load().trace().orElseThrow();
    assertThat(trace.speedup()).isEqualTo(1.0);
    assertThat(trace.offsetsMillis()).hasSize(51).startsWith(0L, 500L).endsWith(31_200L);
    assertThat(trace.lengthMillis())
        .as("the whole second after the last arrival")
        .isEqualTo(32_000);
    assertThat(replay.load().steps())
        .as("20 in 10 s, 20 in 10 s, 10 in 10 s, 1 in the last 2 s")
        .containsExactly(2.0, 2.0, 1.0, 0.5);
    StepSchedule schedule = replay.schedule();
    assertThat(schedule.steps())
        .extracting(Step::startMillis)
        .containsExactly(0L, 5_000L, 15_000L, 25_000L, 35_000L);
    assertThat(schedule.totalDurationMillis()).isEqualTo(37_000);
    assertThat(schedule.injectionSteps())
        .as("only the warm-up is injected by rate")
        .containsExactly(new InjectionStep(InjectionStep.Kind.CONSTANT_RATE, 1, 1, 5));
    List<Long> arrivals = schedule.traceArrivalsMillis().orElseThrow();
    assertThat(arrivals).hasSize(51).startsWith(5_000L, 5_500L).endsWith(36_200L);
    assertThat(arrivals.stream().map(schedule::stepAt).map(Step::index).distinct())
        .as("each arrival falls in its window's step")
        .containsExactly(1, 2, 3, 4);
    assertThat(replay.load().stopWhenSaturated()).contains(false);
    assertThat(replay.summary())
        .contains("trace t.txt (51 arrivals, × 1, 4 windows of 10 s, peak 2 rps), 37 s in all");
  }

  @Test
  void speedupCompressesTheReplayAndTheDefaultWindowIs30Seconds() throws IOException {
    LoadProfile replay = parse(traceField(trace(), ", \"speedup\": 2"));

    Trace trace = replay.load().trace().orElseThrow();
    assertThat(trace.windowSeconds()).isEqualTo(30);
    assertThat(trace.offsetsMillis()).endsWith(15_600L);
    assertThat(replay.load().steps()).as("51 arrivals in 16 s").containsExactly(3.188);
    assertThat(replay.schedule().traceArrivalsMillis().orElseThrow())
        .as("no warm-up: offsets from the run's start")
        .startsWith(0L, 250L);
    assertThat(replay.schedule().injectionSteps()).isEmpty();
  }

  @Test
  void arrivalIGoesToInjectorIModN() throws IOException {
    Load load = parse(traceField(trace(), "")).load();
    List<Long> whole = StepSchedule.of(load).traceArrivalsMillis().orElseThrow();

    List<Long> union = new ArrayList<>();
    for (int injector = 1; injector <= 3; injector++) {
      List<Long> part = LoadSplit.of(load, injector, 3).traceArrivalsMillis(whole);
      assertThat(part.get(0)).isEqualTo(whole.get(injector - 1));
      assertThat(part).hasSize(injector <= 51 % 3 ? 51 / 3 + 1 : 51 / 3);
      union.addAll(part);
    }
    assertThat(union).containsExactlyInAnyOrderElementsOf(whole);
    assertThat(LoadSplit.whole(load).traceArrivalsMillis(whole)).isSameAs(whole);
  }

  @Test
  void wrongTraceFieldsFailWithOneLine() throws IOException {
    Path file = trace();
    assertThat(error(traceField(file, ", \"speedup\": 0")))
        .startsWith("replay.json: load.trace.speedup: 0 is not a speed-up");
    assertThat(error("\"steps\": [1], " + traceField(file, "")))
        .startsWith("replay.json: load.steps: does not apply with trace");
    assertThat(error("\"stepDurationSeconds\": 3, " + traceField(file, "")))
        .startsWith("replay.json: load.stepDurationSeconds: does not apply with trace");
    assertThat(error("\"model\": \"closed\", \"steps\": [1], " + traceField(file, "")))
        .startsWith("replay.json: load.trace: only applies to the open model");
    assertThat(error("\"trace\": {\"speedup\": 2}"))
        .startsWith("replay.json: load.trace.file: missing");
    assertThat(error("\"trace\": {\"file\": \"no/such/file.txt\"}"))
        .startsWith("replay.json: load.trace.file: no file no/such/file.txt");
    assertThat(error(traceField(file, ", \"windowSeconds\": 0")))
        .startsWith("replay.json: load.trace.windowSeconds: 0 is not a duration");
    Path bad = dir.resolve("bad.txt");
    Files.writeString(bad, "1\nx\n");
    assertThat(error(traceField(bad, "")))
        .isEqualTo(
            bad
                + ":2: \"x\" is not a time; use seconds"
                + " (like 1733120000.25 or 12.5) or an ISO-8601 instant (like 2026-12-02T06:00:00.250Z),"
                + " optionally as a CSV line's first field");
    Path long_ = dir.resolve("long.txt");
    Files.writeString(long_, "0\n100000\n");
    assertThat(error(traceField(long_, "")))
        .startsWith("replay.json: load.trace: " + long_ + " lasts 100001 s at speedup 1");
  }

  @Test
  void theShippedReplayReadsTheSampleTrace() {
    LoadProfile replay = LoadProfiles.load("trace-replay", Path.of("simulations"));

    Trace trace = replay.load().trace().orElseThrow();
    assertThat(trace.file()).isEqualTo(Path.of("simulations/datasets/arrivals-sample.txt"));
    assertThat(trace.speedup()).isEqualTo(2.0);
    assertThat(trace.windowSeconds()).isEqualTo(15);
    assertThat(trace.offsetsMillis()).hasSizeBetween(250, 400);
    assertThat(trace.lengthMillis()).as("~5 min at × 2").isBetween(140_000L, 160_000L);
    assertThat(replay.load().steps()).hasSize(replay.schedule().measuredSteps().size());
  }

  private String error(String load) {
    assertThatThrownBy(() -> parse(load)).isInstanceOf(ProfileException.class);
    try {
      parse(load);
      return "";
    } catch (ProfileException e) {
      assertThat(e.getMessage()).doesNotContain("\n");
      return e.getMessage();
    }
  }
}
