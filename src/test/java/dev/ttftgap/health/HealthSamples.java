package dev.ttftgap.health;

import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.TestRecords;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;

/** Synthetic load-generator samples for tests: seconds of a step with given probe delays. */
public final class HealthSamples {
  private HealthSamples() {}

  /**
   * {@code seconds} one-second samples of step {@code step}: two loops whose 100 ticks a second ran
   * {@code quietMicros} late, except {@code slowTicks} ticks a second on the first loop that ran
   * {@code slowMicros} late; one start a second, {@code lagMicros} late; a quarter of a core busy.
   */
  public static List<LoadGeneratorSample> step(
      int step, int seconds, long quietMicros, int slowTicks, long slowMicros, long lagMicros) {
    List<LoadGeneratorSample> samples = new ArrayList<>();
    for (int s = 0; s < seconds; s++) {
      List<Long> first = new ArrayList<>(Collections.nCopies(100 - slowTicks, quietMicros));
      first.addAll(Collections.nCopies(slowTicks, slowMicros));
      List<Long> second = Collections.nCopies(100, quietMicros);
      samples.add(
          new LoadGeneratorSample(
              1_000_000L + 1000L * (step * 100 + s),
              step,
              1000.0,
              List.of(first, second),
              List.of(lagMicros),
              250_000_000L,
              2,
              List.of(),
              null,
              null));
    }
    return samples;
  }

  /**
   * A run whose steps 1 and 2 were quiet and whose step 3's first loop was blocked 31 ms at times.
   */
  public static LoadGeneratorHealth blockedAtStep3() {
    return analyze(
        step(1, 5, 400, 0, 0, 1_000),
        step(2, 5, 400, 0, 0, 1_000),
        step(3, 5, 400, 5, 31_000, 1_000));
  }

  /** The health of the samples of {@code steps}, one after the other. */
  @SafeVarargs
  public static LoadGeneratorHealth analyze(List<LoadGeneratorSample>... steps) {
    return LoadGeneratorAnalysis.analyze(Stream.of(steps).flatMap(List::stream).toList());
  }

  /** Steps 1..{@code steps}, quiet except those in {@code blocked}, blocked 31 ms at times. */
  public static LoadGeneratorHealth flagging(int steps, java.util.Set<Integer> blocked) {
    return flagging(steps, blocked, 31_000);
  }

  /**
   * Steps 1..{@code steps}, quiet except those in {@code blocked}, blocked {@code blockedMicros} at
   * times (their event-loop delay p99).
   */
  public static LoadGeneratorHealth flagging(
      int steps, java.util.Set<Integer> blocked, long blockedMicros) {
    List<LoadGeneratorSample> samples = new ArrayList<>();
    for (int step = 1; step <= steps; step++) {
      samples.addAll(step(step, 5, 400, blocked.contains(step) ? 5 : 0, blockedMicros, 1_000));
    }
    return LoadGeneratorAnalysis.analyze(samples);
  }

  /**
   * Steps 1..{@code steps}, their probes quiet, whose loops each stalled once; in the steps of
   * {@code stalled} the stall lasted {@code stallMicros[i]} (the i-th of them) and held 2 of the
   * step's 100 first tokens (p99: the stall), elsewhere it was 1.5 ms long and held none.
   */
  public static LoadGeneratorHealth stampedInStalls(
      int steps, java.util.List<Integer> stalled, long... stallMicros) {
    List<LoadGeneratorSample> samples = new ArrayList<>();
    List<RequestRecord> records = new ArrayList<>();
    for (int step = 1; step <= steps; step++) {
      int index = stalled.indexOf(step);
      long delay = index < 0 ? 1_500 : stallMicros[index];
      long stallStart = (1_000_000L + 1000L * step * 100) * 1000 + 500_000;
      EventLoopStall stall = new EventLoopStall(stallStart, stallStart + 10_000 + delay, delay);
      boolean first = true;
      for (LoadGeneratorSample s : step(step, 5, 400, 0, 0, 1_000)) {
        samples.add(withStalls(s, first ? List.of(stall) : List.of()));
        first = false;
      }
      for (int i = 0; i < 100; i++) {
        long firstToken = i < 2 && index >= 0 ? stallStart + 5_000 : stallStart + 900_000;
        final int level = step;
        records.add(
            TestRecords.builder()
                .level(lv -> lv.step(level).offeredRate(1.0))
                .timings(t -> t.startEpochMillis(firstToken / 1000 - 60).ttftMillis(60L))
                .micros(m -> m.startEpochMicros(firstToken - 60_000).ttftMicros(60_000L))
                .build());
      }
    }
    return LoadGeneratorAnalysis.analyze(samples, records);
  }

  /** {@code sample} with {@code stalls}. */
  public static LoadGeneratorSample withStalls(
      LoadGeneratorSample sample, List<EventLoopStall> stalls) {
    return new LoadGeneratorSample(
        sample.epochMillis(),
        sample.step(),
        sample.intervalMillis(),
        sample.eventLoopDelaysMicros(),
        sample.injectionDelaysMicros(),
        sample.cpuNanos(),
        sample.processors(),
        sample.gcPausesMillis(),
        sample.heapAfterGcBytes(),
        stalls);
  }

  /** A run whose three steps were all quiet. */
  public static LoadGeneratorHealth quiet() {
    List<LoadGeneratorSample> samples = new ArrayList<>();
    for (int step = 1; step <= 3; step++) {
      samples.addAll(step(step, 5, 400, 0, 0, 1_000));
    }
    return LoadGeneratorAnalysis.analyze(samples);
  }
}
