package dev.ttftgap.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a run was, for the first screen of its report: its name, the load profile (or experiment),
 * the target URL (never a key), the model and when it started. Written by the run beside its
 * records as {@value #FILE}; read back when the report is rendered from one run's records.
 *
 * @param run the run's name, e.g. {@code rising-rate-20261130-232048}
 * @param loadProfile the load profile's or experiment's name
 * @param target where the load went, without credentials (e.g. {@code embedded engine
 *     http://127.0.0.1:41234/v1})
 * @param model the model id asked for
 * @param startedUtc when the run started, ISO-8601 in UTC
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record RunHeader(
    String run, String loadProfile, String target, String model, String startedUtc) {
  public static final String FILE = "run.json";
  private static final ObjectMapper JSON = new ObjectMapper();

  /** One line: "load profile rising-rate · target … · model … · started 2026-11-30T23:20:48Z". */
  public String line() {
    return "load profile "
        + loadProfile
        + " · target "
        + target
        + " · model "
        + model
        + " · started "
        + startedUtc;
  }

  /**
   * Writes its fields into {@value #FILE} of {@code dir}, beside the run's terms ({@link RunJson}).
   */
  public void writeInto(Path dir) {
    RunJson.merge(dir, JSON.valueToTree(this));
  }

  /**
   * The header beside {@code recordsFiles} when they are one run's records and its folder holds
   * {@value #FILE}; empty otherwise (several runs merged, or records from elsewhere).
   */
  public static Optional<RunHeader> readBeside(List<Path> recordsFiles) {
    if (recordsFiles.size() != 1) {
      return Optional.empty();
    }
    Path parent = recordsFiles.get(0).toAbsolutePath().getParent();
    Path file = parent == null ? null : parent.resolve(FILE);
    if (file == null || !Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(JSON.readValue(file.toFile(), RunHeader.class));
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
