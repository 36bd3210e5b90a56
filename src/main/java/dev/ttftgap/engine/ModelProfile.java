package dev.ttftgap.engine;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.ttftgap.engine.scheduler.StepCostModel;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * A named simulated model: its scheduler limits, its step costs and its default request shape. The
 * built-in ones, with worked examples of the formulas below, are listed in {@code ModelProfiles}.
 *
 * <p>Saturation rate: at full batch every step holds {@code c = max_num_seqs} sequences and each
 * sequence occupies {@code N = output tokens} steps (its prefill step yields the first token). So
 * {@code c / N} requests complete per step, and a step costs {@code base + per_seq × c} plus, on
 * average, {@code (c / N) × P × per_prefill_token} for the prompts (P tokens, uncached) of the
 * requests that enter. Hence
 *
 * <pre>λ_sat = c / (N × (base + per_seq × c) + c × P × per_prefill_token)</pre>
 *
 * <p>Memory bound: with a KV cache ({@code num_gpu_blocks} > 0) only {@code c_mem = ⌊num_gpu_blocks
 * / ⌈(P + N) / block_size⌉⌋} sequences fit at once, and the rate is the formula above at {@code c =
 * min(max_num_seqs, c_mem)}: λ_sat = min(batch bound, memory bound).
 *
 * <p>The prefix cache is on in every profile but {@code stress}, as in vLLM V1 (16,384 blocks of 16
 * tokens in 8b/14b): the formula holds for distinct prompts, P being the uncached tokens; a prompt
 * repeated from request to request is nearly free to prefill (see {@code docs/engine.md}).
 *
 * @param name model id served under {@code /v1/models}
 * @param description one line for humans
 * @param maxNumSeqs most sequences running at once
 * @param maxNumBatchedTokens token budget per step
 * @param maxWaiting waiting-queue length beyond the free slots before 429
 * @param stepBaseMillis fixed cost of each step, ms
 * @param stepPerSeqMillis cost per sequence in a step, ms
 * @param prefillPerTokenMillis cost per prefilled prompt token, ms
 * @param blockSize prefix-cache block, tokens
 * @param prefixCacheBlocks prefix-cache capacity in blocks, 0 = off
 * @param defaultPromptTokens prompt length of the default request shape
 * @param defaultOutputTokens output tokens of the default shape, and of a request without {@code
 *     max_tokens} (which then finishes with {@code "stop"})
 * @param maxModelLen most prompt + output tokens a request may ask for
 * @param faults faults injected at random
 * @param numGpuBlocks KV-cache capacity in blocks of {@code block_size} tokens (vLLM {@code
 *     num_gpu_blocks}); 0 or absent = no memory limit. When set, {@code max_model_len} must fit in
 *     it (vLLM refuses to start otherwise)
 * @param answerTokens how long the model's answers are when nothing forces them ({@link
 *     AnswerLength}); null or absent = answers run to {@code max_tokens}, as in every built-in
 *     profile but {@code qwen3-8b-chat-like}
 * @param toolCallShare share (0–1) of the turns that answer with a tool call when the request
 *     offers tools (a seeded draw per request); without tools it changes nothing
 * @param reasoningShare share (0–1) of the output tokens streamed as reasoning before the answer
 *     when the request asks for reasoning; when it does not ask, it changes nothing
 */
