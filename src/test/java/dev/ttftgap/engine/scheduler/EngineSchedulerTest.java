package dev.ttftgap.engine.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class EngineSchedulerTest {
  // base 10 ms, 1 ms per sequence, 0.1 ms per prefill token
  private static StepCostModel costs(int maxNumSeqs, int budget, int maxWaiting) {
    return new StepCostModel(maxNumSeqs, budget, maxWaiting, 10.0, 1.0, 0.1, 16, 0, 0);
  }

  /** When sequence {@code id} was first admitted, µs of the driver's virtual time. */
  private static long admittedMicros(VirtualTimeDriver driver, String id) {
    return driver.sequence(id).scheduledMicros().getAsLong();
  }

  /** When sequence {@code id} finished, µs of the driver's virtual time. */
  private static long finishedMicros(VirtualTimeDriver driver, String id) {
    return driver.sequence(id).finishedMicros().getAsLong();
  }

  /** {@code waiting} was admitted the moment {@code holder} finished and freed its KV blocks. */
  private static void assertAdmittedAsFinished(
      VirtualTimeDriver driver, String waiting, String holder, String why) {
    assertThat(admittedMicros(driver, waiting)).as(why).isEqualTo(finishedMicros(driver, holder));
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
    assertThat(admittedMicros(driver, "s4"))
        .as("s4 queued until two slots freed")
        .isGreaterThanOrEqualTo(finishedMicros(driver, "s2"));
  }

  @Test
  void decodeTokensComeFirstAndNewArrivalsWaitForTheNextStep() {
    VirtualTimeDriver driver = new VirtualTimeDriver(costs(4, 2048, 10));
    driver.submit("a", 10, 10);
    driver.advanceTo(5_000);

    driver.submit("b", 1000, 2);
    driver.runUntilIdle();

    long aFirst = driver.firstTokenMicros("a");
    assertThat(admittedMicros(driver, "b"))
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
  void aLongPromptAdmittedMidStreamDelaysTheRunningSequencesNextTokenWithoutAnyPreemption() {
    VirtualTimeDriver driver = new VirtualTimeDriver(costs(4, 2048, 10));
    driver.submit("running", 100, 20);
    // prefill step 21 ms, then decode steps of 11 ms: the 5th token at 21 + 4 × 11 = 65 ms
    driver.advanceTo(70_000L);
    driver.submit("long", 1500, 5);
    driver.runUntilIdle();

    List<Long> gaps = interTokenMicros(driver, "running");
    // the step under way at 70 ms ends at 76 ms; the next one decodes "running" and prefills
    // "long": 10 + 1 × 2 + 0.1 × 1500 = 162 ms instead of 11 ms
    assertThat(gaps.get(5))
        .as("the running sequence's token after the admission waits for the new prompt's prefill")
        .isEqualTo(162_000L);
    assertThat(gaps.subList(0, 5))
        .as("before the admission, one decode step apart")
        .containsOnly(11_000L);
    assertThat(gaps.subList(6, 10))
        .as("after it, decode steps of two sequences")
        .containsOnly(12_000L);
    assertThat(driver.scheduler().preemptionsTotal())
        .as("the pause is prefill interference, not a preemption")
        .isZero();
    assertThat(driver.sequence("running").preemptions()).isZero();
  }

  private static List<Long> interTokenMicros(VirtualTimeDriver driver, String id) {
    List<Long> times =
        driver.tokens().stream()
            .filter(t -> t.sequenceId().equals(id))
            .map(VirtualTimeDriver.Token::micros)
            .toList();
    return IntStream.range(1, times.size()).mapToObj(i -> times.get(i) - times.get(i - 1)).toList();
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
    StepCostModel cached = new StepCostModel(4, 2048, 10, 10.0, 1.0, 0.1, 16, 1024, 0);
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

  // base 10 ms, 1 ms per sequence, 0.1 ms per prefill token; KV cache of `blocks` blocks of 16
  private static StepCostModel kvCosts(int maxNumSeqs, int prefixCacheBlocks, int blocks) {
    return new StepCostModel(maxNumSeqs, 2048, 100, 10.0, 1.0, 0.1, 16, prefixCacheBlocks, blocks);
  }

  @Test
  void admissionWaitsForFreeKvBlocksAlthoughSlotsAreFree() {
    VirtualTimeDriver driver = new VirtualTimeDriver(kvCosts(4, 0, 20));

    // 100 prompt tokens = 7 blocks each; 20 blocks hold two
    driver.together(() -> IntStream.range(0, 3).forEach(i -> driver.submit("s" + i, 100, 4)));

    assertThat(driver.scheduler().runningCount()).as("two fit in 20 blocks").isEqualTo(2);
    assertThat(driver.scheduler().waitingCount()).as("the third waits with 2 slots free").isOne();
    assertThat(driver.scheduler().kvCacheUsedBlocks()).isEqualTo(14);
    assertThat(driver.scheduler().kvCacheUsage()).hasValue(0.7);
    driver.runUntilIdle();
    assertAdmittedAsFinished(driver, "s2", "s0", "s2 admitted when s0's blocks were freed");
    assertThat(driver.scheduler().preemptionsTotal()).as("no decode ran out of blocks").isZero();
    assertThat(driver.scheduler().kvCacheUsedBlocks()).as("all blocks freed at the end").isZero();
  }

  @Test
  void aDecodeWithoutAFreeBlockPreemptsTheYoungestWhichResumesAfterRecomputingItsPrefill() {
    VirtualTimeDriver driver = new VirtualTimeDriver(kvCosts(4, 0, 14));
    // 96 prompt tokens = 6 blocks each, 7 from the first decode; at 113 KV tokens (17 generated)
    // old needs an 8th block and none is free
    driver.together(() -> List.of("old", "young").forEach(id -> driver.submit(id, 96, 40)));
    driver.runUntilIdle();

    Sequence old = driver.sequence("old");
    Sequence young = driver.sequence("young");
    assertThat(old.preemptions()).as("the oldest keeps running").isZero();
    assertThat(young.preemptions()).as("the youngest is preempted once").isOne();
    assertThat(driver.scheduler().preemptionsTotal()).isOne();
    List<VirtualTimeDriver.Token> youngTokens =
        driver.tokens().stream().filter(t -> t.sequenceId().equals("young")).toList();
    assertThat(youngTokens)
        .as("every token of the preempted sequence exactly once, in order")
        .extracting(VirtualTimeDriver.Token::index)
        .containsExactlyElementsOf(IntStream.range(0, 40).boxed().toList());
    long oldEnd = old.finishedMicros().getAsLong();
    assertThat(youngTokens.get(16).micros())
        .as("the 17th token came before the preemption")
        .isLessThan(oldEnd);
    // readmitted at old's end: prefill of 96 prompt + 17 generated = 113 tokens, 10 + 1 + 11.3 ms
    assertThat(youngTokens.get(17).micros())
        .as("the 18th token waits until the old one freed its blocks, then the recompute")
        .isEqualTo(oldEnd + 22_300L);
    assertThat(young.scheduledMicros().getAsLong())
        .as("queue time still ends at the first admission")
        .isZero();
    assertThat(driver.scheduler().kvCacheUsedBlocks()).isZero();
  }

  @Test
  void preemptionTakesTheLastAdmittedEvenWhenAnOlderSequenceAsks() {
    VirtualTimeDriver driver = new VirtualTimeDriver(kvCosts(4, 0, 12));
    // 4 blocks each fill the 12; first's first decode (65 KV tokens) needs a 5th block
    driver.together(
        () -> {
          driver.submit("first", 64, 30);
          driver.submit("second", 60, 30);
          driver.submit("third", 60, 30);
        });
    assertThat(driver.scheduler().kvCacheUsedBlocks()).isEqualTo(12);
    driver.runUntilIdle();

    assertThat(driver.sequence("third").preemptions()).as("last admitted").isOne();
    assertThat(driver.sequence("first").preemptions()).isZero();
    assertThat(driver.sequence("second").preemptions()).isZero();
    assertThat(driver.tokens())
        .as("30 tokens each, none lost nor repeated")
        .hasSize(90)
        .extracting(t -> t.sequenceId() + "#" + t.index())
        .doesNotHaveDuplicates();
  }

  @Test
  void noSequenceIsLostOrDuplicatedThroughPreemptions() {
    VirtualTimeDriver driver = new VirtualTimeDriver(kvCosts(8, 0, 60));
    java.util.Random random = new java.util.Random(17);
    List<String> ids = new java.util.ArrayList<>();
    List<Integer> outputs = new java.util.ArrayList<>();
    for (int i = 0; i < 40; i++) {
      String id = "s" + i;
      int output = 10 + random.nextInt(200);
      ids.add(id);
      outputs.add(output);
      driver.submit(id, 50 + random.nextInt(400), output);
      driver.advanceTo(driver.nowMicros() + random.nextInt(30_000));
      assertThat(driver.scheduler().kvCacheUsedBlocks())
          .as("never more blocks than the cache has")
          .isLessThanOrEqualTo(60);
    }
    driver.runUntilIdle();

    assertThat(driver.scheduler().preemptionsTotal()).as("the cache was short").isPositive();
    for (int i = 0; i < ids.size(); i++) {
      String id = ids.get(i);
      assertThat(driver.tokens().stream().filter(t -> t.sequenceId().equals(id)))
          .as("%s ends with its full output, each token once, in order", id)
          .extracting(VirtualTimeDriver.Token::index)
          .containsExactlyElementsOf(IntStream.range(0, outputs.get(i)).boxed().toList());
      assertThat(driver.sequence(id).state()).isEqualTo(Sequence.State.FINISHED);
    }
    assertThat(driver.scheduler().kvCacheUsedBlocks()).isZero();
    assertThat(driver.scheduler().runningCount() + driver.scheduler().waitingCount()).isZero();
  }

  @Test
  void aPromptWhosePrefixBlocksARunningSequenceHoldsSharesThem() {
    int[] ids = IntStream.range(0, 160).toArray();
    long[] hashes = PrefixCache.blockHashes(ids, 16);
    // 15 blocks: "first" holds 11 once decoding; "second" (same 160-token prompt) needs 10 more
    // unless it shares
    VirtualTimeDriver cacheOn = new VirtualTimeDriver(kvCosts(4, 1024, 15));
    VirtualTimeDriver cacheOff = new VirtualTimeDriver(kvCosts(4, 0, 15));
    for (VirtualTimeDriver driver : List.of(cacheOn, cacheOff)) {
      driver.submit("first", 160, hashes, 20);
      driver.advanceTo(driver.firstTokenMicros("first"));
      driver.submit("second", 160, hashes, 20);
      driver.advanceTo(driver.scheduler().stepEndMicros());
    }

    assertThat(cacheOn.sequence("second").state())
        .as("cache on: admitted on the 10 shared blocks")
        .isEqualTo(Sequence.State.RUNNING);
    assertThat(cacheOn.scheduler().kvCacheUsedBlocks())
        .as("10 shared prompt blocks + first's own decode block")
        .isEqualTo(11);
    assertThat(cacheOff.sequence("second").state())
        .as("cache off: no sharing, 10 blocks needed and 4 free")
        .isEqualTo(Sequence.State.WAITING);
    assertThat(cacheOff.scheduler().kvCacheUsedBlocks()).isEqualTo(11);
    cacheOn.runUntilIdle();
    cacheOff.runUntilIdle();
    assertThat(cacheOn.scheduler().kvCacheUsedBlocks()).isZero();
    assertThat(cacheOff.scheduler().kvCacheUsedBlocks()).isZero();
    assertAdmittedAsFinished(
        cacheOff, "second", "first", "cache off: second waits for first's blocks");
  }

  @Test
  void aSequenceLargerThanTheWholeKvCacheIsRefusedAtSubmission() {
    EngineScheduler scheduler = new EngineScheduler(kvCosts(4, 0, 10));

    assertThatThrownBy(
            () -> scheduler.submit(new Sequence("big", 150, new long[0], 20, (s, t, l) -> {}), 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("num_gpu_blocks = 10");
  }

  @Test
  void startingTwoStepsAtOnceIsAnError() {
    EngineScheduler scheduler = new EngineScheduler(costs(1, 2048, 1));
    scheduler.submit(new Sequence("a", 1, new long[0], 1, (s, t, l) -> {}), 0);
    scheduler.startStep(0);

    assertThatThrownBy(() -> scheduler.startStep(1)).isInstanceOf(IllegalStateException.class);
  }
}
