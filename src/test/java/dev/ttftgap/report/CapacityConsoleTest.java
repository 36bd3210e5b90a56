package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.CapacityReport;
import java.util.List;
import org.junit.jupiter.api.Test;

class CapacityConsoleTest {

  @Test
  void shortAlignedTableThenVerdicts() {
    CapacityReport report = Synthetic.hockeyStick(false);

    String text = CapacityConsole.render(report);
    List<String> tableLines = text.lines().skip(1).takeWhile(line -> !line.isBlank()).toList();

    assertThat(tableLines).as("header + one line per step").hasSize(1 + report.steps().size());
    assertThat(tableLines.stream().map(String::length).distinct().count())
        .as("columns aligned: every line equally long")
        .isEqualTo(1);
    assertThat(text.lines().filter(line -> line.startsWith("> ")).count())
        .as("one line per verdict")
        .isEqualTo(VerdictSentences.of(report).size());
  }

  @Test
  void closedRunShowsUsersInsteadOfTheRate() {
    String text = CapacityConsole.render(Synthetic.closedConcurrency());
    List<String> tableLines = text.lines().skip(1).takeWhile(line -> !line.isBlank()).toList();

    assertThat(tableLines.get(0)).contains("users").doesNotContain("rate rps");
    assertThat(tableLines.get(5).trim()).as("step 5 holds 32 users").startsWith("5     32");
  }

  @Test
  void theLastColumnSaysWhereEachStepQueues() {
    CapacityReport report = Synthetic.waitingBeforeHeaders(1);
    int from = report.queueLocation().beforeHeadersFromStep();

    List<String> tableLines =
        CapacityConsole.render(report).lines().skip(1).takeWhile(line -> !line.isBlank()).toList();

    assertThat(tableLines.get(0)).as("the header").endsWith("queue at");
    assertThat(tableLines.get(1)).as("step 1, the low-load step").endsWith(" none");
    assertThat(tableLines.get(from)).as("step %d", from).endsWith(" before");
    assertThat(tableLines.get(tableLines.size() - 1)).as("the last step").endsWith(" before");
    assertThat(CapacityConsole.render(Synthetic.risingRate()).lines())
        .as("the default shape queues after the headers")
        .anyMatch(line -> line.endsWith(" after"))
        .noneMatch(line -> line.endsWith(" before"));
  }
}
