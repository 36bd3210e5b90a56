package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ttftgap.tokens.TokenCounter;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Loopback integration tests: a real engine on port 0 and a real streaming HTTP client. */
class EmbeddedEngineTest {
  /** 8 slots, 20 tokens of ~5.9 ms at full batch: one wave of 8 lasts about 120 ms. */
  static final ModelProfile WAVES =
      new ModelProfile(
          "waves", "", 8, 512, 256, 5.0, 0.1, 0.01, 16, 0, 100, 20, 32768, List.of(), 0, null, 0,
          0);

  /** One slot, one waiting place: the third concurrent request is refused. */
  static final ModelProfile ONE_SLOT =
      new ModelProfile(
          "one-slot",
          "",
          1,
          512,
          1,
          5.0,
          0.1,
          0.01,
          16,
          0,
          100,
          16,
          32768,
          List.of(),
          0,
          null,
          0,
          0);

  /**
   * 64 KV blocks of 16 tokens: three ~307-token prompts fit at admission (20 blocks each) but not
   * their growth to 100 output tokens (26 blocks each), so the youngest gets preempted.
   */
  static final ModelProfile KV_TIGHT =
      new ModelProfile(
          "kv-tight",
          "",
          8,
          512,
          256,
          5.0,
          0.1,
          0.01,
          16,
          0,
          100,
          20,
          1024,
          List.of(),
          64,
          null,
          0,
          0);

  /** Fast steps and answers that end by themselves: median 8 tokens, 1 to 200. */
  static final ModelProfile CHATTY =
      TestProfiles.fastAnswering("chatty", new AnswerLength(8, 0.8, 1, 200));

  static EmbeddedEngine engine;

  @BeforeAll
  static void start() {
    List<ModelProfile> profiles = new ArrayList<>(ModelProfile.builtIns());
    profiles.add(WAVES);
    profiles.add(ONE_SLOT);
    profiles.add(KV_TIGHT);
    profiles.add(CHATTY);
    engine =
        EmbeddedEngine.start(
            EngineConfig.defaults().withProfiles(profiles).withProfile("tiny-fast"));
  }

  @AfterAll
  static void stop() {
    engine.close();
  }

  /** The usage example of {@link EmbeddedEngine}'s Javadoc, with an engine of its own. */
  @Test
  void usageExampleOfTheJavadocStreamsAndKeepsTheGroundTruth() throws Exception {
    try (EmbeddedEngine engine =
        EmbeddedEngine.start(EngineConfig.defaults().withProfile("tiny-fast"))) {
      HttpRequest chat =
          HttpRequest.newBuilder(URI.create(engine.baseUrl() + "/chat/completions"))
              .POST(
                  BodyPublishers.ofString(
                      "{\"model\":\"tiny-fast\",\"stream\":true,\"max_tokens\":8,"
                          + "\"messages\":[{\"role\":\"user\",\"content\":\"Say hello\"}]}"))
              .build();
      HttpResponse<String> sse = HttpClient.newHttpClient().send(chat, BodyHandlers.ofString());
      // sse.body(): "data: {...}" chunks, one per token, then "data: [DONE]"
      String requestId = sse.headers().firstValue("x-request-id").orElseThrow();
      GroundTruth truth = engine.groundTruth(requestId).orElseThrow();
      long headersMicros = truth.headersWrittenEpochMicros(); // epoch µs the headers were written

      assertThat(sse.body()).as("the stream carries its end marker").contains("data: [DONE]");
      assertThat(truth.completionTokens()).as("max_tokens tokens streamed").isEqualTo(8);
      assertThat(headersMicros)
          .as("headers written after the request was accepted")
          .isGreaterThanOrEqualTo(truth.acceptedEpochMicros());
    }
  }

