package dev.ttftgap.gatling;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.measure.RequestContext;
import dev.ttftgap.profile.AutoStairs;
import dev.ttftgap.profile.Load;
import dev.ttftgap.record.RecordWriter;
import dev.ttftgap.report.RunJson;
import dev.ttftgap.search.AutoStairsPlan;
import dev.ttftgap.search.AutoStairsRun;
import io.gatling.javaapi.core.OpenInjectionStep;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Runs {@link AutoStairsRun} inside one Gatling run, on a comb of candidate users ({@link
 * CombDriver}): the single-user phase and the burst take the candidates they need, then the stairs
 * thin the comb to each step's rate. The plan goes into {@code run.json} as {@code "stairs"} and
 * into the report's run notes.
 */
final class AutoStairsDriver extends CombDriver {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final AutoStairsRun run;
  private final AutoStairs config;
  private final boolean poisson;

  AutoStairsDriver(Load load, RecordWriter records, LongSupplier elapsedMillis) {
    super("auto-stairs", elapsedMillis);
    this.run = new AutoStairsRun(load, System.out::println);
    this.config = load.autoStairs().orElseThrow();
    this.poisson = load.arrivals().orElse(Load.Arrivals.UNIFORM) == Load.Arrivals.POISSON;
    records.onAppend(record -> run.onRecord(record, elapsedMillis.getAsLong()));
  }

  @Override
  Object admit(long userId, long nowMillis) {
    return run.admit(userId, nowMillis);
  }

  @Override
  RequestContext contextFor(Object admitted, RequestContext base) {
    AutoStairsRun.Admitted slot = (AutoStairsRun.Admitted) admitted;
    return base.withStep(slot.phase(), slot.step(), slot.label(), slot.rate(), slot.users());
  }

  @Override
  void tick(long nowMillis) {
    run.tick(nowMillis);
  }

  @Override
  boolean finished() {
    return run.finished();
  }

  @Override
  int stepAt(long elapsedMillis) {
    return run.stepAt(elapsedMillis);
  }

  @Override
  OpenInjectionStep candidates() {
    return candidates(run.combRate(), AutoStairsRun.maxDurationSeconds(config), poisson);
  }

  @Override
  long boundSeconds() {
    return AutoStairsRun.maxDurationSeconds(config);
  }

  /** The stairs as placed ("Auto stairs from a 1.35 req/s burst estimate …"), or why none were. */
  @Override
  List<String> runNotes() {
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
  void writeInto(Path runDir) {
    ObjectNode stairs = JSON.createObjectNode();
    stairs.put("mode", "auto");
    run.plan().ifPresent(plan -> stairs.setAll((ObjectNode) JSON.valueToTree(plan)));
    stairs.put("outcome", run.outcome());
    ObjectNode fields = JSON.createObjectNode();
    fields.set("stairs", stairs);
    RunJson.mergeFields(runDir, fields);
  }
}
