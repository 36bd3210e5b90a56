package dev.ttftgap.breaker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.FailureReason;
import dev.ttftgap.record.Outcome;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.TestRecords;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CircuitBreakerTest {
  private long clock = 1_000_000;

  private RequestRecord ok() {
    return TestRecords.builder()
        .level(lv -> lv.step(3).stepLabel("step 3 · 6 rps"))
        .timings(t -> t.startEpochMillis(clock += 100))
        .build();
  }

  private RequestRecord failed(FailureReason reason, Integer status, String message) {
    return TestRecords.builder()
        .level(lv -> lv.step(3).stepLabel("step 3 · 6 rps"))
        .timings(t -> t.startEpochMillis(clock += 100))
        .result(res -> res.outcome(Outcome.KO).reason(reason).httpStatus(status).message(message))
        .build();
  }

  private RequestRecord contextLength() {
    return failed(
        FailureReason.HTTP_STATUS,
        400,
        "This model's maximum context length is 32768 tokens; 200000 ...");
  }

  /** Feeds records until the breaker trips; returns how many it took (or -1). */
  private static int feedUntilTrip(
      CircuitBreaker breaker, java.util.function.Supplier<RequestRecord> next, int max) {
    for (int i = 1; i <= max; i++) {
      if (breaker.observe(next.get()).isPresent()) {
        return i;
      }
    }
    return -1;
  }

  @Test
  void anEndpointRejectingEverythingWithOneReasonTripsItAfterTheConsecutiveLimit() {
    CircuitBreaker breaker = new CircuitBreaker(BreakerPolicy.DEFAULTS);
    int n = feedUntilTrip(breaker, this::contextLength, 100);
    assertThat(n).as("trips at the 10th failure in a row").isEqualTo(10);
    assertThat(breaker.trip().orElseThrow().sentence())
        .as("the verdict names the step and the reason")
        .isEqualTo(
            "stopped at step 3 · 6 rps: the last 10 requests all failed with HTTP 400 (context"
                + " length)");
  }

  @Test
  void aFullWindowOfMixedFailuresTripsItWithTheCountsByReason() {
    CircuitBreaker breaker = new CircuitBreaker(new BreakerPolicy(true, 20, 50, 1000, 10));
    int[] i = {0};
    int n =
        feedUntilTrip(
            breaker,
            () ->
                switch (i[0]++ % 4) {
                  case 0 -> failed(FailureReason.HTTP_STATUS, 500, "boom");
                  case 1 -> failed(FailureReason.FIRST_TOKEN_TIMEOUT, null, null);
                  case 2 -> failed(FailureReason.HTTP_STATUS, 500, "boom");
                  default -> ok();
                },
            100);
    assertThat(n).as("75 %% failures trip once the window of 20 is full").isEqualTo(20);
    assertThat(breaker.trip().orElseThrow().sentence())
        .as("counts per reason, most frequent first")
        .isEqualTo(
            "stopped at step 3 · 6 rps: 15 of the last 20 requests failed (10 HTTP 500 (server"
                + " error), 5 first_token_timeout)");
  }

  @Test
  void failuresBelowTheErrorRateNeverTripIt() {
    CircuitBreaker breaker = new CircuitBreaker(BreakerPolicy.DEFAULTS);
    int[] i = {0};
    int n =
        feedUntilTrip(
            breaker,
            () -> i[0]++ % 5 < 2 ? failed(FailureReason.HTTP_STATUS, 500, "x") : ok(),
            1000);
    assertThat(n).as("40 %% failures stay under the 50 %% threshold").isEqualTo(-1);
    assertThat(breaker.tripped()).as("not tripped").isFalse();
  }

  @Test
  void rateLimitingBeyondTheToleranceTripsItAndEstimatesTheLimiter() {
    CircuitBreaker breaker = new CircuitBreaker(BreakerPolicy.DEFAULTS);
    int n =
        feedUntilTrip(
            breaker, () -> failed(FailureReason.HTTP_STATUS, 429, "Too Many Requests"), 100);
    assertThat(n).as("3 429s exceed 10 %% of a 20-request window").isEqualTo(3);
    assertThat(breaker.trip().orElseThrow().sentence())
        .as("names the limiter")
        .startsWith(
            "stopped at step 3 · 6 rps: 3 of the last 3 requests were rate-limited (HTTP 429),"
                + " above the profile's tolerance of 10%; the limiter let through about 0.00"
                + " requests/s");
  }

  @Test
  void requestsTheToolCutItselfAreIgnored() {
    CircuitBreaker breaker = new CircuitBreaker(BreakerPolicy.DEFAULTS);
    int n =
        feedUntilTrip(breaker, () -> failed(FailureReason.INTERRUPTED, null, "the run ended"), 100)
            + feedUntilTrip(
                breaker, () -> failed(FailureReason.STOPPED_BY_BREAKER, null, "cut"), 100);
    assertThat(n).as("never trips on interrupted or stopped_by_breaker").isEqualTo(-2);
  }

  @Test
  void aDisabledBreakerNeverTrips() {
    CircuitBreaker breaker = new CircuitBreaker(new BreakerPolicy(false, 20, 50, 10, 10));
    assertThat(feedUntilTrip(breaker, this::contextLength, 100)).as("off").isEqualTo(-1);
  }

  @Test
  void itStaysTrippedAndReportsOnlyTheFirstTrip() {
    CircuitBreaker breaker = new CircuitBreaker(BreakerPolicy.DEFAULTS);
    feedUntilTrip(breaker, this::contextLength, 100);
    Optional<BreakerTrip> again = breaker.observe(contextLength());
    assertThat(again).as("no second trip").isEmpty();
    assertThat(breaker.tripped()).as("still tripped").isTrue();
  }

  @Test
  void aWarmUpFailureSaysSo() {
    CircuitBreaker breaker = new CircuitBreaker(new BreakerPolicy(true, 20, 50, 1, 10));
    breaker.observe(
        TestRecords.builder()
            .level(lv -> lv.phase(RequestPhase.WARMUP).step(0))
            .result(
                res ->
                    res.outcome(Outcome.KO)
                        .reason(FailureReason.HTTP_STATUS)
                        .httpStatus(401)
                        .message("bad key"))
            .build());
    assertThat(breaker.trip().orElseThrow().sentence())
        .as("warm-up named")
        .isEqualTo(
            "stopped during the warm-up: the last 1 requests all failed with HTTP 401 (unauthorized)");
  }
}
