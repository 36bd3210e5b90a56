package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.RecordsFiles;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CapacityMainTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return CapacityMain.run(
        args,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void regeneratesTheReportNextToTheRecordsByDefault(@TempDir Path dir) throws Exception {
    Path run = Files.createDirectories(dir.resolve("run-1"));
    RecordsFiles.write(run.resolve("records.jsonl"), Synthetic.hockeyStickRecords(false));

    int status = run(run.toString(), "--peak-rate", "50", "--slo-gap-p95-ms", "500");

    assertThat(status).as("stderr: %s", err).isZero();
    assertThat(run.resolve("capacity.html")).exists();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("---- capacity")
        .contains("p95 gap ≤ 500 ms")
        .contains("For a peak of 50 rps");
  }

  @Test
  void unknownOptionIsOneLineNamingIt(@TempDir Path dir) {
    int status = run(dir.toString(), "--peak", "5");

    assertThat(status).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8).strip())
        .startsWith("unknown option --peak")
        .doesNotContain("\n");
  }

  @Test
  void nonNumericValueNamesTheOption(@TempDir Path dir) {
    assertThat(run(dir.toString(), "--slo-error-pct", "one")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--slo-error-pct must be a number");
  }

  @Test
  void missingRecordsSaysWhatToPass(@TempDir Path dir) {
    assertThat(run(dir.resolve("nothing-here").toString())).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("pass a run folder or a records file");
  }
}
