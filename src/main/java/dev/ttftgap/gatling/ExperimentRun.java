package dev.ttftgap.gatling;

import static io.gatling.javaapi.core.CoreDsl.*;

import dev.ttftgap.config.ExperimentSettings;
import dev.ttftgap.config.Setting;
import dev.ttftgap.config.Settings;
import dev.ttftgap.config.SettingsSource;
import dev.ttftgap.experiments.BaselineTable;
import dev.ttftgap.experiments.ExperimentModels;
import dev.ttftgap.experiments.ModelComparisonTable;
import dev.ttftgap.experiments.PromptLengthTable;
import dev.ttftgap.measure.ConnectionEstimator;
import dev.ttftgap.measure.RequestContext;
import dev.ttftgap.profile.ExperimentPlan;
import dev.ttftgap.profile.ExperimentPlans;
import dev.ttftgap.profile.PlannedRequest;
import dev.ttftgap.profile.RequestFactory;
import dev.ttftgap.record.RecordReader;
import dev.ttftgap.record.RecordWriter;
import dev.ttftgap.record.RequestIdentity;
import dev.ttftgap.record.RequestInput;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.StepLevel;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A sequential experiment in the source articles' style (baseline, prompt length, model
 * comparison): one virtual user sends one request at a time, arm after arm, with a pause between
 * rounds; the table drops the first rounds of each arm (connection set-up), as the source articles
 * do. At the end the experiment's table is printed and written as {@code experiment.md} beside the
 * records.
 */
public final class ExperimentRun {
  /** Request indexes (so prompt tags) of arm i start at {@code i × ARM_TAG_STRIDE}. */
  private static final long ARM_TAG_STRIDE = 1_000_000L;

  private final String simulationName;
  private final String runName;
  private final java.time.Instant startedAt = java.time.Instant.now();
  private final Settings settings;
  private final ExperimentPlan plan;
  private final Target target;
  private final List<RequestFactory> bodies = new ArrayList<>();
  private final Path recordsFile;
  private final RecordWriter records;
  private final ConnectionEstimator connections = new ConnectionEstimator();

  private ExperimentRun(
      Class<?> simulation, Settings settings, ExperimentPlan plan, Target target) {
    this.simulationName = simulation.getSimpleName().toLowerCase(Locale.ROOT);
    this.runName = RunOutputs.runName(plan.name(), startedAt);
    this.settings = settings;
    this.plan = plan;
    this.target = target;
    for (ExperimentPlan.Arm arm : plan.arms()) {
      // distinct prompts (unless the plan says repeated): a caching server must prefill each
      bodies.add(
          RequestFactory.of(
              arm.request(),
              arm.request().model().or(() -> Optional.of(target.model())),
              target.tokenCalibration()));
    }
    this.recordsFile = RunOutputs.newRecordsFile(runName);
    this.records = RecordWriter.open(recordsFile);
  }

  /** Validates settings and plan, sets up the target; fails with one line before any request. */
  public static ExperimentRun prepare(Class<?> simulation, String defaultPlan) {
    return OneLineFailure.guard(
        () -> {
          Settings settings = Settings.load();
          ExperimentSettings experiment = ExperimentSettings.load(defaultPlan);
          Path dir =
              SettingsSource.current().folder(Setting.SIMULATIONS_DIR).resolve("experiments");
          ExperimentModels models =
              ExperimentModels.resolve(
                  ExperimentPlans.load(experiment.plan(), dir),
                  experiment.models(),
                  settings.model(),
                  !settings.usesEmbeddedEngine());
          ExperimentPlan plan = models.plan();
          List<String> sent = ExperimentModels.sent(plan);
          // the first arm's id is the target's; the preflight checks the others are listed
          Target target = Target.resolve(settings, plan.arms().get(0).request().model(), sent);
          System.out.println("ttft-gap: experiment " + plan.name() + " sends " + models.note());
          System.out.println(
              target.describe(
                  "experiment "
                      + plan.name()
                      + " ("
                      + plan.arms().size()
                      + " arms × "
                      + plan.rounds()
                      + " rounds)"));
          return new ExperimentRun(simulation, settings, plan, target);
        });
  }

