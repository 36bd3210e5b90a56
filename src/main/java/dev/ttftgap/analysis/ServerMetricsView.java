package dev.ttftgap.analysis;

import java.util.List;

/**
 * What the server's {@code /metrics} said over a run (see {@link ServerMetricsAnalysis}).
 *
 * @param url the URL scraped; null when no scrape file was found beside the records
 * @param vendor the recognised server ({@code vllm}, {@code sglang}, {@code tgi}, {@code
 *     llamacpp}); null when no known family was seen
 * @param familiesSeen the known family names seen, sorted
 * @param scrapes scrapes attempted
 * @param failures scrapes that failed (error status, timeout, unparsable)
 * @param steps per-step figures, in step order (empty without usable scrapes)
 * @param queueGrowthStep the first step whose mean waiting reaches {@value
 *     ServerMetricsAnalysis#QUEUE_GROWTH_WAITING} request; null when it never does or is unknown
 */
public record ServerMetricsView(
    String url,
    String vendor,
    List<String> familiesSeen,
    int scrapes,
    int failures,
    List<ServerStepMetrics> steps,
    Integer queueGrowthStep) {
  public ServerMetricsView {
    familiesSeen = List.copyOf(familiesSeen);
    steps = List.copyOf(steps);
  }

  /** The figures of step {@code step}, or null. */
  public ServerStepMetrics step(int step) {
    return steps.stream().filter(s -> s.step() == step).findFirst().orElse(null);
  }
}
