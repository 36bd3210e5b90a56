package dev.ttftgap.engine.scheduler;

/**
 * Limits and step costs of one simulated engine, in the scheduler's own units.
 *
 * <p>Step duration = {@code stepBaseMillis + stepPerSeqMillis × sequencesInStep +
 * prefillPerTokenMillis × prefillTokensInStep}.
 *
 * @param maxNumSeqs most sequences running at once (vLLM {@code max_num_seqs})
 * @param maxNumBatchedTokens token budget of one step: decode tokens plus prefill chunk tokens
 *     (vLLM {@code max_num_batched_tokens})
 * @param maxWaiting longest waiting queue; a request beyond it is rejected
 * @param stepBaseMillis fixed cost of every step, ms
 * @param stepPerSeqMillis cost per sequence in the step (decoding or prefilling), ms
 * @param prefillPerTokenMillis cost per prompt token prefilled in the step, ms
 * @param blockSize prefix-cache block, tokens
 * @param prefixCacheBlocks prefix-cache capacity in blocks; 0 disables the cache
 * @param numGpuBlocks KV-cache capacity in blocks of {@code blockSize} tokens (vLLM {@code
 *     num_gpu_blocks}); 0 = no memory limit
 */
public record StepCostModel(
    int maxNumSeqs,
    int maxNumBatchedTokens,
    int maxWaiting,
    double stepBaseMillis,
    double stepPerSeqMillis,
    double prefillPerTokenMillis,
    int blockSize,
    int prefixCacheBlocks,
    int numGpuBlocks) {

  /** Validates the limits; a wrong value names the field. */
  public StepCostModel {
    requirePositive(maxNumSeqs, "max_num_seqs");
    requirePositive(maxNumBatchedTokens, "max_num_batched_tokens");
    if (maxNumBatchedTokens < maxNumSeqs) {
      throw new IllegalArgumentException(
          "max_num_batched_tokens must be >= max_num_seqs (one decode token per running sequence)");
    }
    requireNonNegative(maxWaiting, "max_waiting");
    requireNonNegative(stepBaseMillis, "step_base_ms");
    requireNonNegative(stepPerSeqMillis, "step_per_seq_ms");
    requireNonNegative(prefillPerTokenMillis, "prefill_per_token_ms");
    requirePositive(blockSize, "block_size");
    requireNonNegative(prefixCacheBlocks, "prefix_cache_blocks");
    requireNonNegative(numGpuBlocks, "num_gpu_blocks");
    if (stepBaseMillis + stepPerSeqMillis <= 0) {
      throw new IllegalArgumentException(
          "step_base_ms + step_per_seq_ms must be > 0 so that every engine step takes time");
    }
  }

  /** KV-cache blocks that hold {@code tokens} tokens: ⌈tokens / block_size⌉. */
  public int blocksFor(long tokens) {
    return (int) ((tokens + blockSize - 1) / blockSize);
  }

  /** Whether the KV cache has a size ({@code num_gpu_blocks > 0}). */
  public boolean kvCacheLimited() {
    return numGpuBlocks > 0;
  }

  /** Duration of a step with {@code sequences} sequences and {@code prefillTokens} prefilled. */
  public long stepMicros(int sequences, long prefillTokens) {
    double millis =
        stepBaseMillis + stepPerSeqMillis * sequences + prefillPerTokenMillis * prefillTokens;
    return Math.max(1L, Math.round(millis * 1000.0));
  }

  private static void requirePositive(double value, String field) {
    if (!(value > 0)) {
      throw new IllegalArgumentException(field + " must be > 0, was " + value);
    }
  }

  private static void requireNonNegative(double value, String field) {
    if (!(value >= 0)) {
      throw new IllegalArgumentException(field + " must be >= 0, was " + value);
    }
  }
}
