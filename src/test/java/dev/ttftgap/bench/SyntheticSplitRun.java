package dev.ttftgap.bench;

import dev.ttftgap.health.EventLoopStall;
import dev.ttftgap.health.LoadGeneratorLog;
import dev.ttftgap.health.LoadGeneratorSample;
import dev.ttftgap.record.Outcome;
import dev.ttftgap.record.RecordWriter;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.RequestRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.BiConsumer;

/**
 * Writes the records of a split run ({@code -Dinjector=I/N}) of any size without running it: a
 * rising-rate staircase whose requests queue like a continuous-batching server's past its
 * saturation (TTFB flat, the gap growing once the offered rate passes {@link #SATURATION_RPS}),
 * every finished stream with its {@link #tokens} − 1 ITLs and precise µs stamps, as the load
 * generator writes them. Requests are dealt round-robin to the parts (each records its share of the
 * offered rate, as a part does), each part's file written by the real {@link RecordWriter}, and
 * beside it the load generator's health file ({@link #writeHealth}).
 *
 * <p>The shape is the default run's (six steps at 1, 2, 4, 6, 8, 10 × {@link #BASE_RPS}); the steps
 * last as long as {@code total} requests take at those rates (1,000,000: 18 minutes each).
 */
final class SyntheticSplitRun {
  /** The offered rate, as a multiple of the base rate, at which the synthetic server saturates. */
  static final double SATURATION_RPS = 7.9;

  /**
   * The first step's rate: the top step offers 300 requests/s, about what 1,000 streams of 64-token
   * answers at a served model's pace sustain, so a million records is a run of about an hour.
   */
  static final double BASE_RPS = 30;

  private static final double[] STEP_MULTIPLES = {1, 2, 4, 6, 8, 10};
  private static final long EPOCH_START = 1_767_225_600_000L;
  private static final String RUN = "rising-rate-synthetic";

  final long total;
  final int parts;
  final int tokens;

  SyntheticSplitRun(long total, int parts, int tokens) {
    this.total = total;
    this.parts = parts;
    this.tokens = tokens;
  }

  /** The folder of part {@code i} (1-based) under {@code root}. */
  static Path partFolder(Path root, int i) {
    return root.resolve("part-" + i);
  }

  /** Writes every part's {@code records.jsonl} under {@code root}. */
  void write(Path root) {
    List<RecordWriter> writers = new ArrayList<>();
    for (int i = 1; i <= parts; i++) {
      writers.add(RecordWriter.open(partFolder(root, i).resolve("records.jsonl")));
    }
    long[] appended = {0};
    generate(
        (part, record) -> {
          writers.get(part - 1).append(record);
          appended[0]++;
          while (appended[0] - sumWritten(writers) > 20_000) {
            Thread.onSpinWait();
          }
        });
    writers.forEach(RecordWriter::close);
  }

  /**
   * Writes every part's {@code load-generator.jsonl} under {@code root}, as a healthy load
   * generator's probes would for the run's length: a sample a second, two loops ticking 100 times a
   * second 0.15 ms late, of which {@link #STALLS_PER_SECOND} ticks a second ran 1.5 ms late (and
   * are recorded as stalls, with their wall-clock windows), a third of a core busy.
   */
  void writeHealth(Path root) {
    double seconds = stepSeconds() * STEP_MULTIPLES.length;
    for (int i = 1; i <= parts; i++) {
      try (LoadGeneratorLog log =
          LoadGeneratorLog.open(partFolder(root, i).resolve(LoadGeneratorLog.FILE_NAME))) {
        for (int second = 0; second < seconds; second++) {
          log.append(healthSample(second, (int) (second / stepSeconds()) + 1));
        }
      }
    }
  }

  static final int STALLS_PER_SECOND = 3;

  private static LoadGeneratorSample healthSample(int second, int step) {
    long startMicros = (EPOCH_START + second * 1000L) * 1000;
    List<Long> ticks = new ArrayList<>(Collections.nCopies(100 - STALLS_PER_SECOND, 150L));
    List<EventLoopStall> stalls = new ArrayList<>();
    for (int k = 0; k < STALLS_PER_SECOND; k++) {
      ticks.add(1_500L);
      long end = startMicros + 100_000 + k * 300_000L;
      stalls.add(new EventLoopStall(end - 11_500, end, 1_500));
    }
    return new LoadGeneratorSample(
        EPOCH_START + (second + 1) * 1000L,
        step,
        1000,
        List.of(ticks, Collections.nCopies(100, 150L)),
        List.of(),
        330_000_000L,
        2,
        List.of(),
        null,
        stalls);
  }

