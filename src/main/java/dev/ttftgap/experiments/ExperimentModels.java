package dev.ttftgap.experiments;

import dev.ttftgap.config.SettingsException;
import dev.ttftgap.profile.ExperimentPlan;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which model ids an experiment sends: the plan's, or the target's.
 *
 * <p>Algorithm overview: the shipped plans name the embedded engine's model profiles ({@code
 * qwen3-8b-like}, {@code qwen3-14b-like}), which a real server does not serve. So (1) {@code
 * -Dexperiment.models=a,b} gives the models: a plan that compares models (table {@code baseline} or
 * {@code model-comparison}, or arms naming different ids) gets one arm per id, each sending the
 * first arm's request; a plan of one model (prompt length) sends every arm to the one id given. (2)
 * Otherwise, against an external target (a base URL set), {@code LLM_MODEL} replaces every arm's id
 * in the same way, so a comparison plan runs that one model. (3) Otherwise the plan's ids stand:
 * the embedded engine serves them, and against an external target without {@code LLM_MODEL} the
 * preflight checks each against the server's models listing before any load.
 *
 * <p>Assumptions: an experiment compares models only through its arms' ids.
 *
 * @param plan the plan with the ids it will send
 * @param note how the ids were chosen, for the run header
 */
public record ExperimentModels(ExperimentPlan plan, String note) {

  /**
   * @param requested {@code -Dexperiment.models}, when set
   * @param llmModel {@code LLM_MODEL} (or {@code -Dllm.model}), when set
   * @param external whether the target is a base URL (not the embedded engine)
   * @throws SettingsException when a one-model plan is given several ids
   */
  public static ExperimentModels resolve(
      ExperimentPlan plan,
      Optional<List<String>> requested,
      Optional<String> llmModel,
      boolean external) {
    List<String> planIds = sent(plan);
    if (requested.isPresent()) {
      List<String> ids = requested.get();
      return new ExperimentModels(
          with(plan, ids, "-Dexperiment.models"),
          "models " + String.join(", ", ids) + " (-Dexperiment.models)");
    }
    if (external && llmModel.isPresent()) {
      String id = llmModel.get();
      String replaced =
          planIds.isEmpty() || planIds.equals(List.of(id))
              ? ""
              : "; the plan's " + String.join(", ", planIds) + " are the embedded engine's";
      return new ExperimentModels(
          with(plan, List.of(id), "LLM_MODEL"),
          "model "
              + id
              + " (LLM_MODEL"
              + replaced
              + "; compare others with -Dexperiment.models=a,b)");
    }
    return new ExperimentModels(
        plan,
        planIds.isEmpty()
            ? "the target's model"
            : "models " + String.join(", ", planIds) + " (the plan's)");
  }

  /** Whether the plan compares models (its table, or arms naming different ids). */
  static boolean comparesModels(ExperimentPlan plan) {
    return !plan.table().equals("prompt-length") || sent(plan).size() > 1;
  }

  /** The distinct ids the plan's arms name, in order. */
  public static List<String> sent(ExperimentPlan plan) {
    Set<String> ids = new LinkedHashSet<>();
    plan.arms().forEach(arm -> arm.request().model().ifPresent(ids::add));
    return List.copyOf(ids);
  }

  private static ExperimentPlan with(ExperimentPlan plan, List<String> ids, String setting) {
    if (comparesModels(plan)) {
      return plan.withModels(ids);
    }
    if (ids.size() > 1) {
      throw new SettingsException(
          setting
              + ": "
              + String.join(",", ids)
              + " names "
              + ids.size()
              + " models, but experiment "
              + plan.name()
              + " measures one model; give one id (e.g. -Dexperiment.models="
              + ids.get(0)
              + ") or run -Pmodel-comparison to compare them");
    }
    return new ExperimentPlan(
        plan.name(),
        plan.description(),
        plan.table(),
        plan.rounds(),
        plan.dropFirst(),
        plan.pauseSeconds(),
        plan.timeouts(),
        plan.arms().stream()
            .map(
                arm ->
                    new ExperimentPlan.Arm(
                        arm.label(), arm.request().withModel(Optional.of(ids.get(0)))))
            .toList(),
        plan.source());
  }
}
