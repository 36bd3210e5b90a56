package dev.ttftgap.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.InjectorPart;
import dev.ttftgap.record.Outcome;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.TestRecords;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClosedLoopLagTest {
  static RequestRecord request(String run, long user, int step, long start, Long e2e) {
    return TestRecords.builder()
        .identity(id -> id.run(run).userId(user))
        .level(lv -> lv.step(step).concurrency(2))
        .timings(t -> t.startEpochMillis(start).e2eMillis(e2e))
        .result(res -> res.outcome(Outcome.OK))
        .build();
  }

  @Test
  void eachRequestLagsTheEndOfTheSameUsersPreviousOne() {
    List<RequestRecord> records =
        List.of(
            request("r", 1, 1, 2_000, 900L),
            request("r", 1, 1, 1_000, 990L),
            request("r", 2, 1, 1_000, null),
            request("r", 2, 2, 2_500, 500L),
            request("other", 1, 2, 1_995, 100L));

    assertThat(ClosedLoopLag.of(records))
        .as(
            "user 1 of run r: its second request starts 10 ms after its first ended; user 2's first"
                + " request has no end, the other run's user 1 no previous request")
        .containsExactly(new ClosedLoopLag.Lag(1, 2_000, 10));
  }

  @Test
  void twoInjectorsUsersOfTheSameIdAreDifferentUsers() {
    // every injector numbers its users from 1: part 2's user 1 is not part 1's user 1
    List<RequestRecord> records =
        List.of(
            request("r", 1, 1, 1_000, 500L).withPart(new InjectorPart(1, 2, "a", "run")),
            request("r", 1, 1, 1_200, 500L).withPart(new InjectorPart(2, 2, "b", "run")),
            request("r", 1, 1, 1_505, 500L).withPart(new InjectorPart(1, 2, "a", "run")),
            request("r", 1, 1, 1_702, 500L).withPart(new InjectorPart(2, 2, "b", "run")));

    assertThat(ClosedLoopLag.of(records))
        .as("each injector's user 1 follows its own previous request: 5 ms and 2 ms")
        .containsExactlyInAnyOrder(
            new ClosedLoopLag.Lag(1, 1_505, 5), new ClosedLoopLag.Lag(1, 1_702, 2));
  }
}
