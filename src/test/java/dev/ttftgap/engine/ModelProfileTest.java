package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.ttftgap.engine.scheduler.VirtualTimeDriver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ModelProfileTest {
  private static final ModelProfile QWEN_8B = ModelProfile.builtIn("qwen3-8b-like");
  private static final ModelProfile QWEN_14B = ModelProfile.builtIn("qwen3-14b-like");

  @Test
  void builtInsServeTheDefaultFirstAndTheTestAndStressProfiles() {
    assertThat(ModelProfile.builtIns())
        .extracting(ModelProfile::name)
        .containsExactly(
            "qwen3-8b-like",
            "qwen3-8b-chat-like",
            "qwen3-14b-like",
            "llamacpp-cpu-like",
            "tiny-fast",
            "stress");
  }

  @Test
  void at2000PromptTokens14bIsAbout100MillisSlowerThan8bAtLowLoad() {
    long ttft8b = simulatedTtftMicros(QWEN_8B, 2000);
    long ttft14b = simulatedTtftMicros(QWEN_14B, 2000);

    assertThat(ttft8b / 1000.0)
        .as("8b TTFT near the source article's 305 ms")
        .isCloseTo(305, within(15.0));
    assertThat(ttft14b / 1000.0)
        .as("14b TTFT near the source article's 403 ms")
        .isCloseTo(403, within(15.0));
    assertThat((ttft14b - ttft8b) / 1000.0)
        .as("difference 14b − 8b within 60..140 ms")
        .isBetween(60.0, 140.0);
    assertThat(QWEN_8B.lowLoadTtftMillis(2000)).isCloseTo(ttft8b / 1000.0, within(0.01));
  }

  @Test
  void defaultShapeHasTensOfMillisTtftAtLowLoad() {
    double ttftMillis = simulatedTtftMicros(QWEN_8B, QWEN_8B.defaultPromptTokens()) / 1000.0;

    assertThat(ttftMillis).as("low-load TTFT of 100 → 64 tokens").isBetween(10.0, 60.0);
  }

  @Test
  void defaultProfileSaturatesAtAFewRequestsPerSecond() {
    assertThat(QWEN_8B.saturationRatePerSecond())
        .as("a 2 → 12 req/s ramp must cross the knee")
        .isBetween(6.0, 10.0);
    // 8 / (64 × (10 + 0.5 × 8) + 8 × 100 × 0.1475) ms
    assertThat(QWEN_8B.saturationRatePerSecond()).isCloseTo(8000.0 / 1014.0, within(1e-9));
  }

  @Test
  void llamaCppLikeProfileSaturatesNearOneRequestPerSecondAndNeverPreempts() {
    ModelProfile llama = ModelProfile.builtIn("llamacpp-cpu-like");
    // 4 / (64 × (16 + 4 × 4) + 4 × 100 × 2.75) ms
    assertThat(llama.saturationRatePerSecond())
        .as("λ_sat of the CPU llama.cpp-like profile at 100 → 64 tokens")
        .isCloseTo(4000.0 / 3148.0, within(1e-9))
        .isBetween(1.0, 1.4);
    assertThat(llama.lowLoadTtftMillis(100)).as("low-load TTFT, ms").isCloseTo(295, within(1.0));

    Overloaded run = overloaded(llama, 100, 200_000, 140);

    assertThat(run.completionsPerSecond())
        .as("simulated completions per second at full batch, 5 req/s offered")
        .isCloseTo(llama.saturationRatePerSecond(), within(0.1));
    assertThat(run.maxRunning()).as("4 slots").isEqualTo(4);
    assertThat(run.driver().scheduler().preemptionsTotal())
        .as("no KV-cache limit: no preemption")
        .isZero();
  }

  @ParameterizedTest(name = "{0} at {1} prompt tokens, {2} req/s offered: preempts = {3}")
  @CsvSource({
    // the default shape: 8 × 11 blocks of 400, prefill interference is the only pause
    "qwen3-8b-like, 100, 20, false",
    "llamacpp-cpu-like, 100, 5, false",
    // simulations/long-prompt.json's shape: the KV cache holds 3 sequences, a full batch preempts
    "qwen3-8b-like, 2000, 3, true",
    "qwen3-14b-like, 2000, 3, true",
  })
  void preemptionsComeOnlyFromAKvCacheTooSmallForTheBatch(
      String name, int promptTokens, int ratePerSecond, boolean preempts) {
    ModelProfile profile = ModelProfile.builtIn(name);

    Overloaded run = overloaded(profile, promptTokens, 1_000_000L / ratePerSecond, 60);

    assertThat(run.driver().scheduler().preemptionsTotal() > 0)
        .as(
            "%s: preemptions %d over 60 s of overload",
            name, run.driver().scheduler().preemptionsTotal())
        .isEqualTo(preempts);
  }

  @Test
  void analyticSaturationRateMatchesTheSimulatedThroughput() {
    // arrivals far above saturation keep the batch full; completions then run at λ_sat
    double rate = overloaded(QWEN_8B, 100, 50_000, 120).completionsPerSecond();

    assertThat(rate)
        .as("simulated completions per second at full batch")
        .isCloseTo(QWEN_8B.saturationRatePerSecond(), within(0.25));
  }

  @Test
  void longPromptsAreBoundByTheKvCacheAtThreeSequences() {
    for (ModelProfile profile : List.of(QWEN_8B, QWEN_14B)) {
      assertThat(profile.concurrencyLimit(100, 64))
          .as("%s: 100 + 64 tokens = 11 blocks, 36 fit: max_num_seqs binds", profile.name())
          .isEqualTo(8);
      assertThat(profile.concurrencyLimit(2000, 64))
          .as("%s: 2,064 tokens = 129 blocks, 3 fit in 400", profile.name())
          .isEqualTo(3);
      assertThat(profile.saturationRatePerSecond(2000, 64))
          .as("%s: min(batch bound, memory bound)", profile.name())
          .isEqualTo(profile.memoryBoundRatePerSecond(2000, 64).getAsDouble())
          .isLessThan(profile.batchBoundRatePerSecond(2000, 64));
      assertThat(profile.saturationRatePerSecond(100, 64))
          .isEqualTo(profile.batchBoundRatePerSecond(100, 64));
    }
    // 3 / (64 × (10 + 0.5 × 3) + 3 × 2000 × 0.1475) ms = 3 / 1,621 ms
    assertThat(QWEN_8B.saturationRatePerSecond(2000, 64)).isCloseTo(3000.0 / 1621.0, within(1e-9));
    // 3 / (64 × (14 + 0.7 × 3) + 3 × 2000 × 0.194) ms = 3 / 2,194.4 ms
    assertThat(QWEN_14B.saturationRatePerSecond(2000, 64)).isCloseTo(3000.0 / 2194.4, within(1e-9));
  }

  @Test
  void memoryBoundSaturationRateMatchesTheSimulatedThroughputAndTheCachePreempts() {
    Overloaded run = overloaded(QWEN_8B, 2000, 250_000, 200);

    assertThat(run.completionsPerSecond())
        .as("completions per second with 2,000-token prompts arriving at 4 req/s")
        .isCloseTo(QWEN_8B.saturationRatePerSecond(2000, 64), withinPercentage(5));
    assertThat(run.maxRunning())
        .as("at most 3 fit, a 4th only for a preempted chunk")
        .isLessThan(5);
    assertThat(run.driver().scheduler().preemptionsTotal())
        .as("a second admission in one step gets a short chunk, then no block for the rest")
        .isPositive();
  }

  @Test
  void theChatLikeProfilesAnswersEndBeforeMaxTokensSoARequestCarriesLessDecodeWork() {
    ModelProfile chat = ModelProfile.builtIn("qwen3-8b-chat-like");

    assertThat(chat.meanOutputTokens(64))
        .as("E[min(64, lognormal(median 48, σ 0.7))]")
        .isCloseTo(45.49, within(0.05));
    assertThat(QWEN_8B.meanOutputTokens(64)).as("answers run to max_tokens").isEqualTo(64.0);
    assertThat(chat.saturationRatePerSecond(100, (int) Math.round(chat.meanOutputTokens(64))))
        .as("8 / (45 × 14 + 8 × 100 × 0.1475) ms")
        .isCloseTo(8000.0 / 748.0, within(1e-9));
  }

  @Test
  void aMaxModelLenLargerThanTheKvCacheIsRefusedNamingBothFields() {
    assertThatThrownBy(
            () ->
                new ModelProfile(
                    "m", "", 8, 2048, 10, 10, 0.5, 0.1, 16, 0, 100, 64, 6401, List.of(), 400, null,
                    0, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("max_model_len (6401)")
        .hasMessageContaining("num_gpu_blocks");
  }

  @Test
  void belowSaturationTheQueueStaysShortAndAboveItGrows() {
    assertThat(maxWaitingAtRate(QWEN_8B, 4.0)).as("half the saturation rate").isLessThan(8);
    assertThat(maxWaitingAtRate(QWEN_8B, 12.0)).as("1.5 × the saturation rate").isGreaterThan(50);
  }

  @Test
  void loadsProfilesFromAFileAndNamesTheBadField(@TempDir Path dir) throws Exception {
    Path good = dir.resolve("good.json");
    Files.writeString(
        good,
        "[{\"name\":\"m\",\"max_num_seqs\":2,\"max_num_batched_tokens\":64,\"max_waiting\":4,"
            + "\"step_base_ms\":1,\"step_per_seq_ms\":0.1,\"prefill_per_token_ms\":0.01,"
            + "\"block_size\":16,\"prefix_cache_blocks\":0,\"default_prompt_tokens\":10,"
            + "\"default_output_tokens\":5,\"max_model_len\":100}]");
    Path bad = dir.resolve("bad.json");
    Files.writeString(
        bad, Files.readString(good).replace("\"max_num_seqs\":2", "\"max_num_seqs\":0"));

    List<ModelProfile> loaded = ModelProfile.load(good);

    assertThat(loaded).singleElement().extracting(ModelProfile::name).isEqualTo("m");
    assertThatThrownBy(() -> ModelProfile.load(bad))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("max_num_seqs");
  }

  /** A run of {@code seconds} with arrivals every {@code intervalMicros}, far above saturation. */
  private record Overloaded(
      VirtualTimeDriver driver, int maxRunning, double completionsPerSecond) {}

  private static Overloaded overloaded(
      ModelProfile profile, int promptTokens, long intervalMicros, int seconds) {
    VirtualTimeDriver driver = new VirtualTimeDriver(profile.withMaxWaiting(100_000).costModel());
    long horizon = seconds * 1_000_000L;
    int submitted = 0;
    int maxRunning = 0;
    for (long t = 0; t < horizon; t += intervalMicros) {
      driver.advanceTo(t);
      driver.submit("r" + submitted++, promptTokens, profile.defaultOutputTokens());
      maxRunning = Math.max(maxRunning, driver.scheduler().runningCount());
    }
    driver.advanceTo(horizon);
    // the first 20 s fill the batch and the queue
    long finishedAfterWarmup =
        driver.tokens().stream().filter(tk -> tk.last() && tk.micros() > 20_000_000L).count();
    return new Overloaded(driver, maxRunning, finishedAfterWarmup / (seconds - 20.0));
  }

  private static long simulatedTtftMicros(ModelProfile profile, int promptTokens) {
    VirtualTimeDriver driver = new VirtualTimeDriver(profile.costModel());
    driver.submit("probe", promptTokens, 1);
    driver.runUntilIdle();
    return driver.firstTokenMicros("probe");
  }

  private static int maxWaitingAtRate(ModelProfile profile, double ratePerSecond) {
    VirtualTimeDriver driver = new VirtualTimeDriver(profile.withMaxWaiting(100_000).costModel());
    long intervalMicros = Math.round(1e6 / ratePerSecond);
    int maxWaiting = 0;
    for (int i = 0; i < ratePerSecond * 60; i++) {
      driver.advanceTo(i * intervalMicros);
      driver.submit("r" + i, profile.defaultPromptTokens(), profile.defaultOutputTokens());
      maxWaiting = Math.max(maxWaiting, driver.scheduler().waitingCount());
    }
    return maxWaiting;
  }
}
