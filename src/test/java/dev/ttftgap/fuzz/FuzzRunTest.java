package dev.ttftgap.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FuzzRunTest {
  private static final List<byte[]> SEEDS = FuzzTarget.seeds(List.of("{\"a\": 1}", "[1, 2]"));

  @Test
  void aDeclaredOneLineErrorIsTheParsersAnswerNotAFinding() {
    FuzzTarget target =
        new FuzzTarget(
            "declared",
            SEEDS,
            List.of(IllegalArgumentException.class),
            input -> {
              if (FuzzTarget.text(input).contains("]")) {
                throw new IllegalArgumentException("line 1: a bracket");
              }
            });

    FuzzRun.Result result = FuzzRun.run(target, 0.2, 1);

    assertThat(result.inputs()).as("the seeds and mutants tried").isGreaterThan(SEEDS.size());
    assertThat(result.findings()).as("declared, one line").isEmpty();
  }

  @Test
  void anUndeclaredExceptionAndAMultiLineMessageAreFindingsWithTheirSmallestInput() {
    FuzzTarget target =
        new FuzzTarget(
            "undeclared",
            SEEDS,
            List.of(IllegalArgumentException.class),
            input -> {
              String text = FuzzTarget.text(input);
              if (text.startsWith("[")) {
                throw new IllegalArgumentException("bad\nvalue");
              }
              if (text.isEmpty()) {
                throw new NullPointerException();
              }
            });

    FuzzRun.Result result = FuzzRun.run(target, 0.5, 1);

    assertThat(result.findings().keySet())
        .as("one finding per kind")
        .anyMatch(finding -> finding.contains("multi-line message"))
        .anyMatch(finding -> finding.startsWith("java.lang.NullPointerException"));
    assertThat(result.findings().values())
        .as("the smallest input that threw the NPE: the empty one")
        .anyMatch(found -> found.input().length == 0);
  }
}
