package dev.ttftgap.profile;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A sequential experiment in the style of the two source articles (see {@code experiments}): a few
 * rounds of one request at a time per arm (a model, a prompt length), a pause between rounds, the
 * first rounds dropped as warm-up, medians compared. Loaded from {@code
 * simulations/experiments/NAME.json} by {@link ExperimentPlans}.
 *
 * @param table which table summarises it: {@code baseline}, {@code prompt-length} or {@code
 *     model-comparison}
 * @param rounds rounds per arm, warm-up included (default 5)
 * @param dropFirst rounds dropped at the start of each arm (default 1: connection set-up)
 * @param pauseSeconds pause between two rounds (default 1)
 * @param arms what changes between arms, one request shape each, in order
 */
public record ExperimentPlan(
    String name,
    String description,
    String table,
    int rounds,
    int dropFirst,
    double pauseSeconds,
    Timeouts timeouts,
    List<Arm> arms,
    Path source) {

  /** One arm: its label (the table's row) and the request it sends. */
  public record Arm(String label, RequestShape request) {}

  public static final List<String> TABLES =
      List.of("baseline", "prompt-length", "model-comparison");

  public ExperimentPlan {
    Objects.requireNonNull(name, "name");
    arms = List.copyOf(arms);
  }

  /**
   * The same plan with one arm per model, each sending the first arm's request to that model: how a
   * baseline or model comparison is pointed at a real endpoint's models.
   */
  public ExperimentPlan withModels(List<String> models) {
    RequestShape base = arms.get(0).request();
    List<Arm> byModel =
        models.stream().map(model -> new Arm(model, base.withModel(Optional.of(model)))).toList();
    return new ExperimentPlan(
        name, description, table, rounds, dropFirst, pauseSeconds, timeouts, byModel, source);
  }
}
