package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.RequestRecordBuilder;
import dev.ttftgap.record.TestRecords;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.DoubleUnaryOperator;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * A seeded simulator of a c-server FIFO queue that writes the records a real run would: Poisson
 * arrivals at each step's rate, service time = prefill + exponential decode (mean {@code
 * serviceMillis} in all), headers at acceptance (or as {@link HeaderTiming} says), optional queue
 * limit answered with 429. Its known capacity c/S is what the analysis must recover.
 */
final class SyntheticRun {
  static final long EPOCH_START = 1_767_225_600_000L;
  static final int OUTPUT_TOKENS = 32;

  /** The named scenarios by the names parameterized tests show. */
  private static final Map<String, Supplier<SyntheticRun>> SCENARIOS =
      Map.of(
          "hockey-stick", SyntheticRun::hockeyStick,
          "noisy", SyntheticRun::noisy,
          "queue-limited", SyntheticRun::queueLimited,
          "wide", SyntheticRun::wide,
          "flat", SyntheticRun::flat,
          "linear", SyntheticRun::linear);

  int servers = 8;
  double serviceMillis = 500;
  DoubleUnaryOperator prefillMillisAtRate = rate -> 40;
  double ttfbMillis = 15;
  double noiseSigma = 0.05;
  List<Double> stepRates = staircase(2, 12);
  double stepSeconds = 30;
  double warmupSeconds = 0;
  int maxQueue = Integer.MAX_VALUE;
  HeaderTiming headerTiming = HeaderTiming.AT_ACCEPT;

  /**
   * Share of each request's wait for a server that it spends before its headers: 0 (the default)
   * for a server that answers at acceptance and queues after (vLLM), 1 for one whose connections
   * wait for a worker before any answer (llama.cpp's HTTP pool, a gateway's connection limit), in
   * between for both queues.
   */
  double waitBeforeHeadersFraction;

  /** Whether records carry the server's {@code queue_time_ms}, as vLLM's metrics object does. */
  boolean reportQueueTime;

  String run = "synthetic";
  long seed = 1;
  long epochStartMillis = EPOCH_START;

  /** Named scenarios the accuracy tests run over; each has a known capacity c/S. */
  static SyntheticRun hockeyStick() {
    return new SyntheticRun();
  }

  /** Heavy noise on TTFB and prefill, fewer faster servers. */
  static SyntheticRun noisy() {
    return queue(4, 250, 7).with(run -> run.noiseSigma = 0.5);
  }

  /** A bounded queue: beyond 32 waiting requests the server answers 429. */
  static SyntheticRun queueLimited() {
    return queue(16, 1000, 11).with(run -> run.maxQueue = 32);
  }

  /** Many servers, long requests, a wide staircase. */
  static SyntheticRun wide() {
    return queue(32, 800, 23)
        .with(run -> run.prefillMillisAtRate = rate -> 120)
        .with(run -> run.ttfbMillis = 200)
        .with(run -> run.stepRates = staircase(5, 12));
  }

  /** Far below capacity at every step: nothing queues. */
  static SyntheticRun flat() {
    return queue(64, 500, 3).with(run -> run.stepRates = staircase(1, 8));
  }

  /** No queueing, but the gap grows linearly with the rate (prefill 40 ms + 10 ms per rps). */
  static SyntheticRun linear() {
    return queue(64, 500, 5)
        .with(run -> run.stepRates = staircase(2, 8))
        .with(run -> run.prefillMillisAtRate = rate -> 40 + 10 * rate);
  }

  /**
   * The default run on {@code servers} servers of mean service time {@code serviceMillis}, drawn
   * from {@code seed}.
   */
  private static SyntheticRun queue(int servers, double serviceMillis, long seed) {
    SyntheticRun run = new SyntheticRun();
    run.servers = servers;
    run.serviceMillis = serviceMillis;
    run.seed = seed;
    return run;
  }

  /** This run after {@code change}, e.g. {@code with(run -> run.maxQueue = 32)}. */
  SyntheticRun with(Consumer<SyntheticRun> change) {
    change.accept(this);
    return this;
  }

  /** {@code count} steps rising by {@code rate} requests/s: rate, 2 × rate, …, count × rate. */
  static List<Double> staircase(double rate, int count) {
    return IntStream.rangeClosed(1, count).mapToObj(i -> i * rate).toList();
  }

  /**
   * Arguments (name, {@code Supplier<SyntheticRun>}) of the scenarios {@code names}, in that order,
   * for a {@code @MethodSource}.
   */
  static Stream<Arguments> scenarios(String... names) {
    return Stream.of(names).map(name -> Arguments.of(name, SCENARIOS.get(name)));
  }

