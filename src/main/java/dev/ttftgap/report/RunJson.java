package dev.ttftgap.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.analysis.BurstPlan;
import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.ClassSpec;
import dev.ttftgap.analysis.Slo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code run.json}: what a run was and was asked, written next to its records: its header ({@link
 * RunHeader}: name, target, model, start) for the report's first screen, and its terms, so that
 * {@link CapacityMain} regenerates the report under the same terms: the profile's name and file,
 * the SLO it gave (a limit it did not give is {@code null}, and stays unapplied), the peak rate to
 * plan for, the baseline it was compared with and the engine's analytic capacity for its requests;
 * for a run with request classes their {@code classes} (name, share, own SLO), for a launch spike
 * its {@code burst} (base and burst rates, burst and window seconds), so that the offline report
 * gives the run's per-class and recovery verdicts (both absent from other runs' files).
 *
 * <pre>
 * {"schema": "ttft-gap/run/1", "profile": "rising-rate", "profileSource": "simulations/rising-rate.json",
 *  "slo": {"ttftP95Millis": 3000.0, "gapP95Millis": 2500.0, "errorRatePercent": 1.0},
 *  "peakRatePerSec": null, "baseline": null, "knownSaturationRatePerSec": 7.89}
 * </pre>
 */
public final class RunJson {
  public static final String FILE = "run.json";
  static final String SCHEMA = "ttft-gap/run/1";
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private RunJson() {}

  /** Writes {@code run.json} into {@code runDir}. */
  public static void write(
      Path runDir, String profile, String profileSource, CapacityOptions options) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("schema", SCHEMA);
    root.put("profile", profile);
    root.put("profileSource", profileSource);
    root.set("slo", LaunchDayJson.slo(options.slo()));
    if (options.ttftKind() != dev.ttftgap.stream.TtftKind.ANY) {
      root.put("ttftKind", options.ttftKind().id());
    }
    root.put("peakRatePerSec", options.peakRate().orElse(null));
    root.put("baseline", options.baseline().map(Path::toString).orElse(null));
    root.put("knownSaturationRatePerSec", options.knownSaturationRate().orElse(null));
    // a run of one request shape without a burst keeps its run.json as it was
    if (!options.classes().isEmpty()) {
      ArrayNode classes = root.putArray("classes");
      for (ClassSpec spec : options.classes()) {
        ObjectNode node = classes.addObject();
        node.put("name", spec.name());
        node.put("share", spec.share());
        node.set("slo", LaunchDayJson.slo(spec.slo()));
      }
    }
    options
        .burst()
        .ifPresent(
            burst -> {
              ObjectNode node = root.putObject("burst");
              node.put("baseRatePerSec", burst.baseRate());
              node.put("burstRatePerSec", burst.burstRate());
              node.put("burstSeconds", burst.burstSeconds());
              node.put("windowSeconds", burst.windowSeconds());
            });
    merge(runDir, root);
  }

  /**
   * Adds {@code fields} to {@code run.json} of {@code runDir} (e.g. auto stairs' {@code "stairs"}),
   * keeping the others; see {@link #merge}.
   */
  public static void mergeFields(Path runDir, ObjectNode fields) {
    merge(runDir, fields);
  }

  /**
   * Writes {@code fields} into {@code run.json} of {@code runDir}, keeping the fields already there
   * that {@code fields} does not name: the run's header ({@link RunHeader}) and its terms are
   * written at different moments into the one file.
   */
  static void merge(Path runDir, ObjectNode fields) {
    Path file = runDir.resolve(FILE);
    try {
      Files.createDirectories(runDir);
      ObjectNode root =
          Files.isRegularFile(file) && MAPPER.readTree(file.toFile()) instanceof ObjectNode old
              ? old
              : MAPPER.createObjectNode();
      root.setAll(fields);
      Files.writeString(file, MAPPER.writeValueAsString(root) + "\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * The options stored in {@code run.json} of the run folder {@code input} (or of the folder of a
   * records file); empty when there is none. A stored baseline that no longer exists is dropped.
   *
   * @throws IllegalArgumentException with a one-line message when the file is unreadable
   */
  public static Optional<Stored> read(Path input) {
    Path dir = Files.isDirectory(input) ? input : input.toAbsolutePath().getParent();
    Path file = dir == null ? null : dir.resolve(FILE);
    if (file == null || !Files.isRegularFile(file)) {
      return Optional.empty();
    }
    JsonNode root;
    try {
      root = MAPPER.readTree(file.toFile());
    } catch (IOException e) {
      throw new IllegalArgumentException(
          file + ": not a run.json (" + e.getMessage().lines().findFirst().orElse("") + ")");
    }
    JsonNode slo = root.path("slo");
    Optional<Path> baseline = text(root, "baseline").map(Path::of).filter(Files::isRegularFile);
    CapacityOptions options =
        new CapacityOptions(
            slo(slo),
            number(root, "peakRatePerSec"),
            baseline,
            number(root, "knownSaturationRatePerSec"),
            text(root, "ttftKind").map(dev.ttftgap.stream.TtftKind::parse).orElse(null),
            classes(root.path("classes")),
            burst(root.path("burst")));
    return Optional.of(new Stored(file, text(root, "profile").orElse(null), options));
  }

  private static Slo slo(JsonNode slo) {
    return Slo.limits(
            number(slo, "ttftP95Millis"),
            number(slo, "gapP95Millis"),
            number(slo, "errorRatePercent"))
        .withKindLimits(
            number(slo, "ttfvtP95Millis"),
            number(slo, "ttfrP95Millis"),
            number(slo, "ttftcP95Millis"));
  }

  /** The stored request classes; empty for a run of one shape (or an older run.json). */
  private static List<ClassSpec> classes(JsonNode classes) {
    List<ClassSpec> specs = new ArrayList<>();
    for (JsonNode node : classes) {
      specs.add(
          new ClassSpec(
              text(node, "name").orElseThrow(() -> missing("classes[].name")),
              number(node, "share").orElseThrow(() -> missing("classes[].share")),
              slo(node.path("slo"))));
    }
    return specs;
  }

  /** The stored launch spike; empty for a run without one. */
  private static Optional<BurstPlan> burst(JsonNode burst) {
    if (!burst.isObject()) {
      return Optional.empty();
    }
    return Optional.of(
        new BurstPlan(
            number(burst, "baseRatePerSec").orElseThrow(() -> missing("burst.baseRatePerSec")),
            number(burst, "burstRatePerSec").orElseThrow(() -> missing("burst.burstRatePerSec")),
            burst.path("burstSeconds").asInt(),
            burst.path("windowSeconds").asInt()));
  }

  private static IllegalArgumentException missing(String field) {
    return new IllegalArgumentException(FILE + ": " + field + " missing");
  }

  /**
   * What {@link #read} found.
   *
   * @param file the {@code run.json} read
   * @param profile the run's profile name; null when not stored
   * @param options the run's SLO, peak rate, baseline and analytic capacity
   */
  public record Stored(Path file, String profile, CapacityOptions options) {}

  private static Optional<Double> number(JsonNode node, String field) {
    JsonNode value = node.path(field);
    return value.isNumber() ? Optional.of(value.doubleValue()) : Optional.empty();
  }

  private static Optional<String> text(JsonNode node, String field) {
    JsonNode value = node.path(field);
    return value.isTextual() ? Optional.of(value.textValue()) : Optional.empty();
  }
}
