package dev.ttftgap.breaker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.FailureReason;
import dev.ttftgap.record.Outcome;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.TestRecords;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link SaturationStop} on synthetic record streams from a small seeded queue: {@code slots}
 * servers, FIFO, service times fixed or exponential, arrivals evenly spaced or Poisson, fed to the
 * stop as the glue feeds it (arrivals, records as they end, the requests in flight every 200 ms).
 */
class SaturationStopTest {
  private static final long STREAM_TIMEOUT_MILLIS = 60_000;

  /** A FIFO server of {@code slots} slots, simulated in 10-ms ticks. */
  private static final class Queue {
    final int slots;
    final double serviceMillis;
    final boolean exponentialService;
    final double failFastShare;
    final Random random;
    final Deque<long[]> waiting = new ArrayDeque<>();
    final PriorityQueue<long[]> running = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]));
    int inFlight;

    Queue(int slots, double serviceMillis, boolean exponential, double failFastShare, long seed) {
      this.slots = slots;
      this.serviceMillis = serviceMillis;
      this.exponentialService = exponential;
      this.failFastShare = failFastShare;
      this.random = new Random(seed);
    }
  }

  /** Runs {@code stairs} (rates) of {@code stepMillis} each against {@code queue}. */
  private static Optional<SaturationStop.Verdict> run(
      SaturationStop stop,
      Queue queue,
      List<SaturationStop.Stair> stairs,
      boolean poisson,
      long seed,
      List<RequestRecord> sink) {
    Random arrivals = new Random(seed);
    long end = stairs.get(stairs.size() - 1).endMillis();
    double nextArrival = stairs.get(0).startMillis();
    long userId = 0;
    for (long t = 0; t < end; t += 10) {
      SaturationStop.Stair stair = stairAt(stairs, t);
      while (stair != null && nextArrival < t + 10) {
        long at = Math.max(t, Math.round(nextArrival));
        stop.arrived(at);
        queue.inFlight++;
        if (queue.random.nextDouble() < queue.failFastShare) {
          // rejected at once: a 429 that builds no backlog
          queue.inFlight--;
          long rejectedId = userId++;
          RequestRecord rejected =
              TestRecords.builder()
                  .identity(id -> id.userId(rejectedId))
                  .level(lv -> lv.step(stair.step()).stepLabel(stair.label()))
                  .timings(tm -> tm.startEpochMillis(at).ttfbMillis(2L))
                  .result(
                      res ->
                          res.outcome(Outcome.KO).reason(FailureReason.HTTP_STATUS).httpStatus(429))
                  .build();
          stop.observe(rejected, at + 2);
          sink.add(rejected);
        } else {
          queue.waiting.addLast(new long[] {at, userId++, stair.step()});
        }
        double gap = 1000.0 / stair.rate();
        nextArrival += poisson ? -Math.log(1 - arrivals.nextDouble()) * gap : gap;
      }
      if (stair == null && t >= stairs.get(0).startMillis()) {
        nextArrival = Math.max(nextArrival, t);
      }
      while (!queue.running.isEmpty() && queue.running.peek()[0] <= t) {
        long[] done = queue.running.poll();
        queue.inFlight--;
        long now = t;
        RequestRecord record =
            TestRecords.builder()
                .identity(id -> id.userId(done[2]))
                .level(lv -> lv.step((int) done[3]))
                .timings(
                    tm ->
                        tm.startEpochMillis(done[1])
                            .ttfbMillis(5L)
                            .ttftMillis(done[4] - done[1] + 50)
                            .e2eMillis(now - done[1]))
                .build();
        stop.observe(record, t);
        sink.add(record);
      }
      while (queue.running.size() < queue.slots && !queue.waiting.isEmpty()) {
        long[] next = queue.waiting.removeFirst();
        double service =
            queue.exponentialService
                ? -Math.log(1 - queue.random.nextDouble()) * queue.serviceMillis
                : queue.serviceMillis;
        queue.running.add(new long[] {t + Math.round(service), next[0], next[1], next[2], t});
      }
      if (t % SaturationStop.SAMPLE_MILLIS == 0) {
        Optional<SaturationStop.Verdict> verdict = stop.sample(t, queue.inFlight);
        if (verdict.isPresent()) {
          return verdict;
        }
      }
    }
    return Optional.empty();
  }

  private static SaturationStop.Stair stairAt(List<SaturationStop.Stair> stairs, long t) {
    for (SaturationStop.Stair stair : stairs) {
      if (t >= stair.startMillis() && t < stair.endMillis()) {
        return stair;
      }
    }
    return null;
  }

  /** Stairs of {@code rates}, each {@code stepMillis} long, after {@code warmupMillis}. */
  private static List<SaturationStop.Stair> stairs(
      long warmupMillis, long stepMillis, double... rates) {
    List<SaturationStop.Stair> stairs = new ArrayList<>();
    for (int i = 0; i < rates.length; i++) {
      long start = warmupMillis + i * stepMillis;
      stairs.add(
          new SaturationStop.Stair(
              i + 1,
              "step " + (i + 1) + " · " + trim(rates[i]) + " rps",
              rates[i],
              start,
              start + stepMillis));
    }
    return stairs;
  }

  private static String trim(double rate) {
    return rate == Math.rint(rate) ? Long.toString((long) rate) : Double.toString(rate);
  }

  @Test
  void aServerOfOneRequestPerSecondOfferedTwoStopsTheStairsWithinThatStep() {
    List<SaturationStop.Stair> stairs = stairs(0, 10_000, 0.5, 2, 4, 6, 8, 10);
    SaturationStop stop = new SaturationStop(stairs, STREAM_TIMEOUT_MILLIS);
    List<RequestRecord> records = new ArrayList<>();
    SaturationStop.Verdict verdict =
        run(stop, new Queue(2, 2000, false, 0, 1), stairs, false, 1, records).orElseThrow();

    assertThat(verdict.step()).as("the first saturated step: 2 rps on 1 req/s").isEqualTo(2);
    assertThat(verdict.atMillis())
        .as("decided inside step 2 [10 s, 20 s), after settling and a 5-s window")
        .isBetween(10_000L + 5_000, 20_000L);
    assertThat(verdict.achievedRatePerSec())
        .as("the server completes about its capacity, 1 req/s")
        .isBetween(0.7, 1.3);
    assertThat(verdict.arrivalRatePerSec()).as("the offered 2 rps arrive").isBetween(1.8, 2.2);
    assertThat(verdict.backlog()).as("in words").startsWith("the requests in flight rose");
    assertThat(verdict.untried())
        .as("the untried steps, in order")
        .extracting(SaturationStop.Stair::step)
        .containsExactly(3, 4, 5, 6);
    assertThat(stop.stopped()).as("stays stopped").isTrue();
    assertThat(stop.sample(verdict.atMillis() + 200, 10)).as("no second verdict").isEmpty();
  }

  @Test
  void theNoteNamesTheUntriedStepsTheSaturatedStepItsAchievedRateAndTheRisingBacklog() {
    List<SaturationStop.Stair> stairs = stairs(0, 10_000, 0.5, 2, 4);
    SaturationStop stop = new SaturationStop(stairs, STREAM_TIMEOUT_MILLIS);
    SaturationStop.Verdict verdict =
        run(stop, new Queue(2, 2000, false, 0, 1), stairs, false, 1, new ArrayList<>())
            .orElseThrow();

    assertThat(verdict.note())
        .as("the sentence of the run notes")
        .startsWith(
            "Not run: step 3 · 4 rps: the server was saturated at step 2 (2 rps): achieved ")
        .contains(" req/s, backlog rising (the requests in flight rose ")
        .contains("The stairs stopped ")
        .contains(" s into step 2 (load.stopWhenSaturated)")
        .endsWith("had up to 10 s to finish, then were cut.");
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4, 5})
  void aServerHeldAtNinetyPercentOfItsCapacityIsNotStoppedThoughItsQueueWanders(long seed) {
    // 8 slots × 1 s = 8 req/s; 7.2 rps Poisson for 60 s: busy, queue wandering, no trend
    List<SaturationStop.Stair> stairs = stairs(0, 60_000, 7.2);
    SaturationStop stop = new SaturationStop(stairs, STREAM_TIMEOUT_MILLIS);
    Optional<SaturationStop.Verdict> verdict =
        run(stop, new Queue(8, 1000, false, 0, seed), stairs, true, seed, new ArrayList<>());
    assertThat(verdict).as("steady at the edge of capacity: no stop").isEmpty();
  }

  @Test
  void aServerServingExactlyItsOfferedRateWithAHighButFlatBacklogIsNotStopped() {
    // 16 slots × 2 s = 8 req/s, offered 7.9 evenly: 16 in flight, flat
    List<SaturationStop.Stair> stairs = stairs(0, 30_000, 7.9);
    SaturationStop stop = new SaturationStop(stairs, STREAM_TIMEOUT_MILLIS);
    assertThat(run(stop, new Queue(16, 2000, false, 0, 7), stairs, false, 7, new ArrayList<>()))
        .as("saturated slots, steady queue: no stop")
        .isEmpty();
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {11, 12, 13, 14, 15, 16, 17, 18})
  void noisyLowLoadIsNeverStopped(long seed) {
    // 1 rps Poisson with exponential service of 1.5 s on 8 slots: bursts, no saturation
    List<SaturationStop.Stair> stairs = stairs(0, 30_000, 0.5, 1, 1.5, 2);
    SaturationStop stop = new SaturationStop(stairs, STREAM_TIMEOUT_MILLIS);
    assertThat(run(stop, new Queue(8, 1500, true, 0, seed), stairs, true, seed, new ArrayList<>()))
        .as("noise at low load: no stop")
        .isEmpty();
  }

  @Test
  void aServerThatRejectsMostRequestsAtOnceBuildsNoBacklogAndIsLeftToTheBreaker() {
    // 60 % rejected in 2 ms: achieved well below arrivals, but nothing queues
    List<SaturationStop.Stair> stairs = stairs(0, 30_000, 4);
    SaturationStop stop = new SaturationStop(stairs, STREAM_TIMEOUT_MILLIS);
    assertThat(run(stop, new Queue(8, 500, false, 0.6, 3), stairs, false, 3, new ArrayList<>()))
        .as("achieved < 0.9 × arrivals alone does not stop the stairs")
        .isEmpty();
  }

  @Test
  void theWarmUpIsNeverJudged() {
    // a 20-s warm-up at 2 rps on a 1 req/s server, then a step at 0.2 rps that drains it
    List<SaturationStop.Stair> stairs = stairs(20_000, 30_000, 0.2);
    SaturationStop stop = new SaturationStop(stairs, STREAM_TIMEOUT_MILLIS);
    Queue queue = new Queue(1, 1000, false, 0, 5);
    List<SaturationStop.Stair> withWarmup = new ArrayList<>();
    withWarmup.add(new SaturationStop.Stair(0, "warm-up · 2 rps", 2, 0, 20_000));
    withWarmup.addAll(stairs);
    // the simulator sends the warm-up's arrivals too; the stop knows only the stairs
    Optional<SaturationStop.Verdict> verdict =
        run(stop, queue, withWarmup, false, 5, new ArrayList<>());
    assertThat(verdict).as("an overloaded warm-up is not a step").isEmpty();
  }

  @Test
  void theDrainBoundIsTenSecondsOrTwiceTheLowLoadE2eAtMostTheStreamTimeout() {
    List<SaturationStop.Stair> stairs = stairs(0, 10_000, 1, 2);
    SaturationStop quick = new SaturationStop(stairs, STREAM_TIMEOUT_MILLIS);
    assertThat(quick.drainMillis()).as("nothing seen yet: the floor").isEqualTo(10_000);
    for (long e2e : new long[] {7_000, 8_000, 9_000}) {
      quick.observe(
          TestRecords.builder().level(lv -> lv.step(1)).timings(tm -> tm.e2eMillis(e2e)).build(),
          5_000);
    }
    quick.observe(
        TestRecords.builder().level(lv -> lv.step(2)).timings(tm -> tm.e2eMillis(60_000L)).build(),
        15_000);
    assertThat(quick.drainMillis())
        .as("2 × the first step's median e2e (8 s), the loaded step's left out")
        .isEqualTo(16_000);

    SaturationStop capped = new SaturationStop(stairs, 12_000);
    capped.observe(
        TestRecords.builder().level(lv -> lv.step(1)).timings(tm -> tm.e2eMillis(30_000L)).build(),
        5_000);
    assertThat(capped.drainMillis()).as("never beyond the stream timeout").isEqualTo(12_000);
  }

  @Test
  void conversationsWhoseRatesCountUsersAreJudgedOnTheRequestsTheySend() {
    // users arrive at 1/3 of the request rate, each sending three requests: 2 req/s at step 2
    List<SaturationStop.Stair> requests = stairs(0, 10_000, 0.5, 2, 4);
    List<SaturationStop.Stair> users =
        requests.stream()
            .map(
                s ->
                    new SaturationStop.Stair(
                        s.step(), s.label(), s.rate() / 3, s.startMillis(), s.endMillis()))
            .toList();
    Optional<SaturationStop.Verdict> asUsers =
        run(
            new SaturationStop(users, STREAM_TIMEOUT_MILLIS, false),
            new Queue(2, 2000, false, 0, 1),
            requests,
            false,
            1,
            new ArrayList<>());
    assertThat(asUsers.map(SaturationStop.Verdict::step))
        .as("rates of users: the requests are what saturate the server")
        .contains(2);
    Optional<SaturationStop.Verdict> asRequests =
        run(
            new SaturationStop(users, STREAM_TIMEOUT_MILLIS),
            new Queue(2, 2000, false, 0, 1),
            requests,
            false,
            1,
            new ArrayList<>());
    assertThat(asRequests.map(SaturationStop.Verdict::step))
        .as("read as request rates, arrivals capped at a third: the stop comes late or never")
        .isNotEqualTo(Optional.of(2));
  }

  @Test
  void aRequestCutByTheStopIsCountedAsCutByTheClientNotAgainstTheServer() {
    assertThat(FailureReason.causedByClient(FailureReason.STOPPED_SATURATED))
        .as("stopped_saturated is the tool's own cut")
        .isTrue();
    assertThat(FailureReason.STOPPED_SATURATED.code())
        .as("its code")
        .isEqualTo("stopped_saturated");
  }

  @Test
  void overAHundredSeedsNoisyLowLoadNeverStopsAndPoissonStairsPastCapacityStopAtStepTwoOrThree() {
    int falseStops = 0;
    int[] stoppedAt = new int[7];
    for (long seed = 100; seed < 200; seed++) {
      // 8 slots, exponential service of 1.5 s (5.3 req/s), Poisson 0.5 → 2 rps
      List<SaturationStop.Stair> low = stairs(0, 30_000, 0.5, 1, 1.5, 2);
      if (run(
              new SaturationStop(low, STREAM_TIMEOUT_MILLIS),
              new Queue(8, 1500, true, 0, seed),
              low,
              true,
              seed,
              new ArrayList<>())
          .isPresent()) {
        falseStops++;
      }
      // 4 slots × 3 s = 1.33 req/s, Poisson 1 → 10 rps in 20-s steps
      List<SaturationStop.Stair> past = stairs(0, 20_000, 1, 2, 4, 6, 8, 10);
      Optional<SaturationStop.Verdict> verdict =
          run(
              new SaturationStop(past, STREAM_TIMEOUT_MILLIS),
              new Queue(4, 3000, false, 0, seed),
              past,
              true,
              seed,
              new ArrayList<>());
      stoppedAt[verdict.map(SaturationStop.Verdict::step).orElse(0)]++;
    }
    assertThat(falseStops)
        .as("stops of 100 noisy low-load runs (0.5 → 2 rps on 5.3 req/s)")
        .isZero();
    assertThat(stoppedAt[0])
        .as("runs of 100 that climbed to 10 rps: %s", Arrays.toString(stoppedAt))
        .isZero();
    assertThat(stoppedAt[1])
        .as(
            "runs of 100 stopped at 1 rps, 75 %% of capacity, by a Poisson burst: %s",
            Arrays.toString(stoppedAt))
        .isLessThanOrEqualTo(1);
    assertThat(stoppedAt[2] + stoppedAt[3])
        .as("runs of 100 stopped at 2 or 4 rps: %s", Arrays.toString(stoppedAt))
        .isGreaterThanOrEqualTo(99);
    assertThat(stoppedAt[2])
        .as("runs of 100 stopped at the first saturated step, 2 rps (a Poisson window is noisy)")
        .isGreaterThanOrEqualTo(50);
  }
}
