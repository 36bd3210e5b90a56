package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.record.Outcome;
import dev.ttftgap.record.RecordReader;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.simulations.RisingRateSimulation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real Gatling runs (forked JVMs) of load profiles that send what production traffic sends: headers
 * from the environment, extra body fields, forced output lengths drawn from a distribution, and
 * multi-turn conversations replayed from a dataset, against an engine this test starts on loopback.
 */
class RealisticTrafficRunIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SECRET = "sk-i12-secret-from-env-0123456789";
  private static final String TENANT = "tenant-secret-9876";

  private static String everythingTheRunLeft(GatlingFork.Result run) throws IOException {
    StringBuilder text = new StringBuilder(run.output());
    try (Stream<Path> files = Files.walk(run.resultsDir())) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        text.append(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1));
      }
    }
    return text.toString();
  }

  @Test
  void headersFromTheEnvironmentReachTheServerAndAppearNowhereInTheRunsOutputs(@TempDir Path dir)
      throws Exception {
    Path profile = dir.resolve("secret-headers.json");
    Files.writeString(
        profile,
        """
        {"name": "secret-headers",
         "request": {"promptTokens": {"distribution": "uniform", "min": 40, "max": 80},
                     "maxTokens": {"distribution": "uniform", "min": 4, "max": 12},
                     "forceOutputLength": true,
                     "headers": {"Authorization": "Bearer ${I12_SECRET}", "X-Tenant": "${I12_TENANT}"},
                     "extraBody": {"top_p": 0.9}},
         "load": {"steps": [4], "stepDurationSeconds": 3},
         "timeouts": {"firstTokenSeconds": 10, "idleSeconds": 10, "streamSeconds": 20}}
        """);
    GatlingFork.Result run;
    try (EmbeddedEngine engine =
        EmbeddedEngine.start(
            EngineConfig.defaults().withPort(0).withProfile("tiny-fast").withApiKey(SECRET))) {
      run =
          GatlingFork.run(
              RisingRateSimulation.class,
              dir.resolve("results"),
              Map.of("profile", profile.toString()),
              Map.of(
                  "LLM_BASE_URL",
                  engine.baseUrl(),
                  "LLM_MODEL",
                  "tiny-fast",
                  "I12_SECRET",
                  SECRET,
                  "I12_TENANT",
                  TENANT),
              true,
              Duration.ofSeconds(90));
    }
    assertThat(run.exitCode()).as("exit code; output:\n%s", run.output()).isZero();

    List<RequestRecord> records = RecordReader.read(run.records());
    assertThat(records).as("records of 4 req/s × 3 s").hasSizeGreaterThanOrEqualTo(11);
    assertThat(records)
        .as("every request accepted: the engine checks the key the header carried")
        .allSatisfy(
            r -> assertThat(r.result().outcome()).as("outcome of %s", r).isEqualTo(Outcome.OK));
    assertThat(records)
        .as("forced output length: the tokens received are the max_tokens drawn for each request")
        .allSatisfy(
            r ->
                assertThat(r.output().outputTokens()).as("%s", r).isEqualTo(r.input().maxTokens()));
    assertThat(records.stream().map(r -> r.input().maxTokens()).distinct().count())
        .as("distinct max_tokens drawn")
        .isGreaterThan(3);
    assertThat(records).allSatisfy(r -> assertThat(r.input().prompts()).isEqualTo("distinct"));
    assertThat(run.output())
        .as("console names the header, masks its value")
        .contains("X-Tenant: ***");
    String everything = everythingTheRunLeft(run);
    assertThat(everything).as("every file the run left, and its console").contains("capacity");
    assertThat(everything).as("the secret header value anywhere").doesNotContain(SECRET);
    assertThat(everything).as("the tenant header value anywhere").doesNotContain(TENANT);
  }

  @Test
  void aDatasetConversationSendsItsTurnsWithTheStreamedHistory(@TempDir Path dir) throws Exception {
    Path dataset = dir.resolve("chats.jsonl");
    Files.writeString(
        dataset,
        """
        {"messages": [{"role": "user", "content": "What is TTFT?"}, {"role": "assistant", "content": "x"}, {"role": "user", "content": "And TTFB?"}, {"role": "user", "content": "Thanks."}], "max_tokens": 8}
        {"conversations": [{"from": "human", "value": "Hi"}, {"from": "gpt", "value": "Hello"}, {"from": "human", "value": "Bye"}]}
        """);
    Path profile = dir.resolve("turns.json");
    Files.writeString(
        profile,
        """
        {"name": "turns",
         "request": {"dataset": "%s", "maxTokens": 6,
                     "conversation": {"thinkTimeSeconds": 0.2}},
         "load": {"steps": [2], "stepDurationSeconds": 3},
         "timeouts": {"firstTokenSeconds": 10, "idleSeconds": 10, "streamSeconds": 20}}
        """
            .formatted(dataset.toString().replace("\\", "\\\\")));
    GatlingFork.Result run;
    try (EmbeddedEngine engine =
        EmbeddedEngine.start(EngineConfig.defaults().withPort(0).withProfile("tiny-fast"))) {
      run =
          GatlingFork.risingRate(
              dir.resolve("results"),
              profile.toString(),
              engine.baseUrl(),
              "tiny-fast",
              false,
              Duration.ofSeconds(90));
    }
    assertThat(run.exitCode()).as("exit code; output:\n%s", run.output()).isZero();

    List<RequestRecord> records = RecordReader.read(run.records());
    Map<String, List<RequestRecord>> byConversation =
        records.stream().collect(Collectors.groupingBy(r -> r.input().conversationId()));
    assertThat(byConversation)
        .as("conversations (2 per second × 3 s)")
        .hasSizeGreaterThanOrEqualTo(5);
    for (List<RequestRecord> turns : byConversation.values()) {
      List<RequestRecord> ordered =
          turns.stream().sorted(java.util.Comparator.comparing(r -> r.input().turn())).toList();
      assertThat(ordered)
          .extracting(r -> r.input().turn())
          .as("turns of %s", turns)
          .startsWith(1, 2);
      assertThat(ordered).allSatisfy(r -> assertThat(r.ok()).as("%s", r).isTrue());
      for (int i = 1; i < ordered.size(); i++) {
        assertThat(ordered.get(i).input().promptTokens())
            .as("turn %d sends the history with the streamed answer: more prompt tokens", i + 1)
            .isGreaterThan(
                ordered.get(i - 1).input().promptTokens()
                    + ordered.get(i - 1).output().outputTokens());
        assertThat(ordered.get(i).timings().startEpochMillis())
            .as("turn %d starts after the previous answer plus the think time", i + 1)
            .isGreaterThanOrEqualTo(
                ordered.get(i - 1).timings().startEpochMillis()
                    + ordered.get(i - 1).timings().e2eMillis()
                    + 200);
      }
    }
    JsonNode report = JSON.readTree(run.runFolder().resolve("capacity.json").toFile());
    assertThat(report.at("/workload/prompts/0").asText()).as("prompt mode").isEqualTo("dataset");
    assertThat(report.at("/workload/turns").size()).as("TTFT per turn: turns 1..3").isEqualTo(3);
    assertThat(report.at("/workload/turns/0/ttftMillis/p50").isNumber())
        .as("TTFT p50 of turn 1")
        .isTrue();
  }
}
