package dev.ttftgap.config;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * Settings of the sequential experiments (baseline, prompt length, model comparison), beside the
 * common {@link Settings}.
 *
 * <table>
 *   <caption>Sources</caption>
 *   <tr><th>setting</th><th>system property</th><th>default</th></tr>
 *   <tr><td>plan</td><td>{@code -Dexperiment=NAME|PATH}</td><td>the simulation's own</td></tr>
 *   <tr><td>models</td><td>{@code -Dexperiment.models=a,b}</td><td>the plan's arms</td></tr>
 * </table>
 *
 * @param plan experiment plan name (a file in {@code simulations/experiments/}) or path
 * @param models models to compare instead of the plan's arms (a real endpoint's ids)
 */
public record ExperimentSettings(String plan, Optional<List<String>> models) {
  private static final Pattern MODEL_ID = Pattern.compile("[^\\s,\"']+");

  /** From this JVM's system properties, with {@code defaultPlan} when none is given. */
  public static ExperimentSettings load(String defaultPlan) {
    return load(SettingsSource.current(), defaultPlan);
  }

  /**
   * @throws SettingsException naming {@code experiment.models} when a model id is empty or has
   *     spaces or quotes
   */
  public static ExperimentSettings load(Properties props, String defaultPlan) {
    return load(SettingsSource.of(Map.of(), props), defaultPlan);
  }

  /**
   * @throws SettingsException naming {@code experiment.models} when a model id is empty or has
   *     spaces or quotes
   */
  public static ExperimentSettings load(SettingsSource source, String defaultPlan) {
    String plan =
        source.get(Setting.EXPERIMENT).map(SettingsSource.Value::value).orElse(defaultPlan);
    // a blank list is an error here, not unset: it names no model
    Optional<List<String>> models =
        source
            .rawProperty(Setting.EXPERIMENT_MODELS)
            .map(
                value -> {
                  List<String> ids =
                      Arrays.stream(value.split(",", -1)).map(String::strip).toList();
                  for (String id : ids) {
                    if (!MODEL_ID.matcher(id).matches()) {
                      throw SettingChecks.invalid(
                          "experiment.models",
                          value,
                          "has an empty model id or one with spaces or quotes;"
                              + " use -Dexperiment.models=model-a,model-b");
                    }
                  }
                  return ids;
                });
    return new ExperimentSettings(plan, models);
  }
}