  public HttpProtocolBuilder protocol() {
    return target.protocol();
  }

  /** One user, every arm in turn, {@code rounds} requests each, a pause after each. */
  public PopulationBuilder population(String scenarioName) {
    ChainBuilder chain = exec(session -> session);
    for (int i = 0; i < plan.arms().size(); i++) {
      chain = chain.exec(arm(i));
    }
    return scenario(scenarioName).exec(chain).injectOpen(atOnceUsers(1));
  }

  /** Bounded: every round may take its stream timeout, plus the pauses. */
  public Duration maxDuration() {
    long perRound =
        plan.timeouts().firstTokenMillis()
            + plan.timeouts().streamMillis()
            + (long) (plan.pauseSeconds() * 1000);
    return Duration.ofMillis(perRound * plan.rounds() * plan.arms().size());
  }

  /** Call from {@code after()}: records placed next to the report, the table printed. */
  public void finish() {
    records.close();
    target.close();
    Path gatlingDir = RunOutputs.placeRecords(simulationName, runName, recordsFile, settings);
    Path runDir = RunEnding.rename(gatlingDir, runName, System.out);
    List<RequestRecord> all = RecordReader.read(runDir.resolve(RunOutputs.RECORDS_FILE));
    String table =
        switch (plan.table()) {
          case "baseline" -> BaselineTable.of(all, plan.dropFirst()).toText();
          case "prompt-length" -> PromptLengthTable.of(all, plan.dropFirst()).toText();
          default -> ModelComparisonTable.of(all, plan.dropFirst()).toText();
        };
    String heading =
        "ttft-gap: "
            + plan.name()
            + " ("
            + plan.rounds()
            + " rounds per arm, first "
            + plan.dropFirst()
            + " dropped)";
    // printed last, after Gatling's summary (see RunEnding)
    RunEnding.atExit(
        gatlingDir,
        runDir,
        folder ->
            "\nttft-gap: run "
                + runName
                + " · "
                + folder.resolve("experiment.md").toUri()
                + "\n"
                + heading
                + "\n"
                + table,
        0);
    try {
      Files.writeString(
          runDir.resolve("experiment.md"),
          "# " + plan.name() + "\n\n" + plan.description() + "\n\n```\n" + table + "\n```\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private ChainBuilder arm(int index) {
    ExperimentPlan.Arm arm = plan.arms().get(index);
    RequestFactory body = bodies.get(index);
    String model = body.model().orElse(target.model());
    String planned = "ttftgap.planned";
    Duration pause = Duration.ofMillis((long) (plan.pauseSeconds() * 1000));
    return repeat(plan.rounds(), "round")
        .on(
            // each arm its own tags: arms of one plan share the generated text, and round i of a
            // 500-token arm would otherwise be a cached prefix of round i of a 2000-token arm
            exec(session ->
                    session.set(
                        planned, body.single(index * ARM_TAG_STRIDE + session.getInt("round"))))
                .exec(
                    ChatRequestChain.request(
                        body.api().api(),
                        body.api().ttftFrom(),
                        target.url(body.api().api()),
                        session -> session.<PlannedRequest>get(planned).json(),
                        session -> {
                          PlannedRequest request = session.get(planned);
                          return new RequestContext(
                              RequestIdentity.of(runName, session.userId()),
                              StepLevel.closed(RequestPhase.STEP, index + 1, arm.label(), 1),
                              RequestInput.builder()
                                  .model(model)
                                  .promptTokens(request.promptTokens())
                                  .maxTokens(request.maxTokens())
                                  .prompts(request.prompts())
                                  .sharedPrefixTokens(request.sharedPrefixTokens())
                                  .api(body.api().api().id())
                                  .build(),
                              plan.timeouts().idleMillis());
                        },
                        Duration.ofMillis(plan.timeouts().firstTokenMillis()),
                        Duration.ofMillis(plan.timeouts().streamMillis()),
                        records,
                        settings.newConnectionPerUser() ? null : connections))
                .pause(pause));
  }
}
