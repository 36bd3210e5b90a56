package dev.ttftgap.gatling;

import static io.gatling.javaapi.core.CoreDsl.*;
import static io.gatling.javaapi.http.HttpDsl.*;

import dev.ttftgap.config.Settings;
import dev.ttftgap.measure.RequestContext;
import dev.ttftgap.record.RecordWriter;
import dev.ttftgap.record.RequestPhase;
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
  /** The faults, in user order (user 1 gets the first). */
  public static final List<String> FAULTS =
      List.of(
          "none",
          "error-after:3",
          "error-after:0",
          "drop-after:3",
          "stall-after:3:1500",
          "stall:3000",
          "malformed-after:3",
          "status:500",
          "status:429",
          "no-done");

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
                                "faults",
                                session.userId(),
                                RequestPhase.STEP,
                                1,
                                fault(session.userId()),
                                null,
                                1,
                                model,
                                null,
                                8,
                                1000,
                                null,
                                null,
                                null,
                                null,
                                null),
                        Duration.ofSeconds(2),
                        Duration.ofSeconds(10),
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