public record ModelProfile(
    @JsonProperty("name") String name,
    @JsonProperty("description") String description,
    @JsonProperty("max_num_seqs") int maxNumSeqs,
    @JsonProperty("max_num_batched_tokens") int maxNumBatchedTokens,
    @JsonProperty("max_waiting") int maxWaiting,
    @JsonProperty("step_base_ms") double stepBaseMillis,
    @JsonProperty("step_per_seq_ms") double stepPerSeqMillis,
    @JsonProperty("prefill_per_token_ms") double prefillPerTokenMillis,
    @JsonProperty("block_size") int blockSize,
    @JsonProperty("prefix_cache_blocks") int prefixCacheBlocks,
    @JsonProperty("default_prompt_tokens") int defaultPromptTokens,
    @JsonProperty("default_output_tokens") int defaultOutputTokens,
    @JsonProperty("max_model_len") int maxModelLen,
    @JsonProperty("faults") List<FaultRule> faults,
    @JsonProperty("num_gpu_blocks") int numGpuBlocks,
    @JsonProperty("answer_tokens") AnswerLength answerTokens,
    @JsonProperty("tool_call_share") @JsonAlias("toolCallShare") double toolCallShare,
    @JsonProperty("reasoning_share") @JsonAlias("reasoningShare") double reasoningShare) {

  /** The profile {@link EngineConfig#defaults()} serves. */
  public static final String DEFAULT_NAME = "qwen3-8b-like";

  /** Validates every field (the costs through {@link StepCostModel}); an error names it. */
  @JsonCreator
  public ModelProfile {
    requireShape(name, defaultPromptTokens, defaultOutputTokens, maxModelLen);
    description = description == null ? "" : description;
    faults = faults == null ? List.of() : List.copyOf(faults);
    requireShare(name, "tool_call_share", toolCallShare);
    requireShare(name, "reasoning_share", reasoningShare);
    try {
      new StepCostModel(
          maxNumSeqs,
          maxNumBatchedTokens,
          maxWaiting,
          stepBaseMillis,
          stepPerSeqMillis,
          prefillPerTokenMillis,
          blockSize,
          prefixCacheBlocks,
          numGpuBlocks);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
    }
    if (numGpuBlocks > 0 && maxModelLen > (long) numGpuBlocks * blockSize) {
      throw new IllegalArgumentException(
          name
              + ": max_model_len ("
              + maxModelLen
              + ") is larger than the KV cache holds (num_gpu_blocks × block_size = "
              + (long) numGpuBlocks * blockSize
              + " tokens); lower max_model_len or raise num_gpu_blocks");
    }
  }

  private static void requireShare(String name, String field, double share) {
    if (!(share >= 0 && share <= 1)) {
      throw new IllegalArgumentException(
          name + ": " + field + " must be within 0..1, was " + share);
    }
  }

  private static void requireShape(
      String name, int defaultPromptTokens, int defaultOutputTokens, int maxModelLen) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("profile name must be a non-empty model id");
    }
    if (defaultPromptTokens < 1) {
      throw new IllegalArgumentException(name + ": default_prompt_tokens must be >= 1");
    }
    if (defaultOutputTokens < 1) {
      throw new IllegalArgumentException(name + ": default_output_tokens must be >= 1");
    }
    if (maxModelLen < defaultPromptTokens + defaultOutputTokens) {
      throw new IllegalArgumentException(
          name + ": max_model_len must be >= default_prompt_tokens + default_output_tokens");
    }
  }

  /** The built-in profiles, default first. */
  public static List<ModelProfile> builtIns() {
    return ModelProfiles.builtIns();
  }

  /** The built-in profile called {@code name}. */
  public static ModelProfile builtIn(String name) {
    return ModelProfiles.builtIn(name);
  }

  /** Profiles from a JSON file: {@code {"profiles":[...]}} or a bare array, as the built-ins. */
  public static List<ModelProfile> load(Path json) {
    return ModelProfiles.load(json);
  }

  /** The scheduler's view of this profile. */
  public StepCostModel costModel() {
    return new StepCostModel(
        maxNumSeqs,
        maxNumBatchedTokens,
        maxWaiting,
        stepBaseMillis,
        stepPerSeqMillis,
        prefillPerTokenMillis,
        blockSize,
        prefixCacheBlocks,
        numGpuBlocks);
  }

  /**
   * Analytic saturation rate for the default request shape, requests/s (formula in the class
   * Javadoc).
   */
  @JsonIgnore
  public double saturationRatePerSecond() {
    return saturationRatePerSecond(defaultPromptTokens, defaultOutputTokens);
  }

  /**
   * Analytic saturation rate for prompts of {@code promptTokens} and {@code outputTokens}:
   * min(batch bound, memory bound), i.e. the rate at {@link #concurrencyLimit} sequences.
   */
  public double saturationRatePerSecond(int promptTokens, int outputTokens) {
    return rateAtConcurrency(
        concurrencyLimit(promptTokens, outputTokens), promptTokens, outputTokens);
  }

  /** Saturation rate if only {@code max_num_seqs} limited the batch (no KV-cache limit). */
  public double batchBoundRatePerSecond(int promptTokens, int outputTokens) {
    return rateAtConcurrency(maxNumSeqs, promptTokens, outputTokens);
  }

  /**
   * Sequences of this shape that can run at once: {@code max_num_seqs}, or fewer when the KV cache
   * holds fewer ({@link #kvCacheConcurrency}); at least 1.
   */
  public int concurrencyLimit(int promptTokens, int outputTokens) {
    OptionalInt kv = kvCacheConcurrency(promptTokens, outputTokens);
    return Math.max(1, kv.isPresent() ? Math.min(maxNumSeqs, kv.getAsInt()) : maxNumSeqs);
  }

  /**
   * Sequences of this shape whose whole KV fits in the cache at once: {@code ⌊num_gpu_blocks /
   * ⌈(prompt + output) / block_size⌉⌋}; empty without a KV-cache limit.
   */
  public OptionalInt kvCacheConcurrency(int promptTokens, int outputTokens) {
    if (numGpuBlocks == 0) {
      return OptionalInt.empty();
    }
    return OptionalInt.of(numGpuBlocks / costModel().blocksFor((long) promptTokens + outputTokens));
  }

  /**
   * Saturation rate if only the KV cache limited the batch ({@link #kvCacheConcurrency} sequences);
   * empty without a KV-cache limit or when not one sequence fits.
   */
  public OptionalDouble memoryBoundRatePerSecond(int promptTokens, int outputTokens) {
    OptionalInt kv = kvCacheConcurrency(promptTokens, outputTokens);
    return kv.isPresent() && kv.getAsInt() > 0
        ? OptionalDouble.of(rateAtConcurrency(kv.getAsInt(), promptTokens, outputTokens))
        : OptionalDouble.empty();
  }

  private double rateAtConcurrency(int concurrency, int promptTokens, int outputTokens) {
    double c = concurrency;
    double cycleMillis =
        outputTokens * (stepBaseMillis + stepPerSeqMillis * c)
            + c * promptTokens * prefillPerTokenMillis;
    return c * 1000.0 / cycleMillis;
  }

  /**
   * TTFT inside an idle engine for an uncached prompt, ms: the prefill steps (chunked by the token
   * budget) with one sequence. 305.5 ms for {@code qwen3-8b-like} at 2,000 tokens.
   */
  public double lowLoadTtftMillis(int promptTokens) {
    StepCostModel costs = costModel();
    long micros = 0;
    for (int left = promptTokens; left > 0; left -= maxNumBatchedTokens) {
      micros += costs.stepMicros(1, Math.min(left, maxNumBatchedTokens));
    }
    return micros / 1000.0;
  }

  /**
   * Mean output tokens a request asking for {@code maxTokens} gets without {@code ignore_eos}:
   * {@code maxTokens} when answers run to it, else E[min(maxTokens, answer)] ({@link
   * AnswerLength#meanTokens}). The analytic saturation for such requests is {@link
   * #saturationRatePerSecond(int, int)} at this many output tokens (rounded), a close
   * approximation: the formula's N is a mean over the batch.
   */
  public double meanOutputTokens(int maxTokens) {
    return answerTokens == null ? maxTokens : answerTokens.meanTokens(maxTokens);
  }

  /** Inter-token latency at full batch, ms: {@code base + per_seq × max_num_seqs}. */
  public double fullBatchStepMillis() {
    return stepBaseMillis + stepPerSeqMillis * maxNumSeqs;
  }

  public ModelProfile withMaxNumSeqs(int value) {
    return copy(name, value, maxWaiting, prefixCacheBlocks, faults, toolCallShare, reasoningShare);
  }

  public ModelProfile withMaxWaiting(int value) {
    return copy(name, maxNumSeqs, value, prefixCacheBlocks, faults, toolCallShare, reasoningShare);
  }

  public ModelProfile withPrefixCacheBlocks(int value) {
    return copy(name, maxNumSeqs, maxWaiting, value, faults, toolCallShare, reasoningShare);
  }

  public ModelProfile withFaults(List<FaultRule> value) {
    return copy(
        name, maxNumSeqs, maxWaiting, prefixCacheBlocks, value, toolCallShare, reasoningShare);
  }

  /** This profile with other tool-call and reasoning shares (tests, load profiles). */
  public ModelProfile withShares(double newToolCallShare, double newReasoningShare) {
    return copy(
        name,
        maxNumSeqs,
        maxWaiting,
        prefixCacheBlocks,
        faults,
        newToolCallShare,
        newReasoningShare);
  }

  /** This profile with the fields the {@code with...} methods change replaced. */
  private ModelProfile copy(
      String newName,
      int newMaxNumSeqs,
      int newMaxWaiting,
      int newPrefixCacheBlocks,
      List<FaultRule> newFaults,
      double newToolCallShare,
      double newReasoningShare) {
    return new ModelProfile(
        newName,
        description,
        newMaxNumSeqs,
        maxNumBatchedTokens,
        newMaxWaiting,
        stepBaseMillis,
        stepPerSeqMillis,
        prefillPerTokenMillis,
        blockSize,
        newPrefixCacheBlocks,
        defaultPromptTokens,
        defaultOutputTokens,
        maxModelLen,
        newFaults,
        numGpuBlocks,
        answerTokens,
        newToolCallShare,
        newReasoningShare);
  }
}