  /** As a killed server's: without it a client mid-stream waited for a FIN in 4 runs of 6. */
  @Test
  void closeEndsTheConnectionsOfStreamsInFlight() throws Exception {
    EmbeddedEngine own = EmbeddedEngine.start(EngineConfig.defaults().withProfile("tiny-fast"));
    String body =
        "{\"model\":\"tiny-fast\",\"stream\":true,\"max_tokens\":2000,"
            + "\"messages\":[{\"role\":\"user\",\"content\":\"go on\"}]}";
    try (Socket socket = new Socket("127.0.0.1", own.port())) {
      socket.setSoTimeout(5_000);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  + "Content-Length: "
                  + body.length()
                  + "\r\n\r\n"
                  + body)
              .getBytes(StandardCharsets.UTF_8));
      InputStream in = socket.getInputStream();
      readUntil(in, "data: ");
      own.close();
      byte[] buffer = new byte[4096];
      int n;
      do {
        n = in.read(buffer); // a SocketTimeoutException after 5 s fails the test
      } while (n >= 0);
      assertThat(n).as("end of the stream's connection after close()").isEqualTo(-1);
    }
  }

  @Test
  void streamsOpenAiChunksOneByOneWithUsageMetricsAndDone() {
    StreamProbe.Result result =
        StreamProbe.post(
            engine,
            StreamProbe.chat(
                "tiny-fast",
                "Say hello",
                6,
                true,
                "\"stream_options\":{\"include_usage\":true},\"include_metrics\":true"));

    assertThat(result.status()).isEqualTo(200);
    assertThat(result.header("content-type")).startsWith("text/event-stream");
    List<JsonNode> chunks = result.dataJson();
    String id = chunks.get(0).path("id").asText();
    assertThat(id).startsWith("chatcmpl-");
    assertThat(chunks).as("one id per request").allMatch(c -> c.path("id").asText().equals(id));
    assertThat(chunks.get(0).path("choices").get(0).path("delta").path("role").asText())
        .as("role-only first chunk")
        .isEqualTo("assistant");
    assertThat(chunks.get(0).path("choices").get(0).path("delta").path("content").asText())
        .isEmpty();
    List<JsonNode> content = chunks.subList(1, 7);
    assertThat(content)
        .as("one chunk per token")
        .allMatch(c -> c.path("object").asText().equals("chat.completion.chunk"))
        .allMatch(c -> !c.path("choices").get(0).path("delta").path("content").asText().isEmpty())
        .allMatch(c -> c.path("choices").get(0).path("finish_reason").isNull());
    assertThat(chunks.get(7).path("choices").get(0).path("finish_reason").asText())
        .isEqualTo("length");
    JsonNode usage = chunks.get(8);
    assertThat(usage.path("choices").size()).as("usage chunk has no choices").isZero();
    assertThat(usage.path("usage").path("completion_tokens").asInt()).isEqualTo(6);
    assertThat(usage.path("usage").path("total_tokens").asInt())
        .isEqualTo(usage.path("usage").path("prompt_tokens").asInt() + 6);
    JsonNode metrics = usage.path("metrics");
    assertThat(metrics.path("time_to_first_token_ms").asDouble()).isPositive();
    assertThat(metrics.has("queue_time_ms")).isTrue();
    assertThat(metrics.has("prefill_time_ms")).isTrue();
    assertThat(metrics.has("decode_time_ms")).isTrue();
    assertThat(result.dataLines()).last().isEqualTo("data: [DONE]");
    assertThat(result.header("x-request-id")).isEqualTo(id);

    GroundTruth truth = engine.groundTruth(id).orElseThrow();
    assertThat(truth.outcome()).isEqualTo(GroundTruth.OK);
    assertThat(truth.completionTokens()).isEqualTo(6);
    assertThat(truth.acceptedEpochMicros()).isLessThanOrEqualTo(truth.headersWrittenEpochMicros());
    assertThat(truth.headersWrittenEpochMicros())
        .isLessThan(truth.firstContentWrittenEpochMicros());
    assertThat(truth.firstContentWrittenEpochMicros())
        .isEqualTo(metrics.path("first_content_written_epoch_us").asLong())
        .isLessThanOrEqualTo(truth.lastWrittenEpochMicros());
    long nowMicros = System.currentTimeMillis() * 1000;
    assertThat(truth.lastWrittenEpochMicros())
        .as("wall clock epoch micros")
        .isBetween(nowMicros - 10_000_000L, nowMicros + 1_000_000L);
  }

  @Test
  void withoutMaxTokensTheProfileLengthEndsWithStopAndNoUsageChunk() {
    StreamProbe.Result result =
        StreamProbe.post(
            engine, "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],\"stream\":true}");

    List<JsonNode> chunks = result.dataJson();
    assertThat(chunks.get(0).path("model").asText()).as("default model").isEqualTo("tiny-fast");
    assertThat(chunks).hasSize(1 + 16 + 1);
    assertThat(chunks.get(17).path("choices").get(0).path("finish_reason").asText())
        .isEqualTo("stop");
  }

  @Test
  void answersEndingByThemselvesStopBeforeMaxTokensUnlessIgnoreEosIsSet() {
    int stopped = 0;
    for (int i = 0; i < 12; i++) {
      String prompt = "question " + i;
      List<JsonNode> free =
          StreamProbe.post(engine, StreamProbe.chat("chatty", prompt, 16, true, "")).dataJson();
      List<JsonNode> forced =
          StreamProbe.post(
                  engine, StreamProbe.chat("chatty", prompt, 16, true, "\"ignore_eos\":true"))
              .dataJson();

      int tokens = free.size() - 2;
      String finish =
          free.get(free.size() - 1).path("choices").get(0).path("finish_reason").asText();
      assertThat(tokens).as("%s: tokens streamed", prompt).isBetween(1, 16);
      assertThat(finish)
          .as("%s: finish reason after %d tokens", prompt, tokens)
          .isEqualTo(tokens < 16 ? "stop" : "length");
      assertThat(forced.size() - 2).as("%s with ignore_eos", prompt).isEqualTo(16);
      assertThat(
              forced.get(forced.size() - 1).path("choices").get(0).path("finish_reason").asText())
          .as("%s with ignore_eos", prompt)
          .isEqualTo("length");
      if (tokens < 16) {
        stopped++;
      }
    }
    assertThat(stopped)
        .as("answers of median 8 tokens ending before 16, of 12")
        .isGreaterThanOrEqualTo(6);
  }

  @Test
  void nonStreamingAnswersOneChatCompletion() throws Exception {
    StreamProbe.Result result =
        StreamProbe.post(engine, StreamProbe.chat("tiny-fast", "hi", 4, false, ""));

    JsonNode body = StreamProbe.JSON.readTree(result.body());
    assertThat(result.header("content-type")).startsWith("application/json");
    assertThat(body.path("object").asText()).isEqualTo("chat.completion");
    assertThat(body.path("choices").get(0).path("message").path("content").asText()).isNotBlank();
    assertThat(body.path("usage").path("completion_tokens").asInt()).isEqualTo(4);
  }

  @Test
  void sixtyFourStreamsAgainstEightSlotsGetHeadersAtOnceAndFirstTokensInWaves() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(64);
    try {
      List<Future<StreamProbe.Result>> futures = new ArrayList<>();
      for (int i = 0; i < 64; i++) {
        futures.add(
            pool.submit(
                () -> StreamProbe.post(engine, StreamProbe.chat("waves", "wave", 20, true, ""))));
      }
      List<GroundTruth> truths = new ArrayList<>();
      for (Future<StreamProbe.Result> future : futures) {
        StreamProbe.Result result = future.get();
        assertThat(result.status()).isEqualTo(200);
        truths.add(engine.groundTruth(result.header("x-request-id")).orElseThrow());
      }

      // headers at acceptance, queue or not. A starved machine (two CPU hogs on 2 cores) delays
      // the odd write by tens of ms; the queue delays the last waves' first tokens by hundreds,
      // and headers sent with the first token would wait for all of it
      assertThat(truths.stream().filter(t -> headersDelayMicros(t) < 50_000).count())
          .as("streams whose headers were written within 50 ms of acceptance, of 64")
          .isGreaterThanOrEqualTo(60);
      assertThat(truths.stream().filter(t -> t.queueMicros() > 200_000).toList())
          .as("streams queued over 200 ms: headers written within half their queue time")
          .isNotEmpty()
          .allMatch(t -> headersDelayMicros(t) < t.queueMicros() / 2);
      assertThat(truths).as("queue time never negative").allMatch(t -> t.queueMicros() >= 0);
      truths.sort(Comparator.comparingLong(GroundTruth::firstContentWrittenEpochMicros));
      long firstWave = truths.get(0).firstContentWrittenEpochMicros();
      long lastWave = truths.get(63).firstContentWrittenEpochMicros();
      // 8 waves, each ≥ 19 decode steps of ≥ 5.8 ms after the one before
      assertThat((lastWave - firstWave) / 1000.0)
          .as("the last wave's first token waits for 7 waves of 20 tokens")
          .isGreaterThan(7 * 19 * 5.8 * 0.9);
      assertThat(maxOverlap(truths))
          .as("never more than max_num_seqs streams")
          .isLessThanOrEqualTo(8);
      assertThat(truths.get(63).queueMicros()).as("queued, not prefilled").isGreaterThan(500_000L);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void whenTheKvCacheRunsOutRequestsArePreemptedYetEachEndsWithItsFullOutput() throws Exception {
    long preemptionsBefore = metricValue("vllm:num_preemptions_total", "kv-tight");
    String body =
        StreamProbe.chat(
            "kv-tight",
            promptOfTokens(300),
            100,
            true,
            "\"stream_options\":{\"include_usage\":true}");
    ExecutorService pool = Executors.newFixedThreadPool(9);
    List<StreamProbe.Result> results = new ArrayList<>();
    try {
      List<Future<StreamProbe.Result>> futures = new ArrayList<>();
      for (int i = 0; i < 9; i++) {
        futures.add(pool.submit(() -> StreamProbe.post(engine, body)));
      }
      for (Future<StreamProbe.Result> future : futures) {
        results.add(future.get());
      }
    } finally {
      pool.shutdownNow();
    }

    List<String> texts = new ArrayList<>();
    int preemptions = 0;
    for (StreamProbe.Result result : results) {
      StringBuilder text = new StringBuilder();
      result.dataJson().stream()
          .filter(c -> c.path("choices").size() > 0)
          .forEach(
              c -> text.append(c.path("choices").get(0).path("delta").path("content").asText()));
      texts.add(text.toString());
      assertThat(result.dataLines()).last().isEqualTo("data: [DONE]");
      GroundTruth truth = truthOf(result);
      assertThat(truth.outcome()).isEqualTo(GroundTruth.OK);
      assertThat(truth.completionTokens()).as("every token once").isEqualTo(100);
      assertThat(truth.preemptions()).as("recorded for a scheduled request").isNotNull();
      preemptions += truth.preemptions();
    }
    assertThat(texts)
        .as("same prompt, same output, whatever the preemptions")
        .containsOnly(texts.get(0));
    assertThat(preemptions).as("3 prompts fit, their growth does not").isPositive();
    assertThat(metricValue("vllm:num_preemptions_total", "kv-tight") - preemptionsBefore)
        .as("the counter adds up the ground truth")
        .isEqualTo(preemptions);
    String metrics = StreamProbe.get("http://127.0.0.1:" + engine.port() + "/metrics").body();
    assertThat(metrics)
        .contains("vllm:kv_cache_usage_perc{model_name=\"kv-tight\"} 0.000000")
        .doesNotContain("vllm:kv_cache_usage_perc{model_name=\"tiny-fast\"}");
    awaitCounts("kv-tight", 0, 0);
  }

  @Test
  void fullQueueAnswers429WithRetryAfter() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      String slow = StreamProbe.chat("one-slot", "slow", 200, true, "");
      Future<StreamProbe.Result> running = pool.submit(() -> StreamProbe.post(engine, slow));
      awaitCounts("one-slot", 1, 0);
      Future<StreamProbe.Result> waiting = pool.submit(() -> StreamProbe.post(engine, slow));
      awaitCounts("one-slot", 1, 1);

      StreamProbe.Result refused = StreamProbe.post(engine, slow);

      assertThat(refused.status()).isEqualTo(429);
      assertThat(Integer.parseInt(refused.header("retry-after"))).isGreaterThanOrEqualTo(1);
      JsonNode error = StreamProbe.JSON.readTree(refused.body()).path("error");
      assertThat(error.path("code").asText()).isEqualTo("rate_limit_exceeded");
      assertThat(running.get().status()).isEqualTo(200);
      assertThat(waiting.get().status()).isEqualTo(200);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void clientsThatDisconnectMidStreamFreeTheirSlotsAtOnce() throws Exception {
    String body = StreamProbe.chat("waves", "leave early", 5000, true, "");
    List<Socket> sockets = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      Socket socket = new Socket("127.0.0.1", engine.port());
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                  + "\r\nContent-Length: "
                  + body.getBytes(StandardCharsets.UTF_8).length
                  + "\r\n\r\n"
                  + body)
              .getBytes(StandardCharsets.UTF_8));
      out.flush();
      sockets.add(socket);
    }
    readUntil(sockets.get(0).getInputStream(), "\"content\":\" ");
    // the 40 requests race a 5-ms engine step: a GC pause in this thread delays the last ones
    awaitCounts("waves", 8, 32);
    assertThat(metricValue("vllm:num_requests_running", "waves")).isEqualTo(8);
    assertThat(metricValue("vllm:num_requests_waiting", "waves")).isEqualTo(32);

    for (Socket socket : sockets) {
      socket.close();
    }

    long deadline = System.nanoTime() + 3_000_000_000L;
    while (System.nanoTime() < deadline
        && (metricValue("vllm:num_requests_running", "waves") != 0
            || metricValue("vllm:num_requests_waiting", "waves") != 0)) {
      Thread.sleep(20);
    }
    assertThat(metricValue("vllm:num_requests_running", "waves")).as("idle again").isZero();
    assertThat(metricValue("vllm:num_requests_waiting", "waves")).isZero();
    assertThat(engine.groundTruths())
        .filteredOn(t -> t.outcome().equals(GroundTruth.CLIENT_DISCONNECTED))
        .hasSizeGreaterThanOrEqualTo(40);
  }

  @Test
  void prefixCacheMakesARepeatedLongPromptFaster() {
    String prompt = "cache me ".repeat(1500) + System.nanoTime();
    String body = StreamProbe.chat("tiny-fast", prompt, 1, true, "");

    GroundTruth cold = truthOf(StreamProbe.post(engine, body));
    GroundTruth warm = truthOf(StreamProbe.post(engine, body));

    assertThat(warm.cachedTokens()).as("blocks of the first request reused").isGreaterThan(2900);
    long coldTtft = cold.firstContentWrittenEpochMicros() - cold.acceptedEpochMicros();
    long warmTtft = warm.firstContentWrittenEpochMicros() - warm.acceptedEpochMicros();
    assertThat(warmTtft)
        .as("warm TTFT well below cold " + coldTtft + " µs")
        .isLessThan(coldTtft / 2);
  }

  @Test
  void over_loopback_14bIsSlowerThan8bAt2000PromptTokensByAbout100Millis() {
    String prompt =
        promptOfTokens(2000 - ChatRequest.PRIMING_TOKENS - ChatRequest.PER_MESSAGE_TOKENS);
    double ttft8b = medianTtftMillis("qwen3-8b-like", prompt);
    double ttft14b = medianTtftMillis("qwen3-14b-like", prompt);

    assertThat(ttft8b)
        .as("8b near 305 ms (plus HTTP and scheduling noise)")
        .isBetween(295.0, 400.0);
    assertThat(ttft14b - ttft8b).as("14b − 8b within 60..140 ms").isBetween(60.0, 140.0);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "malformed JSON|POST|/v1/chat/completions|{\"messages\":|400|",
        "missing messages|POST|/v1/chat/completions|{\"model\":\"tiny-fast\"}|400|messages",
        "empty messages|POST|/v1/chat/completions|{\"messages\":[]}|400|messages",
        "bad max_tokens|POST|/v1/chat/completions|{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"max_tokens\":0}|400|max_tokens",
        "unknown"
            + " model|POST|/v1/chat/completions|{\"model\":\"Qwen3-8B\",\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}|404|model",
        "wrong method|GET|/v1/chat/completions||405|",
        "unknown path|GET|/v1/embeddings||404|",
        "status"
            + " fault|POST|/v1/chat/completions|{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"sim_fault\":\"status:500\"}|500|",
      })
  void badInputGetsAnOpenAiErrorObject(
      String name, String method, String path, String body, int status, String param)
      throws Exception {
    java.net.http.HttpRequest.Builder request =
        java.net.http.HttpRequest.newBuilder(
            java.net.URI.create("http://127.0.0.1:" + engine.port() + path));
    request.method(
        method,
        body == null
            ? java.net.http.HttpRequest.BodyPublishers.noBody()
            : java.net.http.HttpRequest.BodyPublishers.ofString(body));

    StreamProbe.Result result = StreamProbe.send(request.build());

    assertThat(result.status()).as(name).isEqualTo(status);
    JsonNode error = StreamProbe.JSON.readTree(result.body()).path("error");
    assertThat(error.path("message").asText()).as(name + " message").isNotBlank();
    assertThat(error.has("type") && error.has("param") && error.has("code"))
        .as(name + ": OpenAI error shape")
        .isTrue();
    if (param != null) {
      assertThat(error.path("param").asText()).isEqualTo(param);
    }
    if (name.equals("unknown model")) {
      assertThat(error.path("message").asText()).contains("qwen3-8b-like", "tiny-fast");
    }
  }

  @Test
  void bodyOverTheLimitGets413() throws Exception {
    String huge = StreamProbe.chat("tiny-fast", "x".repeat(5 * 1024 * 1024), 1, true, "");

    StreamProbe.Result result = StreamProbe.post(engine, huge);

    assertThat(result.status()).isEqualTo(413);
    assertThat(StreamProbe.JSON.readTree(result.body()).path("error").path("code").asText())
        .isEqualTo("request_too_large");
  }

  @Test
  void apiKeyIsRequiredWhenConfigured() throws Exception {
    try (EmbeddedEngine secured =
        EmbeddedEngine.start(
            EngineConfig.defaults().withProfile("tiny-fast").withApiKey("sk-test-123"))) {
      String url = secured.baseUrl() + "/chat/completions";
      String body = StreamProbe.chat("tiny-fast", "hi", 2, true, "");

      StreamProbe.Result missing = StreamProbe.post(url, body);
      StreamProbe.Result wrong = StreamProbe.post(url, body, "Authorization", "Bearer sk-nope");
      StreamProbe.Result right = StreamProbe.post(url, body, "Authorization", "Bearer sk-test-123");

      assertThat(missing.status()).isEqualTo(401);
      assertThat(wrong.status()).isEqualTo(401);
      assertThat(StreamProbe.JSON.readTree(wrong.body()).path("error").path("code").asText())
          .isEqualTo("invalid_api_key");
      assertThat(wrong.body()).as("the key is never echoed").doesNotContain("sk-test-123");
      assertThat(right.status()).isEqualTo(200);
      assertThat(StreamProbe.get(secured.baseUrl().replace("/v1", "/health")).status())
          .as("health needs no key")
          .isEqualTo(200);
    }
  }

  @Test
  void headerModesMoveTheHeadersAndTheBody() {
    // the measured request differs from the warm-up one from its first token: the prefix cache (on
    // in qwen3-8b-like) must not serve its prefill
    String warmUp =
        StreamProbe.chat(
            "qwen3-8b-like",
            "apple" + promptOfTokens(1000),
            3,
            true,
            "\"stream_options\":{\"include_usage\":true}");
    String body =
        StreamProbe.chat(
            "qwen3-8b-like",
            "river" + promptOfTokens(1000),
            3,
            true,
            "\"stream_options\":{\"include_usage\":true}");
    try (EmbeddedEngine atAccept = EmbeddedEngine.start(EngineConfig.defaults());
        EmbeddedEngine withFirst =
            EmbeddedEngine.start(
                EngineConfig.defaults().withHeaderMode(HeaderMode.WITH_FIRST_TOKEN));
        EmbeddedEngine buffered =
            EmbeddedEngine.start(EngineConfig.defaults().withHeaderMode(HeaderMode.BUFFERED))) {
      StreamProbe.post(atAccept, warmUp);
      StreamProbe.Result early = StreamProbe.post(atAccept, body);
      StreamProbe.post(withFirst, warmUp);
      StreamProbe.Result late = StreamProbe.post(withFirst, body);
      StreamProbe.post(buffered, warmUp);
      StreamProbe.Result whole = StreamProbe.post(buffered, body);

      // prefill of ~1000 tokens takes ~160 ms
      assertThat(early.ttftMillis() - early.ttfbMillis())
          .as("at-accept: gap = prefill")
          .isGreaterThan(120);
      assertThat(late.ttftMillis() - late.ttfbMillis())
          .as("with-first-token: no gap")
          .isLessThan(30);
      assertThat(late.ttfbMillis()).isGreaterThan(120);
      assertThat(whole.header("content-length")).as("buffered: one sized body").isNotNull();
      assertThat(whole.header("content-type")).startsWith("text/event-stream");
      assertThat(whole.dataLines()).last().isEqualTo("data: [DONE]");
      GroundTruth truth = buffered.groundTruth(whole.header("x-request-id")).orElseThrow();
      assertThat(truth.headersWrittenEpochMicros())
          .as("buffered: headers, first content and end written together")
          .isEqualTo(truth.firstContentWrittenEpochMicros())
          .isEqualTo(truth.lastWrittenEpochMicros());
    }
  }

  @Test
  void keepAliveCommentsFillIdleStreamsAndTraceFileGetsEveryRequest(@TempDir Path dir)
      throws Exception {
    Path trace = dir.resolve("trace.jsonl");
    try (EmbeddedEngine quiet =
        EmbeddedEngine.start(
            EngineConfig.defaults()
                .withProfile("tiny-fast")
                .withKeepAliveInterval(Duration.ofMillis(20))
                .withTraceFile(trace))) {
      StreamProbe.Result result =
          StreamProbe.post(
              quiet,
              StreamProbe.chat("tiny-fast", "hi", 3, true, "\"sim_fault\":\"stall-after:1:200\""));

      assertThat(result.lines()).extracting(StreamProbe.Line::text).contains(": keep-alive");
      assertThat(result.dataLines()).last().isEqualTo("data: [DONE]");
      assertThat(Files.readAllLines(trace))
          .singleElement()
          .asString()
          .contains(result.header("x-request-id"));
    }
  }

  @Test
  void modelsProfilesHealthAndMetricsAnswer() throws Exception {
    StreamProbe.post(engine, StreamProbe.chat("tiny-fast", "hi", 2, true, ""));
    String root = "http://127.0.0.1:" + engine.port();

    JsonNode models = StreamProbe.JSON.readTree(StreamProbe.get(root + "/v1/models").body());
    JsonNode profiles =
        StreamProbe.JSON.readTree(StreamProbe.get(root + "/v1/engine/profiles").body());
    String metrics = StreamProbe.get(root + "/metrics").body();

    assertThat(models.path("object").asText()).isEqualTo("list");
    assertThat(models.path("data").findValuesAsText("id"))
        .contains("qwen3-8b-like", "qwen3-14b-like");
    JsonNode qwen = profiles.path("profiles").get(0);
    assertThat(qwen.path("name").asText()).isEqualTo("qwen3-8b-like");
    assertThat(qwen.path("saturation_rate_per_second").asDouble()).isBetween(6.0, 10.0);
    assertThat(qwen.path("max_num_seqs").asInt()).isEqualTo(8);
    assertThat(qwen.path("num_gpu_blocks").asInt()).isEqualTo(400);
    JsonNode longPrompts = qwen.path("capacity").get(1);
    assertThat(longPrompts.path("prompt_tokens").asInt()).isEqualTo(2000);
    assertThat(longPrompts.path("max_concurrent_sequences").asInt())
        .as("the KV cache holds 3 sequences of 2,064 tokens")
        .isEqualTo(3);
    assertThat(longPrompts.path("saturation_rate_per_second").asDouble())
        .as("min(batch bound, memory bound)")
        .isEqualTo(longPrompts.path("memory_bound_rate_per_second").asDouble())
        .isLessThan(longPrompts.path("batch_bound_rate_per_second").asDouble());
    assertThat(StreamProbe.get(root + "/health").status()).isEqualTo(200);
    assertThat(metrics)
        .contains(
            "vllm:num_requests_running{model_name=\"tiny-fast\"}",
            "vllm:num_requests_waiting{model_name=\"tiny-fast\"}",
            "vllm:time_to_first_token_seconds_bucket{model_name=\"tiny-fast\",le=\"+Inf\"}",
            "vllm:request_queue_time_seconds_count{model_name=\"tiny-fast\"}",
            "vllm:e2e_request_latency_seconds_sum{model_name=\"tiny-fast\"}",
            "vllm:prompt_tokens_total{model_name=\"tiny-fast\"}",
            "vllm:generation_tokens_total{model_name=\"tiny-fast\"}",
            "vllm:request_success_total{finished_reason=\"length\",model_name=\"tiny-fast\"}");
    assertThat(metricValue("vllm:generation_tokens_total", "tiny-fast")).isPositive();
  }

  static GroundTruth truthOf(StreamProbe.Result result) {
    return engine.groundTruth(result.header("x-request-id")).orElseThrow();
  }

  private static double medianTtftMillis(String model, String prompt) {
    // each request starts with another one-token word: the prefix cache (on in 8b/14b) finds no
    // block, so every request pays its full prefill
    String[] firsts = {"apple", "river", "table", "green"};
    StreamProbe.post(engine, StreamProbe.chat(model, firsts[0] + prompt, 2, true, ""));
    List<Double> ttfts = new ArrayList<>();
    for (int i = 1; i < firsts.length; i++) {
      String body = StreamProbe.chat(model, firsts[i] + prompt, 2, true, "");
      ttfts.add(StreamProbe.post(engine, body).ttftMillis());
    }
    ttfts.sort(Double::compare);
    return ttfts.get(1);
  }

  static String promptOfTokens(int tokens) {
    StringBuilder prompt = new StringBuilder();
    while (TokenCounter.count(prompt.toString()) < tokens) {
      prompt.append(" hello");
    }
    return prompt.toString();
  }

  private static long headersDelayMicros(GroundTruth truth) {
    return truth.headersWrittenEpochMicros() - truth.acceptedEpochMicros();
  }

  private static int maxOverlap(List<GroundTruth> truths) {
    int max = 0;
    for (GroundTruth probe : truths) {
      long t = probe.firstContentWrittenEpochMicros();
      int overlapping = 0;
      for (GroundTruth other : truths) {
        if (other.firstContentWrittenEpochMicros() <= t && t < other.lastWrittenEpochMicros()) {
          overlapping++;
        }
      }
      max = Math.max(max, overlapping);
    }
    return max;
  }

  private static void awaitCounts(String model, int running, int waiting) throws Exception {
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (System.nanoTime() < deadline
        && (engine.runningCount(model) != running || engine.waitingCount(model) != waiting)) {
      Thread.sleep(5);
    }
    assertThat(engine.runningCount(model)).isEqualTo(running);
    assertThat(engine.waitingCount(model)).isEqualTo(waiting);
  }

  static long metricValue(String name, String model) {
    String text = StreamProbe.get("http://127.0.0.1:" + engine.port() + "/metrics").body();
    Matcher matcher =
        Pattern.compile(Pattern.quote(name + "{model_name=\"" + model + "\"} ") + "(\\d+)")
            .matcher(text);
    assertThat(matcher.find()).as(name + " for " + model + " in /metrics").isTrue();
    return Long.parseLong(matcher.group(1));
  }

  private static void readUntil(InputStream in, String marker) throws Exception {
    StringBuilder seen = new StringBuilder();
    byte[] buffer = new byte[4096];
    while (!seen.toString().contains(marker)) {
      int n = in.read(buffer);
      if (n < 0) {
        throw new AssertionError("stream ended before " + marker + ": " + seen);
      }
      seen.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
    }
  }
}
