package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.analysis.BurstPlan;
import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.ClassSpec;
import dev.ttftgap.analysis.RecordsFixture;
import dev.ttftgap.analysis.Slo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CapacityMainTest {
  /** The SLO stored by the ttft-only profile: p95 TTFT ≤ 800 ms, no other limit. */
  private static final CapacityOptions TTFT_ONLY_SLO =
      new CapacityOptions(Slo.of(800, Slo.NO_LIMIT, Slo.NO_LIMIT), null, null, null);

  /** The SLO stored by the rising-rate profile: 3 s, 2.5 s, 1 %, with a 40 rps peak. */
  private static final CapacityOptions RISING_RATE_SLO =
      new CapacityOptions(
          Slo.of(3000, 2500, 1), Optional.of(40.0), Optional.empty(), Optional.empty());

  private final CapacityMainConsole console = new CapacityMainConsole();

  private int run(String... args) {
    return console.run(args);
  }

  @Test
  void regeneratesTheReportNextToTheRecordsByDefault(@TempDir Path dir) throws Exception {
    Path run = runFolder(dir);

    int status = run(run.toString(), "--peak-rate", "50", "--slo-gap-p95-ms", "500");

    assertThat(status).as("stderr: %s", console.err()).isZero();
    assertThat(run.resolve("capacity.html")).exists();
    assertThat(console.out())
        .contains("---- capacity")
        .contains("p95 gap ≤ 500 ms")
        .contains("For a peak of 50 rps");
  }

  @Test
  void unknownOptionIsOneLineNamingIt(@TempDir Path dir) {
    int status = run(dir.toString(), "--peak", "5");

    assertThat(status).isEqualTo(2);
    assertThat(console.err().strip()).startsWith("unknown option --peak").doesNotContain("\n");
  }

  @Test
  void nonNumericValueNamesTheOption(@TempDir Path dir) {
    assertThat(run(dir.toString(), "--slo-error-pct", "one")).isEqualTo(2);
    assertThat(console.err()).contains("--slo-error-pct must be a number");
  }

  @Test
  void missingRecordsSaysWhatToPass(@TempDir Path dir) {
    assertThat(run(dir.resolve("nothing-here").toString())).isEqualTo(2);
    assertThat(console.err()).contains("pass a run folder or a records file");
  }

  @Test
  void helpPrintsTheUsageAndExitsZero() {
    assertThat(run("--help")).as("exit status of --help").isZero();
    assertThat(console.out())
        .as("the usage, then what each option does")
        .startsWith("usage: CapacityMain")
        .contains("--overwrite")
        .contains("--fail-on-regression");
    assertThat(run("-h")).as("exit status of -h").isZero();
  }

  @Test
  void theRunsOwnReportIsKeptAndTheNewOneGoesToANewFolder(@TempDir Path dir) throws Exception {
    Path run = runFolder(dir);
    Files.writeString(run.resolve("capacity.json"), "{\"the run's own\": true}");

    int status = run(run.toString());

    assertThat(status).as("stderr: %s", console.err()).isZero();
    assertThat(Files.readString(run.resolve("capacity.json")))
        .as("the run's capacity.json is untouched")
        .isEqualTo("{\"the run's own\": true}");
    Path written;
    try (var folders = Files.list(run)) {
      written =
          folders
              .filter(p -> p.getFileName().toString().startsWith("capacity-"))
              .findFirst()
              .orElseThrow();
    }
    assertThat(written.resolve("capacity.html")).as("the new report").exists();
    assertThat(console.out())
        .as("the command says where it wrote")
        .contains("the new one goes to " + written);
  }

  @Test
  void overwriteReplacesTheRunsOwnReport(@TempDir Path dir) throws Exception {
    Path run = runFolder(dir);
    Files.writeString(run.resolve("capacity.json"), "{}");

    assertThat(run(run.toString(), "--overwrite")).as("stderr: %s", console.err()).isZero();

    assertThat(Files.readString(run.resolve("capacity.json")))
        .as("replaced by the regenerated report")
        .contains("\"sloVerdict\"");
  }

  @Test
  void theRunsStoredSloIsAppliedAndNoHiddenDefault(@TempDir Path dir) throws Exception {
    Path run = runFolderWithStoredSlo(dir, "ttft-only", TTFT_ONLY_SLO);

    assertThat(run(run.toString())).as("stderr: %s", console.err()).isZero();

    String json = Files.readString(run.resolve("capacity.json"));
    assertThat(json)
        .as("only the stored limit, p95 TTFT 800 ms, is applied")
        .contains("\"slo\" : \"p95 TTFT ≤ 800 ms\"")
        .contains("\"gapP95LimitMillis\" : null")
        .contains("\"errorRateLimitPercent\" : null");
    assertThat(console.out())
        .as("the console says where the SLO came from")
        .contains("SLO from " + run.resolve("run.json"))
        .contains("Max sustainable rate under the SLO (p95 TTFT ≤ 800 ms)");
  }

  @Test
  void anOptionGivenReplacesTheStoredLimitOnly(@TempDir Path dir) throws Exception {
    Path run = runFolderWithStoredSlo(dir, "rising-rate", RISING_RATE_SLO);

    assertThat(run(run.toString(), "--slo-gap-p95-ms", "500"))
        .as("stderr: %s", console.err())
        .isZero();

    assertThat(console.out())
        .as("stored TTFT and error limits, the given gap limit, the stored peak rate")
        .contains("p95 TTFT ≤ 3000 ms, p95 gap ≤ 500 ms, errors ≤ 1 %")
        .contains("For a peak of 40 rps");
  }

  @Test
  void recordsWithoutRunJsonGetNoSloUnlessOneIsGiven(@TempDir Path dir) throws Exception {
    Path run = runFolder(dir);

    assertThat(run(run.toString())).as("stderr: %s", console.err()).isZero();

    assertThat(console.out())
        .as("no hidden 2000/1000 ms defaults")
        .contains("no run.json beside the records")
        .contains(VerdictSentences.NO_SLO)
        .doesNotContain("p95 TTFT ≤ 2000 ms");
  }

  @Test
  void aSlowerRunFailsWithTheRegressionStatus(@TempDir Path dir) throws Exception {
    Path run = runFolder(dir);
    Path baseline = fasterBaseline(dir, run);

    int status =
        run(
            run.toString(),
            "--baseline",
            baseline.toString(),
            "--fail-on-regression",
            "--out",
            dir.resolve("check").toString());

    assertThat(status).as("stderr: %s", console.err()).isEqualTo(RegressionGate.EXIT_REGRESSION);
    assertThat(console.out())
        .as("the regression named")
        .contains("ttft-gap: SLO regression against " + baseline)
        .contains("gap p50 regressed at step(s) [1, 2]");
  }

  @Test
  void theSameRunAgainstItselfPassesTheRegressionCheck(@TempDir Path dir) throws Exception {
    Path run = runFolder(dir);
    assertThat(run(run.toString(), "--slo-gap-p95-ms", "500")).isZero();

    int status =
        run(
            run.toString(),
            "--slo-gap-p95-ms",
            "500",
            "--baseline",
            run.resolve("capacity.json").toString(),
            "--fail-on-regression");

    assertThat(status).as("stderr: %s", console.err()).isZero();
    assertThat(console.out()).contains("no SLO regression against");
  }

  /**
   * The run's own capacity.json with the gap p50 of steps 1 and 2 halved and its max sustainable
   * rate raised: a baseline the run is slower than.
   */
  private Path fasterBaseline(Path dir, Path run) throws Exception {
    assertThat(run(run.toString(), "--slo-gap-p95-ms", "500"))
        .as("stderr: %s", console.err())
        .isZero();
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode root = (ObjectNode) mapper.readTree(run.resolve("capacity.json").toFile());
    for (int i = 0; i < 2; i++) {
      ObjectNode gap = (ObjectNode) root.get("steps").get(i).get("gapMillis");
      gap.put("p50", gap.get("p50").asDouble() / 2);
    }
    ((ObjectNode) root.get("sloVerdict"))
        .put("maxSustainableRatePerSec", root.get("steps").get(1).get("ratePerSec").asDouble());
    Path baseline = dir.resolve("baseline.json");
    mapper.writeValue(baseline.toFile(), root);
    return baseline;
  }

  /** A run folder holding the hockey stick's records, nothing else. */
  @Test
  void aClassOrBurstRunIsReanalysedUnderItsStoredClassesAndBurst(@TempDir Path dir)
      throws Exception {
    CapacityOptions launch =
        RISING_RATE_SLO
            .withClasses(
                List.of(
                    new ClassSpec("chat", 0.8, Slo.of(1000, Slo.NO_LIMIT, 1)),
                    new ClassSpec("rag", 0.2, Slo.of(5000, Slo.NO_LIMIT, 1))))
            .withBurst(new BurstPlan(5.5, 11.5, 30, 5));
    Path run = runFolderWithStoredSlo(dir, "launch", launch);

    int status =
        run(run.toString(), "--slo-ttft-p95-ms", "2000", "--out", dir.resolve("out").toString());

    assertThat(status).as("stderr: %s", console.err()).isZero();
    assertThat(console.out())
        .contains(
            "p95 TTFT ≤ 2000 ms, p95 gap ≤ 2500 ms, errors ≤ 1 %; request classes chat 80 % (p95"
                + " TTFT ≤ 1000 ms, errors ≤ 1 %), rag 20 % (p95 TTFT ≤ 5000 ms, errors ≤ 1 %);"
                + " launch spike 11.5 rps for 30 s over 5.5 rps");
    assertThat(
            CapacityArguments.parse(new String[] {run.toString()})
                .options(RunJson.read(run).map(RunJson.Stored::options)))
        .as("the options the analysis gets: the stored classes and burst")
        .isEqualTo(launch);
  }

  private static Path runFolder(Path dir) throws Exception {
    Path run = Files.createDirectories(dir.resolve("run-1"));
    RecordsFixture.write(run.resolve("records.jsonl"), Synthetic.hockeyStickRecords(false));
    return run;
  }

  /** {@link #runFolder} with a {@code run.json} that stores profile {@code name}'s {@code slo}. */
  private static Path runFolderWithStoredSlo(Path dir, String name, CapacityOptions slo)
      throws Exception {
    Path run = runFolder(dir);
    RunJson.write(run, name, "simulations/" + name + ".json", slo);
    return run;
  }
}
