package dev.ttftgap.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.profile.PromptBuilder;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.TestRecords;
import dev.ttftgap.stream.ChunkClassifier;
import dev.ttftgap.tokens.TokenCounter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The source articles' three sequential experiments against the embedded engine, measured with the
 * JDK client in sequential rounds (the engine at rest), and the tables' verdicts on them. Prints
 * the tables.
 */
@Timeout(30)
class ExperimentsOnEngineIT {
  private static final int ROUNDS = 5;
  private static final int PROMPT_LENGTH_ROUNDS = 11;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SHORT_PROMPT = "What is time to first token?"; // ~20 characters
  private static final HttpClient CLIENT =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private static EmbeddedEngine engine;
  private static long clock;

  @BeforeAll
  static void start() {
    engine = EmbeddedEngine.start(EngineConfig.defaults());
  }

  @AfterAll
  static void stop() {
    engine.close();
  }

  /** One streaming request: TTFB at the headers, TTFT at the first content event. */
  private static RequestRecord measure(String model, String label, String prompt) throws Exception {
    ObjectNode body = JSON.createObjectNode();
    body.put("model", model);
    body.putArray("messages").addObject().put("role", "user").put("content", prompt);
    body.put("max_tokens", 8);
    body.put("temperature", 0);
    body.put("stream", true);
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(engine.baseUrl() + "/chat/completions"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
            .build();
    long start = System.nanoTime();
    HttpResponse<Stream<String>> response =
        CLIENT.send(request, HttpResponse.BodyHandlers.ofLines());
    long ttfb = System.nanoTime() - start;
    Long ttft = null;
    try (Stream<String> lines = response.body()) {
      Iterator<String> it = lines.iterator();
      while (it.hasNext()) {
        String line = it.next();
        if (ttft == null
            && line.startsWith("data:")
            && ChunkClassifier.classifyData(line.substring(5).strip()).isToken()) {
          ttft = System.nanoTime() - start;
        }
      }
    }
    assertThat(ttft).as("%s answered with content", model).isNotNull();
    long ttfbMillis = TimeUnit.NANOSECONDS.toMillis(ttfb);
    long ttftMillis = TimeUnit.NANOSECONDS.toMillis(ttft);
    clock += 1_000;
    return TestRecords.builder()
        .identity(id -> id.run("engine").userId(clock))
        .level(lv -> lv.stepLabel(label).concurrency(1))
        .input(in -> in.model(model).promptTokens(TokenCounter.count(prompt)).maxTokens(8))
        .timings(
            t ->
                t.startEpochMillis(clock)
                    .ttfbMillis(ttfbMillis)
                    .ttftMillis(ttftMillis)
                    .gapMillis(ttftMillis - ttfbMillis)
                    .firstContentMillis(ttftMillis))
        .result(res -> res.httpStatus(200))
        .build();
  }

  private static List<RequestRecord> rounds(String model, String label, String prompt)
      throws Exception {
    return rounds(model, label, round -> prompt);
  }

  /**
   * {@code ROUNDS} requests, round i sending {@code prompt.apply(i)}: a long prompt must differ
   * from round to round, or the engine's prefix cache serves it from the second round on.
   */
  private static List<RequestRecord> rounds(
      String model, String label, java.util.function.IntFunction<String> prompt) throws Exception {
    List<RequestRecord> records = new ArrayList<>();
    for (int i = 0; i < ROUNDS; i++) {
      records.add(measure(model, label, prompt.apply(i)));
    }
    return records;
  }

  @Test
  void baselineOfAShortPromptIsFastOnTheEightBLikeProfile() throws Exception {
    BaselineTable table =
        BaselineTable.of(
            rounds("qwen3-8b-like", "baseline", SHORT_PROMPT),
            ExperimentSamples.DEFAULT_WARMUP_ROUNDS);
    System.out.println(table.toText());

    assertThat(table.rows().get(0).stats().samples()).isEqualTo(ROUNDS - 1);
    assertThat(table.rows().get(0).verdict())
        .as("a ~20-character prompt on an 8B-like engine at rest: one 10 ms step of prefill")
        .hasValue("fast (< 100 ms)");
  }

  /**
   * Headers at acceptance: the prefill of a 2000-token prompt shows in the gap, not in TTFB, with
   * the prompt-length table's own bounds (a change within max(10 %, 5 ms) is flat).
   *
   * <p>Robust to another build on the machine without a looser bound: the two prompts alternate
   * round after round ({@value #PROMPT_LENGTH_ROUNDS} each), so a burst of contention slows both
   * alike; the gap's growth is read on medians; and TTFB on each prompt's fastest round, since
   * contention only ever adds time (a round can be slowed, never sped up), so the fastest round is
   * the one it disturbed least. Under two busy loops the median TTFB of the long prompt moved by
   * +15 to +27 ms in some runs; the fastest rounds stayed within the bound (3 runs of 3).
   */
  @Test
  void longerPromptLeavesTtfbFlatAndWidensTheGap() throws Exception {
    List<RequestRecord> shortRounds = new ArrayList<>();
    List<RequestRecord> longRounds = new ArrayList<>();
    for (int i = 0; i < PROMPT_LENGTH_ROUNDS; i++) {
      shortRounds.add(measure("qwen3-8b-like", "short prompt (20 chars)", SHORT_PROMPT));
      longRounds.add(
          measure("qwen3-8b-like", "2000 tokens", PromptBuilder.promptOfTokens(2_000, i)));
    }
    List<RequestRecord> records = new ArrayList<>(shortRounds);
    records.addAll(longRounds);
    PromptLengthTable table =
        PromptLengthTable.of(records, ExperimentSamples.DEFAULT_WARMUP_ROUNDS);
    System.out.println(table.toText());

    double shortGap = table.rows().get(0).stats().gapP50Millis().orElseThrow();
    double longGap = table.rows().get(1).stats().gapP50Millis().orElseThrow();
    assertThat(longGap - shortGap)
        .as("median gap, 2000 tokens − short prompt: the prefill (ms)")
        .isGreaterThan(flatBound(shortGap));
    long fastestShort = fastestTtfbMillis(shortRounds);
    long fastestLong = fastestTtfbMillis(longRounds);
    assertThat((double) (fastestLong - fastestShort))
        .as(
            "fastest TTFB, 2000 tokens (%d ms) − short prompt (%d ms): headers at acceptance",
            fastestLong, fastestShort)
        .isLessThanOrEqualTo(flatBound(fastestShort));
  }

  /** The prompt-length table's "flat" bound around {@code reference} ms. */
  private static double flatBound(double reference) {
    return Math.max(
        PromptLengthTable.FLAT_PERCENT / 100.0 * reference, PromptLengthTable.NOISE_MILLIS);
  }

  /** The fastest TTFB of the rounds after the first (connection set-up), ms. */
  private static long fastestTtfbMillis(List<RequestRecord> rounds) {
    return rounds.stream().skip(1).mapToLong(r -> r.timings().ttfbMillis()).min().orElseThrow();
  }

  @Test
  void fourteenBLikeIsAboutAHundredMillisecondsSlowerAtTwoThousandTokens() throws Exception {
    java.util.function.IntFunction<String> prompt =
        round -> PromptBuilder.promptOfTokens(2_000, 100 + round);
    List<RequestRecord> records = new ArrayList<>(rounds("qwen3-8b-like", "compare", prompt));
    records.addAll(rounds("qwen3-14b-like", "compare", prompt));
    ModelComparisonTable table =
        ModelComparisonTable.of(records, ExperimentSamples.DEFAULT_WARMUP_ROUNDS);
    System.out.println(table.toText());

    double difference =
        table.rows().get(1).stats().ttftP50Millis().orElseThrow()
            - table.rows().get(0).stats().ttftP50Millis().orElseThrow();
    assertThat(difference)
        .as(
            "as the source article measured: Qwen3-14B ~100 ms slower TTFT than Qwen3-8B at ~2000 prompt tokens")
        .isBetween(60.0, 140.0);
  }
}
