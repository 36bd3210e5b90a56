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
import java.util.function.Consumer;
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
    Run run =
        run(
            dir,
            Map.of("profile", "agent", "load.steps", "0.3,0.6", "load.stepDurationSeconds", "12"),
            Duration.ofSeconds(240));
    List<RequestRecord> records = run.records();
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
    assertSomeStepHasP95s(
        run.capacity(),
        "capacity.json: time to first tool call and to first visible answer per step",
        k -> assertThat(k.path("toolCallRequests").asInt()).as("calls %s", k).isPositive(),
        "ttftcMillis",
        "ttfvtMillis");
  }

  @Test
  void reasoningTurnsCarryBothFirstTokensAndTtftCanBeTheAnswers(@TempDir Path dir)
      throws IOException {
    Run run =
        run(
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
            Duration.ofSeconds(180));
    List<RequestRecord> records = run.records();
    Map<String, GroundTruth> truth = run.truth();
    JsonNode capacity = run.capacity();
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
    assertSomeStepHasP95s(
        capacity,
        "capacity.json: first reasoning and first answer token per step",
        k -> {},
        "ttfrMillis",
        "ttfvtMillis");
  }

  /** What one run left: its records, the engine's ground truth by request id, capacity.json. */
  private record Run(
      List<RequestRecord> records, Map<String, GroundTruth> truth, JsonNode capacity) {}

  /**
   * Runs {@link RisingRateSimulation} with {@code properties} against an engine this test starts on
   * loopback; the run must exit 0 within {@code timeout}.
   */
  private static Run run(Path dir, Map<String, String> properties, Duration timeout)
      throws IOException {
    try (EmbeddedEngine engine = EmbeddedEngine.start(EngineConfig.defaults().withPort(0))) {
      GatlingFork.Result run =
          GatlingFork.run(
              RisingRateSimulation.class,
              dir,
              properties,
              Map.of("LLM_BASE_URL", engine.baseUrl(), "LLM_MODEL", "qwen3-8b-like"),
              false,
              timeout);
      assertThat(run.exitCode()).as("Gatling run exit code; output:\n%s", run.output()).isZero();
      return new Run(
          RecordReader.read(run.records()),
          engine.groundTruths().stream()
              .collect(Collectors.toMap(GroundTruth::requestId, Function.identity())),
          JSON.readTree(run.runFolder().resolve("capacity.json").toFile()));
    }
  }

  /**
   * Some step's {@code firstTokens} in {@code capacity} has a numeric p95 of every one of {@code
   * fields} and passes {@code more}.
   */
  private static void assertSomeStepHasP95s(
      JsonNode capacity, String description, Consumer<JsonNode> more, String... fields) {
    List<JsonNode> kinds = new ArrayList<>();
    capacity.path("steps").forEach(step -> kinds.add(step.path("firstTokens")));
    assertThat(kinds)
        .as(description)
        .anySatisfy(
            k -> {
              for (String field : fields) {
                assertThat(k.path(field).path("p95").isNumber()).as("%s %s", field, k).isTrue();
              }
              more.accept(k);
            });
  }
}