  double capacityRate() {
    return servers / serviceMillis * 1000;
  }

  List<RequestRecord> records() {
    Random random = new Random(seed);
    PriorityQueue<Double> serverFreeAt = new PriorityQueue<>(Collections.nCopies(servers, 0.0));
    ArrayDeque<Double> waitingUntil = new ArrayDeque<>();
    List<RequestRecord> records = new ArrayList<>();
    double time = 0;
    long userId = 0;
    if (warmupSeconds > 0) {
      double rate = stepRates.get(0);
      double end = warmupSeconds * 1000;
      while (true) {
        time += exponential(random, 1000 / rate);
        if (time >= end) {
          time = end;
          break;
        }
        records.add(request(random, serverFreeAt, waitingUntil, time, userId++, 0, null, rate));
      }
    }
    for (int i = 0; i < stepRates.size(); i++) {
      double rate = stepRates.get(i);
      double end = time + stepSeconds * 1000;
      String label = String.format(Locale.ROOT, "step %d · %s rps", i + 1, rate);
      double t = time;
      while (true) {
        t += exponential(random, 1000 / rate);
        if (t >= end) {
          break;
        }
        records.add(request(random, serverFreeAt, waitingUntil, t, userId++, i + 1, label, rate));
      }
      time = end;
    }
    return records;
  }

  private RequestRecord request(
      Random random,
      PriorityQueue<Double> serverFreeAt,
      ArrayDeque<Double> waitingUntil,
      double arrival,
      long userId,
      int step,
      String label,
      double rate) {
    while (!waitingUntil.isEmpty() && waitingUntil.peekFirst() <= arrival) {
      waitingUntil.pollFirst();
    }
    long start = epochStartMillis + Math.round(arrival);
    long ttfb = Math.max(1, Math.round(ttfbMillis * noise(random)));
    RequestPhase phase = step == 0 ? RequestPhase.WARMUP : RequestPhase.STEP;
    RequestRecordBuilder request =
        TestRecords.builder()
            .identity(id -> id.run(run).userId(userId))
            .level(lv -> lv.phase(phase).step(step).stepLabel(label).offeredRate(rate))
            .input(in -> in.model("synthetic").promptTokens(100).maxTokens(OUTPUT_TOKENS))
            .timings(t -> t.startEpochMillis(start));
    if (waitingUntil.size() >= maxQueue) {
      long refusedTtfb = ttfb;
      return TestRecords.queueFull(request.timings(t -> t.ttfbMillis(refusedTtfb))).build();
    }
    double prefill = prefillMillisAtRate.applyAsDouble(rate) * noise(random);
    double decode =
        exponential(random, Math.max(1, serviceMillis - prefillMillisAtRate.applyAsDouble(rate)));
    double free = serverFreeAt.poll();
    double serviceStart = Math.max(arrival, free);
    serverFreeAt.add(serviceStart + prefill + decode);
    if (serviceStart > arrival) {
      waitingUntil.addLast(serviceStart);
    }
    double wait = serviceStart - arrival;
    ttfb += Math.round(waitBeforeHeadersFraction * wait);
    wait -= Math.round(waitBeforeHeadersFraction * wait);
    long ttft = ttfb + Math.round(wait + prefill);
    long e2e = ttfb + Math.round(wait + prefill + decode);
    List<Long> itl = new ArrayList<>();
    long interval = Math.round(decode / (OUTPUT_TOKENS - 1));
    if (headerTiming == HeaderTiming.BUFFERED) {
      ttft = e2e;
      ttfb = e2e - 1;
      interval = 0;
    } else if (headerTiming == HeaderTiming.WITH_FIRST_TOKEN) {
      ttfb = ttft;
    }
    for (int k = 0; k < OUTPUT_TOKENS - 1; k++) {
      itl.add(interval);
    }
    long servedTtfb = ttfb;
    return TestRecords.streamed(
            request
                .identity(id -> id.requestId("chatcmpl-" + userId))
                .timings(t -> t.ttfbMillis(servedTtfb)),
            ttft,
            e2e,
            itl,
            OUTPUT_TOKENS)
        .serverTimings(reportQueueTime ? Map.of("queue_time_ms", wait) : null)
        .build();
  }

  private double noise(Random random) {
    return Math.exp(noiseSigma * random.nextGaussian() - noiseSigma * noiseSigma / 2);
  }

  private static double exponential(Random random, double mean) {
    return -mean * Math.log(1 - random.nextDouble());
  }
}
