package dev.ttftgap.engine.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class KvBlockPoolTest {
  // 20 blocks of 16 tokens, prefix cache on
  private static final StepCostModel COSTS =
      new StepCostModel(8, 2048, 10, 10.0, 1.0, 0.1, 16, 1024, 20);
  private static final long[] HASHES =
      PrefixCache.blockHashes(IntStream.range(0, 100).toArray(), 16);

  private final KvBlockPool pool = new KvBlockPool(COSTS);

  /** A sequence of the 100-token prompt, admitted with its {@code matched} cached blocks shared. */
  private Sequence admitted(String id, int matched) {
    Sequence sequence = new Sequence(id, 100, HASHES, 10, (s, t, l) -> {});
    pool.admit(sequence, matched, 100);
    return sequence;
  }

  @Test
  void aSequenceHoldsTheCeilingOfItsTokensOverTheBlockSize() {
    Sequence a = admitted("a", 0);

    assertThat(a.kvBlocks()).as("100 tokens in blocks of 16").isEqualTo(7);
    assertThat(pool.grow(a, 112)).isTrue();
    assertThat(a.kvBlocks()).as("112 tokens still fit in 7 blocks").isEqualTo(7);
    assertThat(pool.grow(a, 113)).isTrue();
    assertThat(pool.usedBlocks()).as("the 113th token opens block 8").isEqualTo(8);
    assertThat(pool.freeBlocks()).isEqualTo(12);
    assertThat(pool.grow(a, 16 * 21)).as("21 blocks of a 20-block cache").isFalse();
    assertThat(a.kvBlocks()).as("a failed growth changes nothing").isEqualTo(8);
    assertThat(pool.usedBlocks()).isEqualTo(8);
  }

  @Test
  void sharedPrefixBlocksCountOnceAndStayUsedWhileOneHolderRuns() {
    Sequence a = admitted("a", 0);
    pool.publish(a);

    assertThat(pool.blocksToAdmit(HASHES, 6, 100))
        .as("b's 6 full prompt blocks are held by a: only its partial 7th block is new")
        .isEqualTo(1);
    Sequence b = admitted("b", 6);

    assertThat(pool.usedBlocks()).as("6 shared + a's own 7th + b's own 7th").isEqualTo(8);
    pool.release(a);
    assertThat(pool.usedBlocks()).as("b still holds the 6 shared blocks").isEqualTo(7);
    pool.release(b);
    assertThat(pool.usedBlocks()).isZero();
  }

  @Test
  void cachedBlocksNoRunningSequenceHoldsComeFromTheFreeBlocks() {
    Sequence a = admitted("a", 0);
    pool.publish(a);
    pool.release(a);

    assertThat(pool.usedBlocks()).as("blocks only the prefix cache remembers are free").isZero();
    assertThat(pool.blocksToAdmit(HASHES, 6, 100))
        .as("a cached block nobody holds is taken from the free blocks again")
        .isEqualTo(7);
  }

  @Test
  void publishingABlockAnotherSequenceAlreadySharesFreesTheOwnCopy() {
    Sequence a = admitted("a", 0);
    Sequence b = admitted("b", 0);
    pool.publish(a);

    pool.publish(b);

    assertThat(pool.usedBlocks()).as("6 shared blocks + two own partial blocks").isEqualTo(8);
  }

  @Test
  void withoutALimitEveryAllocationSucceedsAndIsCounted() {
    KvBlockPool unlimited =
        new KvBlockPool(new StepCostModel(8, 2048, 10, 10.0, 1.0, 0.1, 16, 0, 0));
    Sequence a = new Sequence("a", 100, new long[0], 10, (s, t, l) -> {});

    unlimited.admit(a, 0, 100);

    assertThat(unlimited.limited()).isFalse();
    assertThat(unlimited.grow(a, 1_000_000)).isTrue();
    assertThat(unlimited.usedBlocks()).isEqualTo(62_500);
  }
}
