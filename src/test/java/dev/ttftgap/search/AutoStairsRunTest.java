package dev.ttftgap.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.profile.AutoStairs;
import dev.ttftgap.profile.Load;
import dev.ttftgap.record.Outcome;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.TestRecords;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import org.junit.jupiter.api.Test;

class AutoStairsRunTest {
  /** Fractions 0.5, 1, 1.5; 3 single-user requests in 5 s; a burst of 4 for 4–20 s; 10-s steps. */
  private static final AutoStairs CONFIG =
      new AutoStairs(List.of(0.5, 1.0, 1.5), 3, 5, 4, 4, 20, 10, 12, 30, 64);

  private static Load load(AutoStairs config) {
    return new Load(
            Load.Type.OPEN,
            Optional.of(Load.Arrivals.UNIFORM),
            Optional.empty(),
            config.fractions(),
            10,
            0)
        .withAutoStairs(config);
  }

  /**
   * A server that answers every request after {@code serviceMillis}, as many at once as it is sent
   * (ok unless {@code failing}), fed by the run's comb, ticked every 100 ms, for {@code
   * untilMillis}.
   */
  private static final class Simulation {
    final AutoStairsRun run;
    final long serviceMillis;
    final boolean failing;
    final List<String> lines = new ArrayList<>();
    final Map<Long, AutoStairsRun.Admitted> admitted = new HashMap<>();
    final Map<Long, Long> admittedAtMillis = new HashMap<>();
    final PriorityQueue<long[]> ends = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]));
    int maxInFlight;
    long nextUser = 1;
    long now;

    Simulation(AutoStairs config, long serviceMillis, boolean failing) {
      this.run = new AutoStairsRun(load(config), lines::add);
      this.serviceMillis = serviceMillis;
      this.failing = failing;
    }

    Simulation until(long untilMillis) {
      double interval = 1000 / run.combRate();
      double nextCandidate = now;
      for (; now <= untilMillis && !run.finished(); now++) {
        while (!ends.isEmpty() && ends.peek()[0] <= now) {
          long user = ends.poll()[1];
          run.onRecord(
              TestRecords.builder()
                  .identity(id -> id.userId(user))
                  .result(res -> res.outcome(failing ? Outcome.KO : Outcome.OK))
                  .timings(
                      t ->
                          t.e2eMillis(failing ? null : serviceMillis)
                              .ttftMillis(failing ? null : 0L))
                  .output(o -> o.outputTokens(failing ? null : 10))
                  .build(),
              now);
        }
        if (now % 100 == 0) {
          run.tick(now);
        }
        while (nextCandidate <= now) {
          nextCandidate += interval;
          long user = nextUser++;
          AutoStairsRun.Admitted slot = run.admit(user, now);
          if (slot != null) {
            admitted.put(user, slot);
            admittedAtMillis.put(user, now);
            ends.add(new long[] {now + serviceMillis, user});
            maxInFlight = Math.max(maxInFlight, run.inFlight());
          }
        }
      }
      return this;
    }

    long count(String label) {
      return admitted.values().stream().filter(a -> a.label().equals(label)).count();
    }
  }

  @Test
  void theSingleUserPhaseSendsOneRequestAtATimeThenTheBurstKeepsItsConcurrency() {
    Simulation sim = new Simulation(CONFIG, 100, false).until(299);

    assertThat(sim.count("calibration · single user"))
        .as("three requests of 100 ms, one after the other, in the first 300 ms")
        .isEqualTo(3);
    assertThat(sim.maxInFlight).as("never two at once in the single-user phase").isEqualTo(1);

    sim.until(3_000);
    assertThat(sim.run.stage()).isEqualTo(AutoStairsRun.Stage.BURST);
    assertThat(sim.maxInFlight).as("the burst keeps its 4 requests in flight").isEqualTo(4);
    assertThat(sim.lines.get(0))
        .isEqualTo("ttft-gap: calibration · single user: 3 sent, 3 succeeded, e2e median 100 ms");
    assertThat(sim.admitted.values())
        .as("calibration requests carry their own phase and step 0")
        .allSatisfy(
            a -> {
              assertThat(a.phase()).isEqualTo(RequestPhase.CALIBRATION);
              assertThat(a.step()).isZero();
            });
  }

  @Test
  void theBurstEstimatesTheThroughputAndTheStairsArePlacedAroundIt() {
    // 4 in flight, 100 ms each: 40 completions per second
    Simulation sim = new Simulation(CONFIG, 100, false).until(6_000);

    AutoStairsPlan plan = sim.run.plan().orElseThrow();
    assertThat(plan.estimateRatePerSec()).as("μ̂ of a 4 × 100 ms server").isBetween(38.0, 42.0);
    assertThat(plan.burstSeconds()).as("max(4 s, 4 × 0.1 s)").isEqualTo(4);
    assertThat(plan.ratesPerSec())
        .as("0.5, 1, 1.5 × the estimate")
        .hasSize(3)
        .satisfies(r -> assertThat(r.get(1)).isEqualTo(plan.estimateRatePerSec(), within(0.5)));
    assertThat(sim.lines)
        .as("the stairs are printed before they start")
        .anyMatch(line -> line.startsWith("ttft-gap: auto stairs from a "));
    assertThat(sim.run.stage()).isEqualTo(AutoStairsRun.Stage.STAIRS);
  }

  @Test
  void theStairsAreOrdinaryStepsAtTheirRates() {
    Simulation sim = new Simulation(CONFIG, 100, false).until(120_000);

    assertThat(sim.run.finished()).as("the stairs ended and every request with them").isTrue();
    AutoStairsPlan plan = sim.run.plan().orElseThrow();
    assertThat(plan.stepDurationSeconds()).as("max(10 s, 10 × 0.1 s, 12 / 20 s)").isEqualTo(10);
    for (int i = 0; i < plan.ratesPerSec().size(); i++) {
      double rate = plan.ratesPerSec().get(i);
      String label = "step " + (i + 1) + " · " + AutoStairsPlan.level(rate) + " rps";
      assertThat((double) sim.count(label))
          .as("arrivals of %s over its 10 s", label)
          .isCloseTo(rate * 10, within(1.5));
      int step = i + 1;
      assertThat(sim.admitted.values().stream().filter(a -> a.step() == step))
          .allSatisfy(
              a -> {
                assertThat(a.phase()).isEqualTo(RequestPhase.STEP);
                assertThat(a.rate()).isEqualTo(rate);
                assertThat(a.users()).isNull();
              });
    }
    assertThat(sim.run.outcome()).isEqualTo("the auto stairs ran their 3 steps");
  }

  @Test
  void aBurstThatCompletesNothingEndsTheRunWithoutStairsWithinItsBound() {
    Simulation sim = new Simulation(CONFIG, 100, true).until(60_000);

    assertThat(sim.run.plan()).as("no estimate, no stairs").isEmpty();
    assertThat(sim.run.finished()).isTrue();
    assertThat(sim.run.outcome())
        .startsWith("the burst of 4 completed no request in 20 s, so the stairs cannot be sized");
    assertThat(sim.admittedAtMillis.values().stream().mapToLong(Long::longValue).max().orElse(0))
        .as("nothing admitted after the burst's 20-s bound (it started at ~0.3 s)")
        .isLessThan(21_000);
    assertThat(sim.lines.get(0))
        .as("no single-user request succeeded")
        .contains("3 sent, 0 succeeded, e2e median —");
  }

  @Test
  void theSingleUserPhaseIsBoundedInTime() {
    // 3 s per request: only two fit in the 5-s phase
    Simulation sim = new Simulation(CONFIG, 3_000, false).until(6_100);

    assertThat(sim.count("calibration · single user")).isEqualTo(2);
    assertThat(sim.run.stage()).isEqualTo(AutoStairsRun.Stage.BURST);
  }

  @Test
  void theStepAtAMomentIsZeroUntilTheStairsStart() {
    Simulation sim = new Simulation(CONFIG, 100, false).until(1_000);

    assertThat(sim.run.stepAt(1_000)).as("during the calibration").isZero();
    sim.until(6_000);
    assertThat(sim.run.stepAt(6_000)).as("first step under way").isEqualTo(1);
  }

  @Test
  void theCombCoversMaxRateFourTimesOverAndTheBoundCoversEveryPhase() {
    assertThat(AutoStairsRun.combRate(CONFIG)).as("4 × 64").isEqualTo(256);
    assertThat(AutoStairsRun.maxDurationSeconds(CONFIG))
        .as("5 + 60 (wait) + 20 (burst) + 60 (drain) + 3 × 30")
        .isEqualTo(235);
  }

  private static org.assertj.core.data.Offset<Double> within(double value) {
    return org.assertj.core.data.Offset.offset(value);
  }
}
