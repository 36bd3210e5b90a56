package dev.ttftgap.gatling;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.measure.RequestContext;
import dev.ttftgap.profile.Load;
import dev.ttftgap.record.RecordWriter;
import dev.ttftgap.report.RunJson;
import dev.ttftgap.search.AutoStairsPlan;
import dev.ttftgap.search.AutoStairsRun;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.LongSupplier;

/**
 * Runs {@link AutoStairsRun} inside one Gatling run, on a comb of candidate users ({@link
 * CombDriver}): the single-user phase and the burst take the candidates they need, then the stairs
 * thin the comb to each step's rate. Each admitted request carries what it was admitted for
 * (calibration, or its step's number, label and rate); the plan goes into {@code run.json} as
 * {@code "stairs"} and into the report's run notes.
 */
final class AutoStairsDriver implements CombDriver {
  private static final String SLOT = "ttftgap.autoStairsSlot";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final AutoStairsRun run;
  private final Load load;
  private final LongSupplier elapsedMillis;
  private volatile ScheduledExecutorService ticker;

  AutoStairsDriver(Load load, RecordWriter records, LongSupplier elapsedMillis) {
    this.load = load;
    this.run = new AutoStairsRun(load, System.out::println);
    this.elapsedMillis = elapsedMillis;
    records.onAppend(record -> run.onRecord(record, elapsedMillis.getAsLong()));
  }

  @Override
  public PopulationBuilder population(
      String scenarioName, LoadGeneratorProbes probes, ChainBuilder request) {
    return CombDriver.comb(
        scenarioName,
        probes,
        request,
        CombDriver.candidates(
            run.combRate(),
            AutoStairsRun.maxDurationSeconds(load.autoStairs().orElseThrow()),
            load.arrivals().orElse(Load.Arrivals.UNIFORM) == Load.Arrivals.POISSON),
        this::admit,
        SLOT,
        run::finished,
        "ttft-gap: auto stairs finished");
  }

  private Session admit(Session session) {
    AutoStairsRun.Admitted slot = run.admit(session.userId(), elapsedMillis.getAsLong());
    return slot == null ? session : session.set(SLOT, slot);
  }

  @Override
  public RequestContext context(Session session, RequestContext base) {
    AutoStairsRun.Admitted slot = session.get(SLOT);
    return base.withStep(slot.phase(), slot.step(), slot.label(), slot.rate(), slot.users());
  }

  @Override
  public int stepAt(long elapsedMillis) {
    return run.stepAt(elapsedMillis);
  }

  @Override
  public void start() {
    ticker = CombDriver.ticker("ttft-gap-auto-stairs", run::tick, elapsedMillis);
  }

  @Override
  public void stop() {
    if (ticker != null) {
      ticker.shutdownNow();
    }
  }

  @Override
  public Duration maxDuration(int streamSeconds) {
    return Duration.ofSeconds(AutoStairsRun.maxDurationSeconds(load.autoStairs().orElseThrow()))
        .plusSeconds(Math.min(streamSeconds, 120));
  }

  /** The stairs as placed ("Auto stairs from a 1.35 req/s burst estimate …"), or why none were. */
  @Override
  public List<String> runNotes() {
    String sentence =
        run.plan()
            .map(AutoStairsPlan::sentence)
            .orElseGet(
                () ->
                    "no auto stairs: "
                        + (run.outcome() == null ? "the calibration did not end" : run.outcome()));
    return List.of(Character.toUpperCase(sentence.charAt(0)) + sentence.substring(1) + ".");
  }

  /** {@code "stairs": {"mode": "auto", "estimateRatePerSec": …, "ratesPerSec": […], …}}. */
  @Override
  public void writeInto(Path runDir) {
    ObjectNode stairs = JSON.createObjectNode();
    stairs.put("mode", "auto");
    run.plan().ifPresent(plan -> stairs.setAll((ObjectNode) JSON.valueToTree(plan)));
    stairs.put("outcome", run.outcome());
    ObjectNode fields = JSON.createObjectNode();
    fields.set("stairs", stairs);
    RunJson.mergeFields(runDir, fields);
  }
}
