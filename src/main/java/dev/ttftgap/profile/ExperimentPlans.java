package dev.ttftgap.profile;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Loads and validates {@link ExperimentPlan}s: JSON files in {@code simulations/experiments/},
 * chosen by name or path. Errors are one line naming the file and the field, like load profiles'.
 */
public final class ExperimentPlans {
  /**
   * A profile's request fields less those a sequential experiment does not apply (its rounds are
   * single requests on one connection setup): headers, the key header, datasets, conversations.
   */
  static final List<String> EXPERIMENT_REQUEST_FIELDS =
      RequestProfile.FIELDS.stream()
          .filter(
              field ->
                  !List.of("headers", "apiKeyHeader", "dataset", "conversation").contains(field))
          .toList();

  public static final Path DEFAULT_DIRECTORY = Path.of("simulations", "experiments");

  private static final List<String> TOP_FIELDS =
      List.of(
          "name",
          "description",
          "table",
          "rounds",
          "dropFirst",
          "pauseSeconds",
          "timeouts",
          "arms");
  private static final List<String> ARM_FIELDS = List.of("label", "request");

  private ExperimentPlans() {}

  /** The plan named {@code nameOrPath} in {@code dir}, or at that path. */
  public static ExperimentPlan load(String nameOrPath, Path dir) {
    String trimmed = nameOrPath.strip();
    Path file = trimmed.endsWith(".json") ? Path.of(trimmed) : dir.resolve(trimmed + ".json");
    if (!Files.isRegularFile(file)) {
      throw new ProfileException(
          "experiment: no file "
              + file
              + "; available in "
              + dir
              + ": "
              + LoadProfiles.available(dir));
    }
    return parse(LoadProfiles.read(file), file);
  }

  /** Parses and validates {@code json}; {@code source} prefixes error messages. */
  public static ExperimentPlan parse(String json, Path source) {
    String sourceName = source.toString();
    JsonNode root;
    try {
      root = LoadProfiles.MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new ProfileException(sourceName + ": not valid JSON (" + JsonFields.reason(e) + ")");
    }
    if (root == null || !root.isObject()) {
      throw new ProfileException(
          sourceName + ": an experiment is a JSON object, see simulations/README.md");
    }
    JsonFields top = JsonFields.of(sourceName, "", root, TOP_FIELDS);
    String name =
        top.optionalString("name", "use a short name like \"baseline\"")
            .orElseThrow(() -> top.error("name", "missing; add \"name\": \"my-experiment\""));
    String description = top.optionalString("description", "use a sentence in quotes").orElse("");
    String table =
        top.optionalChoice("table", ExperimentPlan.TABLES)
            .orElseThrow(() -> top.error("table", "missing; use one of " + ExperimentPlan.TABLES));
    int rounds =
        top.optionalWholeNumber("rounds", 1, 1000, "a number of rounds").orElse(5L).intValue();
    int dropFirst =
        top.optionalWholeNumber("dropFirst", 0, rounds - 1L, "a number of rounds below rounds")
            .orElse(1L)
            .intValue();
    double pauseSeconds =
        top.optionalNumber("pauseSeconds", 0, true, 3600, "a pause", "use seconds, e.g. 1")
            .orElse(1.0);
    Timeouts timeouts =
        top.optionalObject("timeouts", TimeoutsProfile.FIELDS)
            .map(TimeoutsProfile::parse)
            .orElse(Timeouts.DEFAULTS);
    JsonNode armsNode =
        top.required("arms", "add \"arms\": [{\"label\": ..., \"request\": {...}}]");
    if (!armsNode.isArray() || armsNode.isEmpty()) {
      throw top.error("arms", "must be a non-empty array of {\"label\", \"request\"}");
    }
    List<ExperimentPlan.Arm> arms = new ArrayList<>();
    Set<String> labels = new HashSet<>();
    for (int i = 0; i < armsNode.size(); i++) {
      JsonFields arm = JsonFields.of(sourceName, "arms[" + i + "]", armsNode.get(i), ARM_FIELDS);
      String label =
          arm.optionalString("label", "use a label in quotes")
              .orElseThrow(() -> arm.error(arm.child("label"), "missing; add \"label\": \"...\""));
      if (!labels.add(label) || label.contains("#") || label.contains("$")) {
        throw arm.error(
            arm.child("label"),
            "\"" + label + "\" is repeated or contains # or $; use distinct plain labels");
      }
      RequestShape request =
          RequestProfile.parse(
              arm.requiredObject(
                  "request", EXPERIMENT_REQUEST_FIELDS, "add \"request\": {\"prompt\": ...}"));
      arms.add(new ExperimentPlan.Arm(label, request));
    }
    return new ExperimentPlan(
        name, description, table, rounds, dropFirst, pauseSeconds, timeouts, arms, source);
  }
}
