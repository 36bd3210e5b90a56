package dev.ttftgap.gatling;

import static io.gatling.javaapi.core.CoreDsl.*;
import static io.gatling.javaapi.http.HttpDsl.*;

import dev.ttftgap.config.Settings;
import dev.ttftgap.measure.RequestContext;
import dev.ttftgap.record.RecordWriter;
import dev.ttftgap.record.RequestIdentity;
import dev.ttftgap.record.RequestInput;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.StepLevel;
import io.gatling.javaapi.core.Simulation;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Test-only: one user per engine fault, each asking for its fault in the request body ({@code
 * sim_fault}), so {@code MeasurementRunIT} can check that each ends as the right record. The target
 * is {@code LLM_BASE_URL}; records go to {@code -Dttftgap.recordsFile}.
 */
public class FaultReasonsSimulation extends Simulation {
  /**
   * The faults, in user order (user 1 gets the first). The stalls run well past their timeouts
   * (idle {@value #IDLE_TIMEOUT_MILLIS} ms, first token {@value #FIRST_TOKEN_TIMEOUT_SECONDS} s),
   * and those timeouts lie well above any pause a starved machine adds (a 1.5 s pause was seen on 2
   * cores under two CPU hogs), so each fault ends as its own reason on a busy machine too.
   */
  public static final List<String> FAULTS =
      List.of(
          "none",
          "error-after:3",
          "error-after:0",
          "error-line-after:2",
          "error-line-after:0",
          "drop-after:3",
          "stall-after:3:7000",
          "stall:8000",
          "malformed-after:3",
          "status:500",
          "status:429",
          "no-done");

  static final long IDLE_TIMEOUT_MILLIS = 4_000;
  static final long FIRST_TOKEN_TIMEOUT_SECONDS = 5;

  private final Settings settings = Settings.load();
  private final RecordWriter records =
      RecordWriter.open(Path.of(System.getProperty("ttftgap.recordsFile")));

  {
    String model = settings.model().orElse("tiny-fast");
    setUp(
            scenario("faults")
                .exec(
                    ChatRequestChain.request(
                        settings.chatCompletionsUrl(),
                        session -> body(model, fault(session.userId())),
                        session ->
                            new RequestContext(
                                RequestIdentity.of("faults", session.userId()),
                                StepLevel.closed(RequestPhase.STEP, 1, fault(session.userId()), 1),
                                RequestInput.builder().model(model).maxTokens(8).build(),
                                IDLE_TIMEOUT_MILLIS),
                        Duration.ofSeconds(FIRST_TOKEN_TIMEOUT_SECONDS),
                        Duration.ofSeconds(15),
                        records,
                        null))
                .injectOpen(atOnceUsers(FAULTS.size())))
        .protocols(http.contentTypeHeader("application/json"))
        .maxDuration(Duration.ofSeconds(30));
  }

  @Override
  public void after() {
    records.close();
  }

  private static String fault(long userId) {
    return FAULTS.get((int) ((userId - 1) % FAULTS.size()));
  }

  private static String body(String model, String fault) {
    String simFault = fault.equals("none") ? "" : ",\"sim_fault\":\"" + fault + "\"";
    return "{\"model\":\""
        + model
        + "\",\"messages\":[{\"role\":\"user\",\"content\":\"hello\"}],"
        + "\"stream\":true,\"max_tokens\":8,\"stream_options\":{\"include_usage\":true}"
        + simFault
        + "}";
  }
}
