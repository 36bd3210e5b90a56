package dev.ttftgap.gatling;

import static io.gatling.javaapi.core.CoreDsl.*;
import static io.gatling.javaapi.http.HttpDsl.*;

import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.measure.RequestContext;
import dev.ttftgap.record.RecordWriter;
import dev.ttftgap.record.RequestIdentity;
import dev.ttftgap.record.RequestInput;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.StepLevel;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;

/**
 * The usage example of {@link ChatRequestChain}'s Javadoc, whole and runnable: 10 measured requests
 * against an embedded engine, one record each. {@code ChatRequestChainExampleRunIT} runs it; keep
 * the two texts the same.
 */
public class ChatRequestChainExample extends Simulation {
  /** The records file, in the reports folder ({@code -Dttftgap.reportsDir}). */
  static final String RECORDS = "chat-example.records.jsonl";

  EmbeddedEngine engine = EmbeddedEngine.start(EngineConfig.defaults().withProfile("tiny-fast"));
  RecordWriter records = RecordWriter.open(RunOutputs.reportsDir().resolve(RECORDS));
  ChainBuilder chat =
      ChatRequestChain.request(
          engine.baseUrl() + "/chat/completions",
          session ->
              "{\"model\":\"tiny-fast\",\"stream\":true,\"max_tokens\":8,"
                  + "\"messages\":[{\"role\":\"user\",\"content\":\"Say hello\"}]}",
          session ->
              new RequestContext(
                  RequestIdentity.of("example", session.userId()),
                  StepLevel.open(RequestPhase.STEP, 1, "step 1 · 2 rps", 2.0),
                  RequestInput.builder().model("tiny-fast").maxTokens(8).build(),
                  30_000), // the longest silence between two events, ms
          Duration.ofSeconds(30), // the longest wait for the first token
          Duration.ofSeconds(60), // the longest wait for [DONE] after it
          records,
          null); // no shared pool: a user's first request counts as on a new connection

  {
    setUp(scenario("chat").exec(chat).injectOpen(constantUsersPerSec(2).during(5)))
        .protocols(http.baseUrl(engine.baseUrl()));
  }

  @Override
  public void after() {
    records.close();
    engine.close();
  }
}
