package dev.ttftgap.engine.scheduler;

import java.util.HashMap;

/**
 * The KV cache of one simulated engine, counted in blocks: vLLM's {@code BlockPool} and {@code
 * KVCacheManager} reduced to counts.
 *
 * <p>Algorithm overview: the cache has {@code num_gpu_blocks} blocks of {@code block_size} tokens.
 * A sequence holding the KV of {@code t} tokens holds {@code ⌈t / block_size⌉} blocks. Its leading
 * blocks may be <em>shared</em>: full prompt blocks found in the prefix cache at admission, and
 * every full prompt block once its prefill completed (when the prefix cache is on). A shared block
 * is identified by its chained hash and counted once however many running sequences hold it
 * (reference counts, as vLLM's {@code ref_cnt}); the other blocks are the sequence's own. Used
 * blocks = distinct shared blocks held + every sequence's own blocks; a block that only the prefix
 * cache remembers (no running sequence holds it) counts as free, as in vLLM, where such a block
 * sits in the free queue and is evicted on demand.
 *
 * <p>Assumptions: two sequences that computed the same full prompt block at the same time share it
 * once both published it (vLLM would keep two copies until one finishes); blocks are never swapped
 * to CPU memory (vLLM V1 only recomputes).
 *
 * <p>Parameters with defaults: {@code num_gpu_blocks} = 0 means "no limit" (every allocation
 * succeeds; blocks are still counted). Not thread-safe: the scheduler thread owns it.
 */
final class KvBlockPool {
  private final StepCostModel costs;
  private final int totalBlocks;
  private final HashMap<Long, int[]> sharedReferences = new HashMap<>();
  private int usedBlocks;

  KvBlockPool(StepCostModel costs) {
    this.costs = costs;
    this.totalBlocks = costs.numGpuBlocks();
  }

  boolean limited() {
    return totalBlocks > 0;
  }

  int totalBlocks() {
    return totalBlocks;
  }

  int usedBlocks() {
    return usedBlocks;
  }

  /** Blocks no running sequence holds; {@link Integer#MAX_VALUE} without a limit. */
  int freeBlocks() {
    return limited() ? totalBlocks - usedBlocks : Integer.MAX_VALUE;
  }

  /**
   * Blocks that admitting a sequence would take from the free ones: its {@code matched} leading
   * cached blocks that no running sequence holds yet, plus its own blocks for the rest of {@code
   * tokens}.
   */
  int blocksToAdmit(long[] hashes, int matched, int tokens) {
    int fromCache = 0;
    for (int i = 0; i < matched; i++) {
      if (!sharedReferences.containsKey(hashes[i])) {
        fromCache++;
      }
    }
    return fromCache + Math.max(0, costs.blocksFor(tokens) - matched);
  }

  /**
   * Admits {@code sequence} with its {@code matched} leading cached blocks shared and own blocks
   * for the rest of {@code tokens}; the caller checked {@link #blocksToAdmit} against {@link
   * #freeBlocks}.
   */
  void admit(Sequence sequence, int matched, int tokens) {
    long[] hashes = sequence.blockHashes();
    for (int i = 0; i < matched; i++) {
      reference(hashes[i]);
    }
    sequence.setKvBlocks(matched, 0);
    grow(sequence, tokens);
  }

  /**
   * Gives {@code sequence} the blocks to hold {@code tokens} tokens.
   *
   * @return false, changing nothing, when too few blocks are free
   */
  boolean grow(Sequence sequence, int tokens) {
    int needed = costs.blocksFor(tokens) - sequence.sharedKvBlocks() - sequence.ownKvBlocks();
    if (needed <= 0) {
      return true;
    }
    if (needed > freeBlocks()) {
      return false;
    }
    usedBlocks += needed;
    sequence.setKvBlocks(sequence.sharedKvBlocks(), sequence.ownKvBlocks() + needed);
    return true;
  }

  /**
   * Shares every full prompt block of {@code sequence} (its prefill completed and the prefix cache
   * now knows them): an own block whose hash a running sequence already holds is freed.
   */
  void publish(Sequence sequence) {
    long[] hashes = sequence.blockHashes();
    int shared = sequence.sharedKvBlocks();
    int own = sequence.ownKvBlocks();
    for (int i = shared; i < hashes.length && own > 0; i++) {
      int[] count = sharedReferences.get(hashes[i]);
      if (count == null) {
        sharedReferences.put(hashes[i], new int[] {1});
      } else {
        count[0]++;
        usedBlocks--;
      }
      own--;
      shared++;
    }
    sequence.setKvBlocks(shared, own);
  }

  /** Frees every block {@code sequence} holds (shared ones when no other sequence holds them). */
  void release(Sequence sequence) {
    long[] hashes = sequence.blockHashes();
    for (int i = 0; i < sequence.sharedKvBlocks(); i++) {
      int[] count = sharedReferences.get(hashes[i]);
      if (--count[0] == 0) {
        sharedReferences.remove(hashes[i]);
        usedBlocks--;
      }
    }
    usedBlocks -= sequence.ownKvBlocks();
    sequence.setKvBlocks(0, 0);
  }

  private void reference(long hash) {
    int[] count = sharedReferences.get(hash);
    if (count == null) {
      sharedReferences.put(hash, new int[] {1});
      usedBlocks++;
    } else {
      count[0]++;
    }
  }
}
