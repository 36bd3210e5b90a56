package dev.ttftgap.profile;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.analysis.Slo;
import dev.ttftgap.breaker.BreakerPolicy;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads load profiles and validates every field before any load is sent.
 *
 * <p>A profile is chosen by name ({@code rising-rate} → {@code simulations/rising-rate.json}) or by
 * path (anything containing a path separator or ending in {@code .json}, relative to the working
 * directory). When the folder has no such file, the class path resource {@code
 * simulations/NAME.json} is tried, so a packaged simulation (Gatling Enterprise) finds its profiles
 * when the build copies {@code simulations/} onto the test class path.
 *
 * <p>Validation: unknown fields, duplicate keys, wrong types, out-of-range values and inconsistent
 * combinations each fail with one line, e.g. {@code simulations/rising-rate.json: load.steps[2]: 0
 * is not a rate; use a number > 0 (requests/s)}. The schema is documented field by field in {@code
 * simulations/README.md}.
 */
public final class LoadProfiles {
  /** Where profiles live, relative to the working directory (the project root under Maven). */
  public static final Path DEFAULT_DIRECTORY = Path.of("simulations");

  static final int MAX_STEPS = 100;
  static final int MAX_SECONDS = 86_400;
  static final double MAX_RATE = 100_000;
  static final int MAX_USERS = 100_000;

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
  static final ObjectMapper MAPPER =
      new ObjectMapper()
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private static final List<String> TOP_FIELDS =
      List.of("name", "description", "request", "load", "timeouts", "slo", "breaker", "classes");

  private LoadProfiles() {}

  /** {@link #load(String, Path)} from {@link #DEFAULT_DIRECTORY}. */
  public static LoadProfile load(String nameOrPath) {
    return load(nameOrPath, DEFAULT_DIRECTORY);
  }

  /**
   * The profile named {@code nameOrPath} in {@code simulationsDir}, or at that path.
   *
   * @throws ProfileException when it cannot be found or read, or is not valid
   */
  public static LoadProfile load(String nameOrPath, Path simulationsDir) {
    return load(nameOrPath, simulationsDir, ProfileOverrides.NONE);
  }

  /**
   * The profile named {@code nameOrPath} in {@code simulationsDir}, or at that path, with the
   * command line's {@code overrides} written into its JSON before it is validated.
   *
   * @throws ProfileException when it cannot be found or read, or is not valid (an error in a field
   *     a knob set names the knob)
   */
  public static LoadProfile load(
      String nameOrPath, Path simulationsDir, ProfileOverrides overrides) {
    String trimmed = nameOrPath.strip();
    if (trimmed.isEmpty()) {
      throw new ProfileException(
          "profile: empty; set -Dprofile=NAME (a file in simulations/) or a path");
    }
    boolean isPath = trimmed.endsWith(".json") || trimmed.contains("/") || trimmed.contains("\\");
    Path file;
    try {
      file = isPath ? Path.of(trimmed) : simulationsDir.resolve(trimmed + ".json");
    } catch (InvalidPathException e) {
      throw new ProfileException("profile: \"" + trimmed + "\" is not a valid name or path");
    }
    if (Files.isRegularFile(file)) {
      return parse(read(file), file, overrides);
    }
    if (!isPath) {
      Optional<LoadProfile> packaged = fromClassPath(trimmed, overrides);
      if (packaged.isPresent()) {
        return packaged.get();
      }
      if (!NAME.matcher(trimmed).matches()) {
        throw new ProfileException(
            "profile: \""
                + trimmed
                + "\" is not a profile name; use letters, digits, '.', '_', '-'"
                + " or a path to a .json file");
      }
    }
    throw new ProfileException(
        "profile: no file "
            + file
            + "; available in "
            + simulationsDir
            + ": "
            + available(simulationsDir)
            + " (set -Dprofile=NAME or a path)");
  }

  /**
   * Parses and validates {@code json}; {@code sourceName} prefixes error messages and becomes
   * {@link LoadProfile#source()}.
   *
   * @throws ProfileException when the text is not a valid profile
   */
  public static LoadProfile parse(String json, String sourceName) {
    return parse(json, sourceName, ProfileOverrides.NONE);
  }

  /** {@link #parse(String, String)} with {@code overrides} written in before validation. */
  public static LoadProfile parse(String json, String sourceName, ProfileOverrides overrides) {
    return parse(json, Path.of(sourceName), overrides);
  }

