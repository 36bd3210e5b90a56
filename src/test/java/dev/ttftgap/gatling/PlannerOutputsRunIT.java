package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.record.RecordReader;
import dev.ttftgap.record.RequestRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One real smoke run (a forked Gatling JVM, as the Maven plugin runs it, with its HTML report)
 * against an engine this test starts on loopback, read as a capacity planner reads it: Gatling's
 * page, the console, the run folder.
 */
class PlannerOutputsRunIT {
  private static final Pattern ROOT_TOTAL =
      Pattern.compile(
          "<tr id=\"ROOT\" >.*?<td class=\"value total col-2\">(\\d+)</td>", Pattern.DOTALL);

  @TempDir static Path dir;
  private static GatlingFork.Result run;
  private static List<RequestRecord> records;

  @BeforeAll
  static void runSmokeAgainstAnExternalUrl() {
    try (EmbeddedEngine engine = EmbeddedEngine.start(EngineConfig.defaults().withPort(0))) {
      run =
          GatlingFork.risingRate(
              dir, "smoke", engine.baseUrl(), "qwen3-8b-like", true, Duration.ofSeconds(120));
    }
    assertThat(run.exitCode()).as("exit code; output:\n%s", run.output()).isZero();
    records = RecordReader.read(run.records());
  }

  @Test
  void gatlingsRequestCountIsTheNumberOfRequestsSent() throws Exception {
    String index = Files.readString(run.runFolder().resolve("index.html"));
    Matcher total = ROOT_TOTAL.matcher(index);

    assertThat(total.find()).as("the All Requests row of index.html").isTrue();
    assertThat(Integer.parseInt(total.group(1)))
        .as("Gatling's request count vs the records (one per request sent)")
        .isEqualTo(records.size())
        .isEqualTo(17);
  }

  @Test
  void ttfbGapAndTtftAreRowsOfEveryStepInGatlingsTable() throws Exception {
    String index = Files.readString(run.runFolder().resolve("index.html"));
    Matcher names = Pattern.compile("class=\"ellipsed-name\">([^<]*)<").matcher(index);
    List<String> rows = names.results().map(m -> m.group(1)).toList();

    assertThat(rows)
        .as("the stats table: All Requests, then per step its group, ttfb, gap and ttft")
        .containsSubsequence("step 1 &middot; 1 rps", "ttfb", "gap", "ttft")
        .containsSubsequence("step 2 &middot; 2 rps", "ttfb", "gap", "ttft");
  }

  @Test
  void theRunFolderAndEveryRecordCarryTheProfilesName() throws Exception {
    String name = run.runFolder().getFileName().toString();

    assertThat(name).as("run folder").matches("smoke-\\d{8}-\\d{6}");
    assertThat(records)
        .allSatisfy(r -> assertThat(r.identity().run()).as("records' run field").isEqualTo(name));
    try (Stream<Path> entries = Files.list(dir)) {
      assertThat(entries.filter(Files::isSymbolicLink).toList())
          .as("no link left under Gatling's name: one entry per run")
          .isEmpty();
    }
    assertThat(Files.readString(run.runFolder().resolve("capacity.html")))
        .as("the capacity page's first screen")
        .contains("<h1>Capacity report: " + name + "</h1>")
        .contains("load profile smoke · target http://127.0.0.1:")
        .contains(" · model qwen3-8b-like · started 20");
  }

  @Test
  void theRecordsFileHasTheSamePermissionsAsTheOtherFiles() throws Exception {
    assertThat(Files.getPosixFilePermissions(run.records()))
        .as("records.jsonl vs capacity.json")
        .isEqualTo(Files.getPosixFilePermissions(run.runFolder().resolve("capacity.json")));
  }

  @Test
  void anExternalTargetGetsAPreflightLineAndNoHintToMeasureAnotherEndpoint() {
    assertThat(run.output())
        .contains("ttft-gap: preflight ok: TTFB ")
        .doesNotContain("measure another endpoint");
  }

  @Test
  void theConsoleHasALinePerStepAndGatlingsLightBlocks() {
    List<String> lines = Arrays.asList(run.output().split("\\R"));

    assertThat(lines)
        .as("one line per finished step")
        .anyMatch(l -> l.startsWith("ttft-gap: step 1 · 1 rps done · achieved "))
        .anyMatch(l -> l.startsWith("ttft-gap: step 2 · 2 rps done · achieved "));
    List<String> counters =
        lines.stream().filter(l -> l.startsWith("> ") && l.contains(" | ")).toList();
    assertThat(counters)
        .as("Gatling's light console: its global counter...")
        .anyMatch(l -> l.startsWith("> Global "));
    assertThat(counters)
        .as("...and no counter per request name (the full console has one per step and row)")
        .noneMatch(l -> l.contains("ttft") || l.contains("step "));
  }

  @Test
  void theVerdictComesLastAfterGatlingsSummaryReportPathAndAssertions() {
    String output = run.output();
    List<String> lines = Arrays.stream(output.split("\\R")).filter(l -> !l.isBlank()).toList();
    int block = output.lastIndexOf("ttft-gap: run smoke-");

    assertThat(block).as("the closing block").isPositive();
    assertThat(output.lastIndexOf("---- Global Information"))
        .as("Gatling's global block comes before it")
        .isPositive()
        .isLessThan(block);
    assertThat(output.lastIndexOf("Reports generated"))
        .as("Gatling's report path comes before it")
        .isPositive()
        .isLessThan(block);
    assertThat(output.lastIndexOf(": true (actual : "))
        .as("Gatling's assertion lines come before it")
        .isPositive()
        .isLessThan(block);
    assertThat(lines.get(lines.size() - 1)).as("the last line closes the block").matches("=+");
    assertThat(lines.get(lines.size() - 2)).as("the line above it is a verdict").startsWith("> ");
  }
}
