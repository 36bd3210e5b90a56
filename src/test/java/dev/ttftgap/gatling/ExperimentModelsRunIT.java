package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.record.RecordReader;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.simulations.BaselineSimulation;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -Pbaseline} against an engine started standalone (an external target, as a real server
 * is): with {@code LLM_MODEL} set only that model runs, never the plan's engine ids; an id the
 * server does not serve stops the run before any load.
 */
class ExperimentModelsRunIT {
  private static EmbeddedEngine engine;

  @BeforeAll
  static void start() {
    engine = EmbeddedEngine.start(EngineConfig.defaults().withPort(0));
  }

  @AfterAll
  static void stop() {
    engine.close();
  }

  @Test
  void baselineAgainstAnExternalTargetRunsLlmModelOnly(@TempDir Path dir) {
    GatlingFork.Result run =
        GatlingFork.run(
            BaselineSimulation.class,
            dir,
            Map.of(),
            Map.of("LLM_BASE_URL", engine.baseUrl(), "LLM_MODEL", "qwen3-14b-like"),
            false,
            Duration.ofSeconds(180));

    assertThat(run.exitCode()).as("the baseline ends well:\n%s", run.output()).isZero();
    assertThat(run.output())
        .as("the header says where the id came from")
        .contains("sends model qwen3-14b-like (LLM_MODEL; the plan's qwen3-8b-like");
    List<RequestRecord> records = RecordReader.read(run.records());
    assertThat(records).as("11 rounds of one arm").hasSize(11);
    assertThat(records)
        .as("every request went to LLM_MODEL, none to the plan's qwen3-8b-like")
        .allSatisfy(r -> assertThat(r.input().model()).isEqualTo("qwen3-14b-like"));
    assertThat(records.stream().map(r -> r.level().stepLabel()).distinct().toList())
        .as("one arm, labelled with the model")
        .containsExactly("qwen3-14b-like");
  }

  @Test
  void anIdTheServerDoesNotListFailsBeforeAnyLoad(@TempDir Path dir) throws Exception {
    GatlingFork.Result run =
        NothingSent.runStoppedBeforeLoad(
            BaselineSimulation.class,
            dir,
            Map.of(),
            Map.of("LLM_BASE_URL", engine.baseUrl(), "LLM_MODEL", "rand-llama-106m"));

    assertThat(run.output())
        .as("one line naming the id and the served ones")
        .contains("\"rand-llama-106m\"")
        .contains("does not list (it lists: qwen3-8b-like,")
        .contains("qwen3-14b-like");
  }
}