  /**
   * Names of the profiles in {@code simulationsDir}, sorted, comma-separated; "(none)" if empty.
   */
  static String available(Path simulationsDir) {
    if (!Files.isDirectory(simulationsDir)) {
      return "(no such folder)";
    }
    try (Stream<Path> files = Files.list(simulationsDir)) {
      List<String> names =
          files
              .map(path -> path.getFileName().toString())
              .filter(name -> name.endsWith(".json"))
              .map(name -> name.substring(0, name.length() - ".json".length()))
              .sorted()
              .toList();
      return names.isEmpty() ? "(none)" : String.join(", ", names);
    } catch (IOException e) {
      return "(unreadable: " + e.getMessage() + ")";
    }
  }

  private static Optional<LoadProfile> fromClassPath(String name, ProfileOverrides overrides) {
    if (!NAME.matcher(name).matches()) {
      return Optional.empty();
    }
    String resource = "simulations/" + name + ".json";
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    if (loader == null) {
      loader = LoadProfiles.class.getClassLoader();
    }
    try (InputStream in = loader.getResourceAsStream(resource)) {
      if (in == null) {
        return Optional.empty();
      }
      String json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return Optional.of(parse(json, Path.of("classpath:" + resource), overrides));
    } catch (IOException e) {
      throw new ProfileException("classpath:" + resource + ": cannot read: " + e.getMessage());
    }
  }

  static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ProfileException(file + ": cannot read: " + e.getMessage());
    }
  }

  private static LoadProfile parse(String json, Path source, ProfileOverrides overrides) {
    String sourceName = source.toString();
    try {
      return parse(json, source, sourceName, overrides);
    } catch (ProfileException e) {
      throw overrides.translate(e, sourceName);
    }
  }

  /**
   * The profile's JSON object; not JSON, empty or not an object fails naming {@code sourceName}.
   */
  private static ObjectNode object(String json, String sourceName) {
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      String where =
          e.getLocation() == null
              ? ""
              : "line "
                  + e.getLocation().getLineNr()
                  + ", column "
                  + e.getLocation().getColumnNr()
                  + ": ";
      throw new ProfileException(
          sourceName + ": " + where + "not valid JSON (" + JsonFields.reason(e) + ")");
    }
    if (root == null || root.isMissingNode()) {
      throw new ProfileException(
          sourceName + ": empty; a profile is a JSON object, see " + "simulations/README.md");
    }
    if (!root.isObject()) {
      throw new ProfileException(
          sourceName
              + ": "
              + JsonFields.describe(root)
              + " is not a JSON object; a profile is"
              + " {\"name\": ..., \"request\": ..., \"load\": ...}, see simulations/README.md");
    }
    return (ObjectNode) root;
  }

  private static LoadProfile parse(
      String json, Path source, String sourceName, ProfileOverrides overrides) {
    ObjectNode root = object(json, sourceName);
    overrides.applyTo(root);
    JsonFields top = JsonFields.of(sourceName, "", root, TOP_FIELDS);
    String name =
        top.optionalString("name", "use a short name like \"rising-rate\"")
            .orElseThrow(() -> top.error("name", "missing; add \"name\": \"my-profile\""));
    if (!NAME.matcher(name).matches()) {
      throw top.error(
          "name",
          JsonFields.describe(root.get("name"))
              + " is not a profile name; use up to 64 letters, digits, '.', '_' or '-'");
    }
    String description = top.optionalString("description", "use a sentence in quotes").orElse("");
    boolean classed = top.has(ClassesProfile.FIELD);
    Optional<RequestShape> single = Optional.empty();
    if (classed) {
      // with classes, request is only the base the classes lay their fields over: its field names
      // are checked here, its values in each class
      top.optionalObject("request", RequestProfile.FIELDS);
    } else {
      single =
          Optional.of(
              RequestProfile.parse(
                  top.requiredObject(
                      "request", RequestProfile.FIELDS, "add \"request\": {\"prompt\": ...}")));
    }
    Load load =
        LoadShapeProfile.parse(
            top.requiredObject(
                "load", LoadShapeProfile.FIELDS, "add \"load\": {\"steps\": [...], ...}"));
    Timeouts timeouts =
        top.optionalObject("timeouts", TimeoutsProfile.FIELDS)
            .map(TimeoutsProfile::parse)
            .orElse(Timeouts.DEFAULTS);
    Optional<Slo> slo =
        top.optionalObject("slo", SloProfile.FIELDS).map(fields -> SloProfile.parse(fields, load));
    BreakerPolicy breaker =
        top.optionalObject("breaker", BreakerProfile.FIELDS)
            .map(BreakerProfile::parse)
            .orElse(BreakerPolicy.DEFAULTS);
    List<RequestClass> classes =
        classed
            ? ClassesProfile.parse(top, top.optional("request"), top.optional("slo"), load, slo)
            : List.of();
    RequestShape request = single.orElseGet(() -> classes.get(0).request());
    return new LoadProfile(
        name, description, request, load, timeouts, slo, source, breaker, classes);
  }
}
