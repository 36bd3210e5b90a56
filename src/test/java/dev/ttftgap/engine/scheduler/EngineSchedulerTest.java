package dev.ttftgap.engine.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class EngineSchedulerTest {
  // base 10 ms, 1 ms per sequence, 0.1 ms per prefill token
  private static StepCostModel costs(int maxNumSeqs, int budget, int maxWaiting) {
    return new StepCostModel(maxNumSeqs, budget, maxWaiting, 10.0, 1.0, 0.1, 16, 0);
  }

  @Test
  void idleEngineEmitsFirstTokenAtEndOfPrefillStep() {
    VirtualTimeDriver driver = new VirtualTimeDriver(costs(4, 2048, 10));

    driver.submit("a", 100, 3);
    driver.runUntilIdle();

    // 10 + 1 × 1 + 0.1 × 100 = 21 ms, then decode steps of 10 + 1 = 11 ms
    assertThat(driver.tokens())
        .as("first token after the prefill step, later ones one decode step apart")
        .extracting(VirtualTimeDriver.Token::micros)
        .containsExactly(21_000L, 32_000L, 43_000L);
    assertThat(driver.tokens().get(2).last()).as("third of 3 tokens is the last").isTrue();
    assertThat(driver.scheduler().runningCount()).isZero();
  }

  @Test
  void longPromptIsPrefilledInChunksOfTheTokenBudget() {
    VirtualTimeDriver driver = new VirtualTimeDriver(costs(4, 512, 10));

    driver.submit("a", 1200, 1);
    driver.runUntilIdle();

    // chunks 512 + 512 + 176: (10 + 1 + 51.2) + (10 + 1 + 51.2) + (10 + 1 + 17.6) ms
    assertThat(driver.firstTokenMicros("a"))
        .as("three prefill steps before the first token")
        .isEqualTo(62_200L + 62_200L + 28_600L);
    assertThat(driver.scheduler().stepsRun()).isEqualTo(3);
  }

  @Test
  void atMostMaxNumSeqsRunAndLaterRequestsGetTheirFirstTokenInWaves() {
    VirtualTimeDriver driver = new VirtualTimeDriver(costs(2, 2048, 10));

    driver.together(() -> IntStream.range(0, 6).forEach(i -> driver.submit("s" + i, 10, 4)));
    assertThat(driver.scheduler().runningCount()).as("first step admits 2").isEqualTo(2);
    assertThat(driver.scheduler().waitingCount()).isEqualTo(4);
    driver.runUntilIdle();

    long wave1 = driver.firstTokenMicros("s0");
    long wave2 = driver.firstTokenMicros("s2");
    long wave3 = driver.firstTokenMicros("s4");
    assertThat(driver.firstTokenMicros("s1")).as("s0 and s1 share a wave").isEqualTo(wave1);
    assertThat(driver.firstTokenMicros("s3")).as("s2 and s3 share a wave").isEqualTo(wave2);
    assertThat(wave2 - wave1)
        .as("second wave waits for 4 tokens of the first")
        .isGreaterThan(3 * 12_000L);
    assertThat(wave3).isGreaterThan(wave2);
    assertThat(driver.sequence("s4").scheduledMicros().getAsLong())
        .as("s4 queued until two slots freed")
        .isGreaterThanOrEqualTo(driver.sequence("s2").finishedMicros().getAsLong());
  }

  @Test
  void decodeTokensComeFirstAndNewArrivalsWaitForTheNextStep() {
    VirtualTimeDriver driver = new VirtualTimeDriver(costs(4, 2048, 10));
    driver.submit("a", 10, 10);
    driver.advanceTo(5_000);

    driver.submit("b", 1000, 2);
    driver.runUntilIdle();

    long aFirst = driver.firstTokenMicros("a");
    assertThat(driver.sequence("b").scheduledMicros().getAsLong())
        .as("b arrived mid-step and joins at the step's end")
        .isEqualTo(aFirst);
    // step with a decoding and b prefilling: 10 + 2 × 1 + 0.1 × 1000 = 112 ms
    assertThat(driver.firstTokenMicros("b")).isEqualTo(aFirst + 112_000L);
    assertThat(driver.tokens())
        .filteredOn(t -> t.sequenceId().equals("a") && t.index() == 1)
        .as("a long prefill delays everyone's next token")
        .extracting(VirtualTimeDriver.Token::micros)
        .containsExactly(aFirst + 112_000L);
  }

  @Test
  void queueRefusesBeyondMaxWaitingPlusFreeSlots() {
    VirtualTimeDriver driver = new VirtualTimeDriver(costs(2, 2048, 3));

    List<Boolean> accepted = new java.util.ArrayList<>();
    driver.together(
        () -> IntStream.range(0, 7).forEach(i -> accepted.add(driver.submit("s" + i, 10, 5))));

    // 2 free slots + 3 waiting accepted, the rest refused; the first step takes 2
    assertThat(accepted).containsExactly(true, true, true, true, true, false, false);
    assertThat(driver.scheduler().waitingCount()).isEqualTo(3);
  }

  @Test
  void abortFreesTheSlotForTheNextStep() {
    VirtualTimeDriver driver = new VirtualTimeDriver(costs(1, 2048, 10));
    driver.submit("a", 10, 1000);
    driver.submit("b", 10, 1);
    driver.advanceTo(50_000);
    assertThat(driver.scheduler().waitingCount()).as("b waits behind a").isEqualTo(1);

    driver.scheduler().abort(driver.sequence("a"));

    assertThat(driver.scheduler().runningCount()).as("a's slot freed at once").isZero();
    driver.runUntilIdle();
    assertThat(driver.firstTokenMicros("b")).as("b served after the abort").isPositive();
    assertThat(driver.tokens())
        .filteredOn(t -> t.sequenceId().equals("a"))
        .as("a gets no token after its abort")
        .allMatch(t -> t.micros() <= 50_000L + 11_000L);
    assertThat(driver.scheduler().hasWork()).isFalse();
  }

  @Test
  void abortWhileWaitingNeverRuns() {
    VirtualTimeDriver driver = new VirtualTimeDriver(costs(1, 2048, 10));
    driver.submit("a", 10, 5);
    driver.submit("b", 10, 5);

    driver.scheduler().abort(driver.sequence("b"));
    driver.runUntilIdle();

    assertThat(driver.sequence("b").state()).isEqualTo(Sequence.State.ABORTED);
    assertThat(driver.tokens()).noneMatch(t -> t.sequenceId().equals("b"));
    assertThat(driver.scheduler().waitingCount()).isZero();
  }

  @Test
  void prefixCacheSkipsTheCachedBlocksOfARepeatedPrompt() {
    StepCostModel cached = new StepCostModel(4, 2048, 10, 10.0, 1.0, 0.1, 16, 1024);
    VirtualTimeDriver driver = new VirtualTimeDriver(cached);
    int[] ids = IntStream.range(0, 1000).toArray();
    long[] hashes = PrefixCache.blockHashes(ids, 16);

    driver.submit("cold", 1000, hashes, 1);
    driver.runUntilIdle();
    long start = driver.nowMicros();
    driver.submit("warm", 1000, hashes, 1);
    driver.runUntilIdle();

    assertThat(driver.firstTokenMicros("cold")).isEqualTo(111_000L);
    // 62 blocks × 16 = 992 cached, 8 prefilled: 10 + 1 + 0.8 ms
    assertThat(driver.sequence("warm").cachedTokens()).isEqualTo(992);
    assertThat(driver.firstTokenMicros("warm") - start).isEqualTo(11_800L);
  }

  @Test
  void startingTwoStepsAtOnceIsAnError() {
    EngineScheduler scheduler = new EngineScheduler(costs(1, 2048, 1));
    scheduler.submit(new Sequence("a", 1, new long[0], 1, (s, t, l) -> {}), 0);
    scheduler.startStep(0);

    assertThatThrownBy(() -> scheduler.startStep(1)).isInstanceOf(IllegalStateException.class);
  }
}
