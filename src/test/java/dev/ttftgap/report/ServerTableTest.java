package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.CapacityReport;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServerTableTest {

  @Test
  void oneRowPerStepWithWaitingQueueAndTheDecomposition() {
    CapacityReport report = ServerViews.hockeyStickWithWaiting(0, 0, 0, 0.1, 0.2, 0.4, 3.2, 9, 20);

    List<List<String>> rows = ServerTable.rows(report);

    assertThat(rows).as("one row per step with server figures").hasSize(9);
    assertThat(rows.get(6))
        .as("step 7: waiting 3.2/4.2, queue p50/p95 25.6/64, TTFT 50 = 2 + 32 + 15 + 1")
        .containsExactly(
            "7", "20 / 20", "3.2 / 4.2", "4", "26 / 64", "50", "2.0", "32", "15", "1.0");
    assertThat(CapacityConsole.render(report)).contains("the server's view (vllm");
    assertThat(CapacityMarkdown.render(report)).contains("| + prefill |");
    assertThat(ServerTable.present(Synthetic.hockeyStick(false))).as("no scrapes").isFalse();
  }

  @Test
  void aDarkStepShowsItsScrapesAndNoServerFigure() {
    CapacityReport report = ServerViews.hockeyStickDarkFrom(7, 0, 0, 0, 0.1, 0.2, 0.4, 3.2, 9, 20);

    List<String> row = ServerTable.rows(report).get(6);

    assertThat(row)
        .as("step 7 took 2 of 20 scrapes: dark, with no waiting, running or queue figure")
        .containsExactly("7", "2 / 20 dark", "dark", "—", "— / —", "50", "2.0", "—", "—", "—");
    assertThat(ServerTable.rows(report).get(5).get(2)).as("step 6 was read").isEqualTo("0.4 / 1.4");
  }
}