  private double stepSeconds() {
    double sumMultiples = 0;
    for (double m : STEP_MULTIPLES) {
      sumMultiples += m;
    }
    return total / (sumMultiples * BASE_RPS);
  }

  /** Hands every record, in start order, to {@code sink} with its part (1-based). */
  void generate(BiConsumer<Integer, RequestRecord> sink) {
    double baseRate = BASE_RPS;
    double stepSeconds = stepSeconds();
    SplittableRandom random = new SplittableRandom(28);
    long id = 0;
    double stepStartSeconds = 0;
    for (int s = 0; s < STEP_MULTIPLES.length && id < total; s++) {
      double rate = STEP_MULTIPLES[s] * baseRate;
      long inStep = Math.round(rate * stepSeconds);
      double load = STEP_MULTIPLES[s] / SATURATION_RPS;
      for (long k = 0; k < inStep && id < total; k++, id++) {
        double atSeconds = stepStartSeconds + k / rate;
        int part = (int) (id % parts) + 1;
        sink.accept(part, request(id, s + 1, rate, atSeconds, load, part, random));
      }
      stepStartSeconds += stepSeconds;
    }
  }

  private static long sumWritten(List<RecordWriter> writers) {
    long written = 0;
    for (RecordWriter writer : writers) {
      written += writer.written();
    }
    return written;
  }

  private RequestRecord request(
      long id,
      int step,
      double rate,
      double atSeconds,
      double load,
      int part,
      SplittableRandom random) {
    long start = EPOCH_START + Math.round(atSeconds * 1000);
    long ttfbMicros = 1_500 + random.nextLong(1_500);
    // a queue that is short below saturation and grows with the time spent past it
    double queueMillis =
        load < 0.9 ? 2 * load / (1 - load) : 50 + (load - 0.9) * 4_000 * random.nextDouble();
    long gapMicros = Math.round((27 + queueMillis + random.nextDouble(3)) * 1000);
    long ttftMicros = ttfbMicros + gapMicros;
    List<Long> itl = new ArrayList<>(tokens - 1);
    long decode = 0;
    for (int t = 1; t < tokens; t++) {
      long interval = 10 + random.nextInt(4);
      itl.add(interval);
      decode += interval;
    }
    long decodeMillis = decode;
    long ttftMillis = ttftMicros / 1000;
    long e2eMillis = ttftMillis + decodeMillis;
    String label = String.format(Locale.ROOT, "step %d · %.4g rps", step, rate);
    return RequestRecord.builder()
        .identity(i -> i.run(RUN).userId(id).requestId("chatcmpl-" + id))
        .level(
            lv -> lv.phase(RequestPhase.STEP).step(step).stepLabel(label).offeredRate(rate / parts))
        .input(in -> in.model("qwen3-8b-like").promptTokens(100).maxTokens(tokens))
        .timings(
            t ->
                t.startEpochMillis(start)
                    .ttfbMillis(ttfbMicros / 1000)
                    .ttftMillis(ttftMillis)
                    .gapMillis(gapMicros / 1000)
                    .firstContentMillis(ttftMillis)
                    .e2eMillis(e2eMillis)
                    .itlMillis(itl)
                    .tpotMillis(decodeMillis / (double) (tokens - 1)))
        .micros(
            m ->
                m.ttfbMicros(ttfbMicros)
                    .ttftMicros(ttftMicros)
                    .gapMicros(gapMicros)
                    .startEpochMicros(start * 1000)
                    .setupMicros(80L))
        .output(o -> o.outputTokens(tokens).outputTokensSource("usage").contentEvents(tokens))
        .health(h -> h.stalls(0).malformedChunks(0))
        .newConnection(id < parts * 8L)
        .httpVersion("HTTP/1.1")
        .result(r -> r.outcome(Outcome.OK).httpStatus(200))
        .part(p -> p.injector(part).injectorCount(parts).host("injector-" + part).runId(RUN))
        .build();
  }
}
