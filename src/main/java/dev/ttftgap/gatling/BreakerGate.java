package dev.ttftgap.gatling;

import static io.gatling.javaapi.core.CoreDsl.*;

import dev.ttftgap.breaker.BreakerTrip;
import dev.ttftgap.breaker.CircuitBreaker;
import dev.ttftgap.breaker.SaturationStop;
import dev.ttftgap.profile.StepSchedule;
import dev.ttftgap.record.FailureReason;
import dev.ttftgap.record.RecordWriter;
import dev.ttftgap.record.RequestRecord;
import io.gatling.javaapi.core.ChainBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Wires a {@link CircuitBreaker} into a run: it sees every record as it is appended, and once it
 * trips, a user that reaches the gate sends nothing more; it waits until the requests in flight
 * have finished (at most {@code grace}), then stops the load generator, so Gatling runs {@code
 * after()} (records, capacity report) and writes its own report.
 *
 * <pre>
 * gate:  breaker tripped?  no → on to the request
 *                          yes → wait while requests are in flight (≤ grace) → stopLoadGenerator
 * </pre>
 *
 * <p>With {@link #watch} it also closes for a {@link SaturationStop}: the stairs stop once a step
 * is saturated and its backlog rises; the requests in flight then have the stop's drain bound
 * instead of {@code grace}, and those still in flight are cut as {@code stopped_saturated}. A
 * sampler thread feeds the stop the requests in flight every {@value SaturationStop#SAMPLE_MILLIS}
 * ms between {@link #start} and {@link #stop}. Such a run keeps the exit status of its assertions.
 *
 * <p>The gate acts when a user reaches it: a stop so late in the last step that no user arrives
 * after it lets the requests in flight run to their end, as a run without the stop would.
 *
 * <p>Gatling 3.15's {@code stopLoadGenerator} ends the run as a normal end (the {@code after} hook
 * and the reports run; {@code crashLoadGenerator} skips {@code after}), with the exit status of the
 * assertions: {@link RunEnding} makes it {@link #EXIT_BREAKER} once everything is printed (Gatling
 * has no hook for its exit status: a shutdown hook halts the JVM with it).
 */
final class BreakerGate {
  /** Exit status of a run the circuit breaker stopped. */
  static final int EXIT_BREAKER = 3;

  private static final Duration POLL = Duration.ofMillis(100);

  private final CircuitBreaker breaker;
  private final RecordWriter records;
  private final Duration grace;
  private final AtomicLong trippedAtNanos = new AtomicLong();
  private volatile long graceNanos;
  private volatile boolean saturationFirst;
  private volatile SaturationStop saturation;
  private volatile LongSupplier elapsedMillis;
  private ScheduledExecutorService sampler;

  BreakerGate(CircuitBreaker breaker, RecordWriter records, Duration grace) {
    this.breaker = breaker;
    this.records = records;
    this.grace = grace;
    records.onAppend(this::observe);
  }

  private void observe(RequestRecord record) {
    breaker
        .observe(record)
        .ifPresent(
            trip -> {
              closeGate(grace, false);
              System.out.println(
                  "ttft-gap: circuit breaker: "
                      + trip.sentence()
                      + "; no new request is sent, "
                      + records.inFlight()
                      + " in flight may finish");
            });
  }

  /**
   * Also stops the stairs when {@code stop} decides the server is saturated; {@code elapsedMillis}
   * is the run's clock, the one the stop's stairs are timed on.
   */
  void watch(SaturationStop stop, LongSupplier elapsedMillis) {
    this.elapsedMillis = elapsedMillis;
    this.saturation = stop;
    records.onAppend(record -> stop.observe(record, elapsedMillis.getAsLong()));
  }

  /** The steps of {@code schedule} after the warm-up, as a {@link SaturationStop} reads them. */
  static List<SaturationStop.Stair> stairs(StepSchedule schedule) {
    return schedule.steps().stream()
        .filter(step -> !step.warmup())
        .map(
            step ->
                new SaturationStop.Stair(
                    step.index(), step.label(), step.level(), step.startMillis(), step.endMillis()))
        .toList();
  }

  /** Starts sampling the requests in flight for the saturation stop, if one is watched. */
  void start() {
    SaturationStop stop = saturation;
    if (stop == null) {
      return;
    }
    sampler =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              Thread thread = new Thread(task, "ttft-gap-saturation-stop");
              thread.setDaemon(true);
              return thread;
            });
    sampler.scheduleAtFixedRate(
        () ->
            stop.sample(elapsedMillis.getAsLong(), records.inFlight())
                .ifPresent(
                    verdict -> {
                      closeGate(Duration.ofMillis(verdict.drainMillis()), true);
                      System.out.println(
                          "ttft-gap: stairs stopped: "
                              + verdict.note()
                              + " No new request is sent, "
                              + records.inFlight()
                              + " in flight may finish.");
                    }),
        SaturationStop.SAMPLE_MILLIS,
        SaturationStop.SAMPLE_MILLIS,
        TimeUnit.MILLISECONDS);
  }

  /** Stops the sampler. */
  void stop() {
    if (sampler != null) {
      sampler.shutdownNow();
    }
  }

  /** Why the stairs stopped early; empty when they did not (or the breaker stopped them first). */
  Optional<SaturationStop.Verdict> saturationVerdict() {
    SaturationStop stop = saturation;
    return stop == null || !saturationFirst ? Optional.empty() : stop.verdict();
  }

  /**
   * Call before closing the records: the requests still in flight are written as cut by the breaker
   * or by the saturation stop, whichever stopped the run.
   */
  void markInFlight() {
    Optional<SaturationStop.Verdict> verdict = saturationVerdict();
    Optional<BreakerTrip> trip = breaker.trip();
    if (verdict.isPresent()) {
      SaturationStop.Verdict v = verdict.get();
      records.markInFlightAs(
          FailureReason.STOPPED_SATURATED,
          "cut by the client: the stairs stopped at "
              + v.label()
              + " (the server was saturated) and the request was still in flight "
              + Math.round(v.drainMillis() / 1000.0)
              + " s later");
    } else {
      trip.ifPresent(
          t ->
              records.markInFlightAs(
                  FailureReason.STOPPED_BY_BREAKER,
                  "cut when the circuit breaker stopped the run: " + t.sentence()));
    }
  }

  /** The chain every user passes before each request. */
  ChainBuilder chain() {
    return doIf(session -> closed())
        .then(
            asLongAs(session -> records.inFlight() > 0 && withinGrace())
                .on(pause(POLL))
                .stopLoadGenerator(session -> whyClosed())
                .exitHere())
        .exec(
            session -> {
              SaturationStop stop = saturation;
              if (stop != null) {
                stop.arrived(elapsedMillis.getAsLong());
              }
              return session;
            });
  }

  private boolean closed() {
    SaturationStop stop = saturation;
    return breaker.tripped() || (stop != null && stop.stopped());
  }

  private String whyClosed() {
    return saturationVerdict()
        .map(v -> "stairs stopped: " + v.note())
        .or(() -> breaker.trip().map(trip -> "circuit breaker: " + trip.sentence()))
        .orElse("stopped");
  }

  /** The first stop wins: its instant and its grace. */
  private synchronized void closeGate(Duration allowed, boolean bySaturation) {
    if (trippedAtNanos.get() == 0) {
      graceNanos = allowed.toNanos();
      saturationFirst = bySaturation;
      trippedAtNanos.set(System.nanoTime());
    }
  }

  private boolean withinGrace() {
    return System.nanoTime() - trippedAtNanos.get() < graceNanos;
  }
}
