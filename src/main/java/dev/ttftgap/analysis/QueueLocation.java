package dev.ttftgap.analysis;

import java.util.List;

/**
 * Where the run's queue is, step by step, and the knee on TTFT (see {@link QueueLocator}).
 *
 * @param place the run's verdict: {@link QueuePlace#NONE} when no step's TTFT left its band, the
 *     one place of every step that queued when they agree, {@link QueuePlace#BOTH} when they
 *     differ; null when undetermined (no low-load baseline)
 * @param baselineStep the low-load step the growths are measured from; null when none
 * @param baselineTtfbP50Millis its median TTFB, ms; null with {@code baselineStep}
 * @param baselineGapP50Millis its median gap, ms; null with {@code baselineStep}
 * @param baselineTtftP50Millis its median TTFT, ms; null with {@code baselineStep}
 * @param ttftBandUpperMillis upper edge of the median TTFT's low-load band, ms: a step at or below
 *     it has place {@link QueuePlace#NONE}; null with {@code baselineStep}
 * @param beforeHeadersFromStep the first step whose growth is mostly before the headers; null when
 *     none
 * @param afterHeadersFromStep the first step whose growth is mostly after the headers; null when
 *     none
 * @param bothFromStep the first step whose growth is split between both parts; null when none
 * @param ttftKnee the knee on TTFT, attributed
 * @param steps one entry per step, in load order (step order but in a search run, which probes
 *     rates out of order)
 */
public record QueueLocation(
    QueuePlace place,
    Integer baselineStep,
    Double baselineTtfbP50Millis,
    Double baselineGapP50Millis,
    Double baselineTtftP50Millis,
    Double ttftBandUpperMillis,
    Integer beforeHeadersFromStep,
    Integer afterHeadersFromStep,
    Integer bothFromStep,
    TtftKnee ttftKnee,
    List<StepQueueLocation> steps) {

  public QueueLocation {
    steps = List.copyOf(steps);
  }

  /** True when there was a low-load baseline to measure growth from. */
  public boolean determined() {
    return baselineStep != null;
  }

  /** The entry of step {@code step}, or null. */
  public StepQueueLocation step(int step) {
    return steps.stream().filter(s -> s.step() == step).findFirst().orElse(null);
  }
}
