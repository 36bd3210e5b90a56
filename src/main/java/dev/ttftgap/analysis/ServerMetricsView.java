package dev.ttftgap.analysis;

import dev.ttftgap.servermetrics.AfterRunCheck;
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
 * @param series waiting and running at every successful scrape, seconds from the first scrape
 * @param bands each step's window on the same time axis
 * @param timeouts scrapes that timed out (a part of {@code failures})
 * @param coverageThresholdPercent the coverage below which a step is dark ({@value
 *     ServerMetricsAnalysis#COVERAGE_THRESHOLD_PERCENT})
 * @param darkSteps the steps without server-side figures, in order
 * @param darkness when the metrics went dark and what the scrapes did from then on; null when no
 *     step is dark
 * @param afterRun what the server still had to do once the load ended; null when it was not checked
 *     (no scrape answered during the run, or a run before the check existed)
 */
public record ServerMetricsView(
    String url,
    String vendor,
    List<String> familiesSeen,
    int scrapes,
    int failures,
    List<ServerStepMetrics> steps,
    Integer queueGrowthStep,
    List<Point> series,
    List<Band> bands,
    int timeouts,
    double coverageThresholdPercent,
    List<Integer> darkSteps,
    Darkness darkness,
    AfterRunCheck afterRun) {
  public ServerMetricsView {
    darkSteps = List.copyOf(darkSteps);
    familiesSeen = List.copyOf(familiesSeen);
    steps = List.copyOf(steps);
    series = List.copyOf(series);
    bands = List.copyOf(bands);
  }

  /** Waiting and running at one scrape, {@code seconds} after the first scrape; null if absent. */
  public record Point(double seconds, Double waiting, Double running) {}

  /** A step's window, seconds after the first scrape. */
  public record Band(int step, double fromSeconds, double toSeconds) {}

  /**
   * The metrics going dark: from the first dark step's window to the run's end, the scrapes
   * attempted, those that timed out and those that failed otherwise.
   */
  public record Darkness(int fromStep, int attempts, int timedOut, int failed) {}

  /** The steps with server-side figures (not dark), in order. */
  public List<ServerStepMetrics> litSteps() {
    return steps.stream().filter(s -> !s.dark()).toList();
  }

  /** The figures of step {@code step}, or null. */
  public ServerStepMetrics step(int step) {
    return steps.stream().filter(s -> s.step() == step).findFirst().orElse(null);
  }
}
