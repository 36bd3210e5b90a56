package dev.ttftgap.breaker;

import dev.ttftgap.record.FailureReason;
import dev.ttftgap.record.RequestRecord;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Decides, while a step of open stairs runs, that the server is saturated and more load would only
 * add queue, so that the stairs stop instead of climbing on ({@code load.stopWhenSaturated}).
 *
 * <p>Algorithm overview: the glue reports each arrival ({@link #arrived}), each finished request
 * ({@link #observe}) and, every {@value #SAMPLE_MILLIS} ms, the requests in flight ({@link
 * #sample}), all on the run's own elapsed-time clock. At each sample, within the step under way:
 *
 * <ol>
 *   <li>The window: from the step's start plus a settling time of min(2 × W, a quarter of the
 *       step), W the median sojourn of the last {@value SaturationWindow#SOJOURN_MEMORY} finished
 *       requests (as {@code SteadyStateDetector} skips the move to the new level), to now, at most
 *       the last {@value SaturationWindow#MAX_WINDOW_MILLIS} ms. It is judged once it spans half
 *       the settled step (at least {@value SaturationWindow#MIN_WINDOW_MILLIS} ms, at most {@value
 *       SaturationWindow#MAX_WINDOW_MILLIS} ms, never more than ¾ of it) and holds at least {@value
 *       SteadyStateDetector#MIN_REQUESTS} arrivals and 2 × {@value SteadyStateDetector#BATCHES}
 *       samples.
 *   <li>Completions do not keep up: with A the window's arrivals, at most the offered rate × its
 *       length (a Poisson burst above the offered rate is not saturation), and C its successful
 *       completions (whichever step they were sent in), C &lt; {@value
 *       SaturationDetector#THRESHOLD_RATIO} × A, the post-run analysis's saturation test ({@code
 *       SaturationDetector}), and the deficit A − C is beyond a Poisson count's noise: at least
 *       {@value SaturationWindow#DEFICIT_SIGMAS} × √A. In conversations a stair's rate counts
 *       users, each sending several requests, so A is not capped there.
 *   <li>Backlog rising: the samples are averaged in {@value SteadyStateDetector#BATCHES} equal
 *       batches and tested by {@link SteadyStateDetector#backlogRising}, the post-run analysis's
 *       own trend test (t &gt; 3 and a rise of at least max(1, 10 % of the mean)).
 *   <li>Both held for {@value #CONFIRM_MILLIS} ms (a lapse of up to {@value #LAPSE_MILLIS} ms, a
 *       count jumping across a threshold, does not restart it): the stop. Its verdict names the
 *       step, the achieved and arriving rates, the backlog and the untried steps.
 * </ol>
 *
 * <p>After the stop the glue sends nothing more, drains the requests in flight for {@link
 * #drainMillis()} = max({@value #MIN_DRAIN_MILLIS} ms, 2 × the low-load e2e median), at most the
 * stream timeout, then cuts the rest ({@link FailureReason#STOPPED_SATURATED}). <b>Bound</b>: when
 * the stop fires in the step it judges, no request sent in that step is in flight longer than the
 * step's length (ramp included) plus the drain bound; a step needs about settling + {@value
 * SaturationWindow#MIN_WINDOW_MILLIS} ms + {@value #CONFIRM_MILLIS} ms to be judged (9.5 s for a
 * 10-s step).
 *
 * <p>Assumptions: an open model (arrivals do not wait for completions; in a closed one the backlog
 * cannot grow and this never fires); the warm-up is never judged; one clock for every call. A
 * server that fails fast (429s, errors) does not build a backlog: the circuit breaker handles it.
 * Once stopped it stays stopped. Thread-safe. Measured on a seeded queue ({@code
 * SaturationStopTest}): noisy low load never stopped (0 of 100); a 1.33 req/s server offered
 * Poisson 1, 2, 4 … rps in 20-s steps stopped at 2 rps in about 60 % of seeds and at 4 rps in the
 * rest, and at 1 rps (75 % of its capacity, a burst) in about 1 %: a short Poisson window is noisy.
 * Evenly spaced arrivals and fixed service times stop at the first saturated step.
 *
 * <p>Parameters with defaults: sample every 200 ms, settling min(2 W, ¼ step), window half the
 * settled step within 5-30 s, ratio 0.9, deficit 1.5 √A, 12 batches (t &gt; 3), confirmation 2 s,
 * drain max(10 s, 2 × low-load e2e p50) up to the stream timeout. Example: a server of capacity 1
 * req/s (2 slots × 2 s) offered 2 rps evenly in 10-s steps: 2.5 s of settling, then a 5-s window
 * with 10 arrivals and 5 completions (5 ≥ 1.5 √10 = 4.7) and the backlog rising at +1/s; 2 s of
 * confirmation later the stairs stop, 9.6 s into the step; the 4, 6, 8 and 10 rps steps are not
 * run.
 *
 * <pre>{@code
 * SaturationStop stop = new SaturationStop(stairs, streamTimeoutMillis);
 * // before each request: if (stop.stopped()) send nothing; else stop.arrived(elapsedMillis)
 * // each record:         stop.observe(record, elapsedMillis)
 * // every 200 ms:        stop.sample(elapsedMillis, records.inFlight())
 * }</pre>
 */
public final class SaturationStop {
  /** How often the glue should sample the requests in flight. */
  public static final long SAMPLE_MILLIS = 200;

  static final long CONFIRM_MILLIS = 2000;
  static final long LAPSE_MILLIS = 1000;
  static final long MIN_DRAIN_MILLIS = 10_000;

  /**
   * One step of the stairs on the run's clock.
   *
   * @param step its index (1 = first step after the warm-up)
   * @param label e.g. {@code step 2 · 2 rps}
   * @param rate its offered rate, requests/s
   * @param startMillis its start, ms since the start of the run
   * @param endMillis its end, ms since the start of the run
   */
  public record Stair(int step, String label, double rate, long startMillis, long endMillis) {}

  /**
   * Why the stairs stopped.
   *
   * @param step the saturated step
   * @param label its label
   * @param rate its offered rate, requests/s
   * @param arrivalRatePerSec arrivals measured in the judged window, requests/s
   * @param achievedRatePerSec successful completions in the judged window, requests/s
   * @param backlog the trend in words, e.g. {@code the requests in flight rose 2.1 → 6.8 (+0.95 per
   *     s)}
   * @param stepStartMillis when the saturated step started, ms since the start of the run
   * @param atMillis when it was decided, ms since the start of the run
   * @param drainMillis how long the requests in flight may still finish, ms
   * @param untried the steps that will not run
   */
  public record Verdict(
      int step,
      String label,
      double rate,
      double arrivalRatePerSec,
      double achievedRatePerSec,
      String backlog,
      long stepStartMillis,
      long atMillis,
      long drainMillis,
      List<Stair> untried) {
    public Verdict {
      untried = List.copyOf(untried);
    }

    /**
     * The run note, e.g. {@code Not run: step 3 · 4 rps, step 4 · 6 rps: the server was saturated
     * at step 2 (2 rps): achieved 1.02 req/s, backlog rising (the requests in flight rose 2.1 → 6.8
     * (+0.95 per s); 1.98 req/s arriving). The stairs stopped 9.4 s into step 2
     * (load.stopWhenSaturated); the requests in flight had up to 10 s to finish, then were cut.}
     */
    public String note() {
      String notRun =
          untried.isEmpty()
              ? "No step left untried"
              : "Not run: " + untried.stream().map(Stair::label).collect(Collectors.joining(", "));
      return String.format(
          Locale.ROOT,
          "%s: the server was saturated at step %d (%s rps): achieved %.2f req/s, backlog rising"
              + " (%s; %.2f req/s arriving). The stairs stopped %.1f s into step %d"
              + " (load.stopWhenSaturated); the requests in flight had up to %d s to finish, then"
              + " were cut.",
          notRun,
          step,
          trim(rate),
          achievedRatePerSec,
          backlog,
          arrivalRatePerSec,
          (atMillis - stepStartMillis) / 1000.0,
          step,
          Math.round(drainMillis / 1000.0));
    }
  }

  private final List<Stair> stairs;
  private final boolean ratesAreRequests;
  private final SaturationWindow window = new SaturationWindow();
  private final DrainBound drain;
  private Integer currentStep;
  private Long heldSinceMillis;
  private long lastHeldMillis;
  private volatile Verdict verdict;

  /**
   * Stairs whose rates are requests per second.
   *
   * @param stairs the steps after the warm-up, in order
   * @param streamTimeoutMillis the profile's stream timeout: the drain never lasts longer
   */
  public SaturationStop(List<Stair> stairs, long streamTimeoutMillis) {
    this(stairs, streamTimeoutMillis, true);
  }

  /**
   * @param stairs the steps after the warm-up, in order
   * @param streamTimeoutMillis the profile's stream timeout: the drain never lasts longer
   * @param ratesAreRequests false when a stair's rate counts users that send several requests
   *     (conversations): then arrivals are not capped at the offered rate
   */
  public SaturationStop(List<Stair> stairs, long streamTimeoutMillis, boolean ratesAreRequests) {
    if (stairs.isEmpty()) {
      throw new IllegalArgumentException("at least one stair");
    }
    this.stairs = List.copyOf(stairs);
    this.drain = new DrainBound(this.stairs.get(0).step(), streamTimeoutMillis);
    this.ratesAreRequests = ratesAreRequests;
  }

  /** True once the stairs must stop. */
  public boolean stopped() {
    return verdict != null;
  }

  /** Why they stopped; empty while they have not. */
  public Optional<Verdict> verdict() {
    return Optional.ofNullable(verdict);
  }

  /** A request was sent at {@code nowMillis}. */
  public synchronized void arrived(long nowMillis) {
    window.arrived(nowMillis);
  }

  /** A request ended at {@code nowMillis} with {@code record}. */
  public synchronized void observe(RequestRecord record, long nowMillis) {
    if (FailureReason.causedByClient(record.result().reason())) {
      return;
    }
    if (record.ok()) {
      window.completed(nowMillis);
      drain.succeeded(record);
    }
    Long sojourn =
        record.timings().e2eMillis() != null
            ? record.timings().e2eMillis()
            : record.timings().ttftMillis() != null
                ? record.timings().ttftMillis()
                : record.timings().ttfbMillis();
    if (sojourn != null) {
      window.sojourn(sojourn);
    }
  }

  /**
   * The drain bound: max({@value #MIN_DRAIN_MILLIS} ms, 2 × the median e2e of the first step's
   * successful requests, else the warm-up's), at most the stream timeout.
   */
  public synchronized long drainMillis() {
    return drain.millis();
  }

  /**
   * {@code inFlight} requests were in flight at {@code nowMillis}: judges the step under way.
   *
   * @return the verdict, the first time the stairs must stop; empty otherwise
   */
  public synchronized Optional<Verdict> sample(long nowMillis, int inFlight) {
    window.sample(nowMillis, inFlight);
    if (verdict != null) {
      return Optional.empty();
    }
    Stair stair = stairAt(nowMillis);
    if (stair == null) {
      heldSinceMillis = null;
      return Optional.empty();
    }
    if (currentStep == null || currentStep != stair.step()) {
      currentStep = stair.step();
      heldSinceMillis = null;
    }
    SaturationWindow.Judged judged = window.judge(stair, nowMillis, ratesAreRequests);
    if (judged == null || !judged.stop()) {
      // a count that jumps back and forth across a threshold does not restart the confirmation
      if (heldSinceMillis != null && nowMillis - lastHeldMillis > LAPSE_MILLIS) {
        heldSinceMillis = null;
      }
      return Optional.empty();
    }
    lastHeldMillis = nowMillis;
    if (heldSinceMillis == null) {
      heldSinceMillis = nowMillis;
    }
    if (nowMillis - heldSinceMillis < CONFIRM_MILLIS) {
      return Optional.empty();
    }
    List<Stair> untried = stairs.stream().filter(s -> s.step() > stair.step()).toList();
    verdict =
        new Verdict(
            stair.step(),
            stair.label(),
            stair.rate(),
            judged.arrivalRate(),
            judged.achievedRate(),
            judged.backlog(),
            stair.startMillis(),
            nowMillis,
            drainMillis(),
            untried);
    return Optional.of(verdict);
  }

  private Stair stairAt(long nowMillis) {
    for (Stair stair : stairs) {
      if (nowMillis >= stair.startMillis() && nowMillis < stair.endMillis()) {
        return stair;
      }
    }
    return null;
  }

  private static String trim(double value) {
    return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
  }
}
