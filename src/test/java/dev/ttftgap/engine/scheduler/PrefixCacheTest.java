package dev.ttftgap.engine.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PrefixCacheTest {

  @Test
  void onlyFullBlocksAreHashed() {
    assertThat(PrefixCache.blockHashes(new int[40], 16)).hasSize(2);
    assertThat(PrefixCache.blockHashes(new int[15], 16)).isEmpty();
  }

  @Test
  void aBlockMatchesOnlyWhenEverythingBeforeItMatches() {
    int[] a = {1, 2, 3, 4, 5, 6, 7, 8};
    int[] b = {9, 2, 3, 4, 5, 6, 7, 8};
    PrefixCache cache = new PrefixCache(16);

    cache.insert(PrefixCache.blockHashes(a, 4));

    assertThat(cache.matchedBlocks(PrefixCache.blockHashes(a, 4))).isEqualTo(2);
    assertThat(cache.matchedBlocks(PrefixCache.blockHashes(b, 4)))
        .as("same second block after a different first block does not match")
        .isZero();
  }

  @Test
  void leastRecentlyUsedBlocksAreEvicted() {
    PrefixCache cache = new PrefixCache(2);
    long[] first = PrefixCache.blockHashes(new int[] {1, 1, 1, 1}, 4);
    long[] second = PrefixCache.blockHashes(new int[] {2, 2, 2, 2}, 4);
    long[] third = PrefixCache.blockHashes(new int[] {3, 3, 3, 3}, 4);
    cache.insert(first);
    cache.insert(second);
    cache.matchedBlocks(first);

    cache.insert(third);

    assertThat(cache.sizeBlocks()).isEqualTo(2);
    assertThat(cache.matchedBlocks(first)).as("recently used survives").isEqualTo(1);
    assertThat(cache.matchedBlocks(second)).as("least recently used evicted").isZero();
  }
}
