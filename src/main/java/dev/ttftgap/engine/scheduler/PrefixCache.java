package dev.ttftgap.engine.scheduler;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Least-recently-used set of prompt blocks whose KV cache the simulated engine still holds.
 *
 * <p>Algorithm overview: a prompt is cut into blocks of {@code blockSize} token ids; block i is
 * identified by a hash chained over every token id up to the end of block i, so a block only
 * matches when the whole prefix before it matches too (vLLM's automatic prefix caching works the
 * same way). A lookup returns how many leading blocks are cached; a finished prefill inserts all
 * its blocks. Only full blocks are cached. Not thread-safe: the scheduler thread owns it.
 */
public final class PrefixCache {
  private final int capacityBlocks;
  private final LinkedHashMap<Long, Boolean> blocks;

  /** A cache holding at most {@code capacityBlocks} blocks. */
  public PrefixCache(int capacityBlocks) {
    if (capacityBlocks < 1) {
      throw new IllegalArgumentException("capacityBlocks must be >= 1, was " + capacityBlocks);
    }
    this.capacityBlocks = capacityBlocks;
    this.blocks =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
            return size() > PrefixCache.this.capacityBlocks;
          }
        };
  }

  /**
   * Chained hashes of the full blocks of {@code tokenIds}: element i identifies tokens {@code [0,
   * (i + 1) × blockSize)}. A 40-token prompt with blocks of 16 has 2 hashes.
   */
  public static long[] blockHashes(int[] tokenIds, int blockSize) {
    long[] hashes = new long[tokenIds.length / blockSize];
    long hash = 0x9E3779B97F4A7C15L;
    for (int i = 0; i < hashes.length * blockSize; i++) {
      hash = mix(hash ^ tokenIds[i]);
      if ((i + 1) % blockSize == 0) {
        hashes[(i + 1) / blockSize - 1] = hash;
      }
    }
    return hashes;
  }

  /** Number of leading blocks of {@code hashes} present in the cache; marks them recently used. */
  public int matchedBlocks(long[] hashes) {
    int matched = 0;
    while (matched < hashes.length && blocks.get(hashes[matched]) != null) {
      matched++;
    }
    return matched;
  }

  /** Records every block of a prompt whose prefill completed. */
  public void insert(long[] hashes) {
    for (long hash : hashes) {
      blocks.put(hash, Boolean.TRUE);
    }
  }

  public int sizeBlocks() {
    return blocks.size();
  }

  private static long mix(long z) {
    // SplitMix64 finaliser: cheap and spreads neighbouring token ids over the whole long
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
