package dev.ttftgap.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MediansVsFirstTableTest {
  private static LatencyStats stats(double ttfb, double ttft, Double promptTokens) {
    return new LatencyStats(
        5,
        Optional.of(ttfb),
        Optional.of(ttft),
        Optional.of(ttft - ttfb),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.ofNullable(promptTokens));
  }

  @Test
  void firstGroupShowsDashesAndLaterGroupsTheirDifferenceToIt() {
    List<Map.Entry<String, LatencyStats>> rows =
        List.of(Map.entry("8b", stats(200, 305, 2_000.0)), Map.entry("14b", stats(201, 403, null)));

    String text =
        MediansVsFirstTable.of("model", "8b", rows, Map.Entry::getKey, Map.Entry::getValue)
            .toText();

    assertThat(text)
        .isEqualTo(
            "model | samples | prompt tokens | TTFB p50 | TTFT p50 | gap p50 | TTFT vs 8b |"
                + " gap vs 8b\n"
                + "8b    |       5 |          2000 |   200 ms |   305 ms |  105 ms |          — |"
                + "         —\n"
                + "14b   |       5 |             — |   201 ms |   403 ms |  202 ms |     +98 ms |"
                + "    +97 ms\n");
  }

  @Test
  void noGroupsIsAHeaderOnly() {
    List<Map.Entry<String, LatencyStats>> none = List.of();

    assertThat(
            MediansVsFirstTable.of("prompt", "first", none, Map.Entry::getKey, Map.Entry::getValue)
                .toText())
        .isEqualTo(
            "prompt | samples | prompt tokens | TTFB p50 | TTFT p50 | gap p50 | TTFT vs first |"
                + " gap vs first\n");
  }
}
