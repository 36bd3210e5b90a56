package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.engine.GroundTruth;
import dev.ttftgap.record.RecordReader;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.simulations.RisingRateSimulation;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped {@code agent} and {@code reasoning} load profiles, run end to end against an engine
 * this test starts on loopback (its default model answers half the turns that offer tools with a
 * call, and streams a quarter of its output as reasoning when asked): tool-call turns are
 * successes, the agent loop sends the call and its result back, reasoning turns carry both first
 * tokens, and {@code capacity.json} gives each kind per step.
 */
class OutputKindsRunIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The client may read an event at most this late after the engine wrote it, ms (shared CI). */
  private static final long LATE_MILLIS = 50;

  @Test
  void theAgentLoopCallsToolsSendsTheResultsBackAndReportsBothFirstTokens(@TempDir Path dir)
      throws IOException {
    List<RequestRecord> records;
    JsonNode capacity;
    try (EmbeddedEngine engine = EmbeddedEngine.start(EngineConfig.defaults().withPort(0))) {
      GatlingFork.Result run =
          GatlingFork.run(
              RisingRateSimulation.class,
              dir,
              Map.of("profile", "agent", "load.steps", "0.3,0.6", "load.stepDurationSeconds", "12"),
              Map.of("LLM_BASE_URL", engine.baseUrl(), "LLM_MODEL", "qwen3-8b-like"),
              false,
              Duration.ofSeconds(240));
      assertThat(run.exitCode()).as("Gatling run exit code; output:\n%s", run.output()).isZero();
      records = RecordReader.read(run.records());
      capacity = JSON.readTree(run.runFolder().resolve("capacity.json").toFile());
    }
    assertThat(records)
        .as("every turn succeeds, the tool-call ones included")
        .isNotEmpty()
        .allSatisfy(r -> assertThat(r.ok()).as("%s", r).isTrue());
    List<RequestRecord> calls =
        records.stream()
            .filter(r -> r.output().toolCalls() != null && r.output().toolCalls() > 0)
            .toList();
    List<RequestRecord> texts =
        records.stream().filter(r -> r.timings().firstContentMillis() != null).toList();
    assertThat(calls).as("turns answered with a tool call").isNotEmpty();
    assertThat(texts).as("turns answered with text").isNotEmpty();
    assertThat(calls)
        .allSatisfy(
            r -> {
              assertThat(r.output().finishReason()).as("finish of %s", r).isEqualTo("tool_calls");
              assertThat(r.timings().firstToolCallMillis()).as("ttftc of %s", r).isNotNull();
              assertThat(r.timings().ttftMillis())
                  .as("TTFT (first output of any kind) of a tool-call turn is its first call")
                  .isEqualTo(r.timings().firstToolCallMillis());
              assertThat(r.output().outputTokens()).as("tokens of %s", r).isPositive();
            });
    // the loop goes on after a call: the next turn of the conversation carries the call and a
    // ~200-token tool result, so the server counts a longer prompt
    Map<String, RequestRecord> byTurn =
        records.stream()
            .collect(
                Collectors.toMap(
                    r -> r.input().conversationId() + "#" + r.input().turn(), Function.identity()));
    List<RequestRecord> followUps = new ArrayList<>();
    for (RequestRecord call : calls) {
      RequestRecord next =
          byTurn.get(call.input().conversationId() + "#" + (call.input().turn() + 1));
      if (next != null) {
        followUps.add(next);
        assertThat(next.input().servedPromptTokens())
            .as("prompt of the turn after the call of %s", call.identity().requestId())
            .isGreaterThan(call.input().servedPromptTokens() + 150);
      }
    }
    assertThat(followUps).as("turns that followed a tool call").isNotEmpty();
    List<JsonNode> kinds = new ArrayList<>();
    capacity.path("steps").forEach(step -> kinds.add(step.path("firstTokens")));
    assertThat(kinds)
        .as("capacity.json: time to first tool call and to first visible answer per step")
        .anySatisfy(
            k -> {
              assertThat(k.path("ttftcMillis").path("p95").isNumber()).as("ttftc %s", k).isTrue();
              assertThat(k.path("ttfvtMillis").path("p95").isNumber()).as("ttfvt %s", k).isTrue();
              assertThat(k.path("toolCallRequests").asInt()).as("calls %s", k).isPositive();
            });
  }

  @Test
  void reasoningTurnsCarryBothFirstTokensAndTtftCanBeTheAnswers(@TempDir Path dir)
      throws IOException {
    List<RequestRecord> records;
    Map<String, GroundTruth> truth;
    JsonNode capacity;
    try (EmbeddedEngine engine = EmbeddedEngine.start(EngineConfig.defaults().withPort(0))) {
      GatlingFork.Result run =
          GatlingFork.run(
              RisingRateSimulation.class,
              dir,
              Map.of(
                  "profile",
                  "reasoning",
                  "request.ttftFrom",
                  "content",
                  "load.steps",
                  "1,2",
                  "load.stepDurationSeconds",
                  "8"),
              Map.of("LLM_BASE_URL", engine.baseUrl(), "LLM_MODEL", "qwen3-8b-like"),
              false,
              Duration.ofSeconds(180));
      assertThat(run.exitCode()).as("Gatling run exit code; output:\n%s", run.output()).isZero();
      records = RecordReader.read(run.records());
      truth =
          engine.groundTruths().stream()
              .collect(Collectors.toMap(GroundTruth::requestId, Function.identity()));
      capacity = JSON.readTree(run.runFolder().resolve("capacity.json").toFile());
    }
    assertThat(records).as("records of the run").isNotEmpty();
    assertThat(records)
        .allSatisfy(
            r -> {
              assertThat(r.ok()).as("%s", r).isTrue();
              assertThat(r.timings().firstReasoningMillis()).as("ttfr of %s", r).isNotNull();
              assertThat(r.timings().firstContentMillis()).as("ttfvt of %s", r).isNotNull();
              assertThat(r.timings().firstReasoningMillis())
                  .as("reasoning comes before the answer, %s", r.identity().requestId())
                  .isLessThan(r.timings().firstContentMillis());
              assertThat(r.timings().ttftMillis())
                  .as("request.ttftFrom=content: TTFT is the first answer token")
                  .isEqualTo(r.timings().firstContentMillis());
              GroundTruth t = truth.get(r.identity().requestId());
              assertThat(t).as("ground truth of %s", r.identity().requestId()).isNotNull();
              long clientText = r.micros().startEpochMicros() + r.micros().ttftMicros();
              assertThat(clientText - t.firstTextWrittenEpochMicros())
                  .as(
                      "precise first answer token − engine's first-text write, µs, %s",
                      r.identity().requestId())
                  .isBetween(-200L, LATE_MILLIS * 1000);
            });
    assertThat(capacity.path("ttftKind").asText())
        .as("capacity.json ttftKind")
        .isEqualTo("content");
    List<JsonNode> kinds = new ArrayList<>();
    capacity.path("steps").forEach(step -> kinds.add(step.path("firstTokens")));
    assertThat(kinds)
        .as("capacity.json: first reasoning and first answer token per step")
        .anySatisfy(
            k -> {
              assertThat(k.path("ttfrMillis").path("p95").isNumber()).as("ttfr %s", k).isTrue();
              assertThat(k.path("ttfvtMillis").path("p95").isNumber()).as("ttfvt %s", k).isTrue();
            });
  }
}
