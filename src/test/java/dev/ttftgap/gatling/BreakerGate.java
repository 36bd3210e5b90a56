package dev.ttftgap.gatling;

import static io.gatling.javaapi.core.CoreDsl.*;

import dev.ttftgap.breaker.BreakerTrip;
import dev.ttftgap.breaker.CircuitBreaker;
import dev.ttftgap.record.RecordWriter;
import dev.ttftgap.record.RequestRecord;
import io.gatling.javaapi.core.ChainBuilder;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

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
              trippedAtNanos.set(System.nanoTime());
              System.out.println(
                  "ttft-gap: circuit breaker: "
                      + trip.sentence()
                      + "; no new request is sent, "
                      + records.inFlight()
                      + " in flight may finish");
            });
  }

  /** The chain every user passes before each request. */
  ChainBuilder chain() {
    return doIf(session -> breaker.tripped())
        .then(
            asLongAs(session -> records.inFlight() > 0 && withinGrace())
                .on(pause(POLL))
                .stopLoadGenerator(
                    session ->
                        "circuit breaker: "
                            + breaker.trip().map(BreakerTrip::sentence).orElse("tripped"))
                .exitHere());
  }

  private boolean withinGrace() {
    return System.nanoTime() - trippedAtNanos.get() < grace.toNanos();
  }
}
