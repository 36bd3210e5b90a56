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
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
  static final int MAX_PROMPT_TOKENS = 200_000;

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
  static final ObjectMapper MAPPER =
      new ObjectMapper()
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private static final List<String> TOP_FIELDS =
      List.of("name", "description", "request", "load", "timeouts", "slo", "breaker");
  static final List<String> REQUEST_FIELDS =
      List.of(
          "model",
          "prompt",
          "promptTokens",
          "promptSeed",
          "maxTokens",
          "temperature",
          "includeUsage",
          "includeMetrics",
          "systemPrompt",
          "prompts",
          "sharedPrefixTokens",
          "forceOutputLength",
          "headers",
          "extraBody",
          "apiKeyHeader",
          "dataset",
          "conversation");
  static final List<String> DISTRIBUTION_FIELDS =
      List.of("distribution", "value", "min", "max", "mean", "stddev");
  private static final List<String> CONVERSATION_FIELDS = List.of("turns", "thinkTimeSeconds");
  private static final List<String> SEARCH_ONLY_FIELDS =
      List.of(
          "startRate",
          "maxRate",
          "growth",
          "holdSeconds",
          "precisionPercent",
          "maxDurationSeconds");
  private static final List<String> LOAD_FIELDS =
      java.util.stream.Stream.concat(
              java.util.stream.Stream.of(
                  "model",
                  "arrivals",
                  "warmup",
                  "steps",
                  "stepDurationSeconds",
                  "rampSeconds",
                  "stopWhenSaturated",
                  AutoStairsProfile.OBJECT),
              SEARCH_ONLY_FIELDS.stream())
          .toList();
  private static final List<String> WARMUP_FIELDS = List.of("level", "durationSeconds");
  private static final List<String> STEPS_SERIES_FIELDS = List.of("from", "by", "count");
  static final List<String> TIMEOUT_FIELDS =
      List.of("firstTokenSeconds", "idleSeconds", "streamSeconds");
  private static final List<String> SLO_FIELDS =
      List.of("ttftP95Millis", "gapP95Millis", "errorRatePercent", "assertUpToLevel");

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

  private static LoadProfile parse(
      String json, Path source, String sourceName, ProfileOverrides overrides) {
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
    overrides.applyTo((ObjectNode) root);
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
    RequestShape request =
        request(
            top.requiredObject("request", REQUEST_FIELDS, "add \"request\": {\"prompt\": ...}"));
    Load load =
        load(top.requiredObject("load", LOAD_FIELDS, "add \"load\": {\"steps\": [...], ...}"));
    Timeouts timeouts =
        top.optionalObject("timeouts", TIMEOUT_FIELDS)
            .map(LoadProfiles::timeouts)
            .orElse(Timeouts.DEFAULTS);
    Optional<Slo> slo = top.optionalObject("slo", SLO_FIELDS).map(fields -> slo(fields, load));
    BreakerPolicy breaker =
        top.optionalObject("breaker", BreakerProfile.FIELDS)
            .map(BreakerProfile::parse)
            .orElse(BreakerPolicy.DEFAULTS);
    return new LoadProfile(name, description, request, load, timeouts, slo, source, breaker);
  }

  static RequestShape request(JsonFields fields) {
    Optional<String> model =
        fields.optionalString("model", "use the model id in quotes, or null for the default");
    model.ifPresent(
        id -> {
          if (id.isBlank() || !id.equals(id.strip())) {
            throw fields.error(
                fields.child("model"),
                JsonFields.describe(fields.optional("model").orElseThrow())
                    + " has surrounding whitespace or is empty; use the exact model id");
          }
        });
    Optional<String> prompt = fields.optionalString("prompt", "use the prompt text in quotes");
    Optional<LengthDistribution> promptLengths =
        fields
            .optional("promptTokens")
            .map(node -> length(fields, "promptTokens", node, MAX_PROMPT_TOKENS));
    Optional<Integer> promptTokens = promptLengths.map(LengthDistribution::max);
    Optional<Path> dataset =
        fields
            .optionalString("dataset", "use the path of a JSONL file in quotes")
            .map(path -> datasetPath(fields, path));
    if (dataset.isPresent() && (prompt.isPresent() || promptTokens.isPresent())) {
      throw fields.error(
          fields.child(prompt.isPresent() ? "prompt" : "promptTokens"),
          "set together with dataset; the dataset gives the prompts, remove one of them");
    }
    if (dataset.isEmpty() && prompt.isPresent() == promptTokens.isPresent()) {
      throw fields.error(
          fields.child(prompt.isPresent() ? "promptTokens" : "prompt"),
          prompt.isPresent()
              ? "set together with prompt; give exactly one of prompt (text) or promptTokens"
                  + " (length)"
              : "missing; give exactly one of prompt (text), promptTokens (length) or dataset"
                  + " (a JSONL file)");
    }
    if (prompt.isPresent() && prompt.get().isEmpty()) {
      throw fields.error(
          fields.child("prompt"), "\"\" is empty; use some text, or promptTokens for a length");
    }
    long promptSeed =
        fields.optionalWholeNumber("promptSeed", 0, Long.MAX_VALUE, "a seed").orElse(1L);
    LengthDistribution maxTokensLengths =
        fields
            .optional("maxTokens")
            .map(node -> length(fields, "maxTokens", node, 1_000_000))
            .orElse(LengthDistribution.fixed(64));
    int maxTokens = maxTokensLengths.max();
    double temperature =
        fields
            .optionalNumber("temperature", 0, false, 2, "a temperature", "use a number from 0 to 2")
            .orElse(0.0);
    boolean includeUsage = fields.optionalBoolean("includeUsage").orElse(true);
    boolean includeMetrics = fields.optionalBoolean("includeMetrics").orElse(false);
    Optional<String> systemPrompt =
        fields.optionalString("systemPrompt", "use the system message in quotes, or null");
    if (systemPrompt.isPresent() && systemPrompt.get().isEmpty()) {
      throw fields.error(
          fields.child("systemPrompt"), "\"\" is empty; use some text, or null for none");
    }
    PromptMode prompts =
        fields
            .optionalChoice("prompts", List.of("distinct", "repeated"))
            .map(text -> text.equals("repeated") ? PromptMode.REPEATED : PromptMode.DISTINCT)
            .orElse(PromptMode.DISTINCT);
    if (fields.has("prompts") && dataset.isPresent()) {
      throw fields.error(
          fields.child("prompts"),
          "does not apply with dataset (its rows are the prompts); remove it");
    }
    int sharedPrefixTokens =
        fields
            .optionalInt("sharedPrefixTokens", 0, MAX_PROMPT_TOKENS, "a number of tokens")
            .orElse(0);
    if (sharedPrefixTokens > 0 && systemPrompt.isPresent()) {
      throw fields.error(
          fields.child("sharedPrefixTokens"),
          "set together with systemPrompt; both are the shared system prompt, keep one");
    }
    boolean forceOutputLength = fields.optionalBoolean("forceOutputLength").orElse(false);
    Map<String, String> headers = RequestExtras.headers(fields);
    Optional<ObjectNode> extraBody = RequestExtras.extraBody(fields, forceOutputLength);
    String apiKeyHeader = RequestExtras.apiKeyHeader(fields);
    Optional<Conversation> conversation =
        fields
            .optionalObject("conversation", CONVERSATION_FIELDS)
            .map(conv -> conversation(conv, dataset.isPresent()));
    return new RequestShape(
        model,
        prompt,
        promptTokens,
        promptSeed,
        maxTokens,
        temperature,
        includeUsage,
        includeMetrics,
        systemPrompt,
        prompts,
        sharedPrefixTokens,
        promptLengths.filter(d -> !d.isFixed()),
        Optional.of(maxTokensLengths).filter(d -> !d.isFixed()),
        forceOutputLength,
        headers,
        extraBody,
        apiKeyHeader,
        dataset,
        conversation);
  }

  /**
   * A length: a whole number, or {@code {"distribution": "fixed" | "uniform" | "normal" |
   * "lognormal", ...}} with {@code value} (fixed), {@code min} and {@code max} (uniform; optional
   * bounds for the others), {@code mean} and {@code stddev} (normal, lognormal).
   */
  static LengthDistribution length(JsonFields fields, String name, JsonNode node, int limit) {
    String path = fields.child(name);
    if (!node.isObject()) {
      return LengthDistribution.fixed(
          (int) fields.wholeNumber(path, node, 1, limit, "a number of tokens"));
    }
    JsonFields dist = fields.nested(path, node, DISTRIBUTION_FIELDS);
    String kind =
        dist.optionalChoice("distribution", List.of("fixed", "uniform", "normal", "lognormal"))
            .orElseThrow(
                () ->
                    dist.error(
                        dist.child("distribution"),
                        "missing; use fixed, uniform, normal or lognormal"));
    String what = "a number of tokens";
    if (kind.equals("fixed")) {
      only(dist, List.of("distribution", "value"), kind);
      return LengthDistribution.fixed(
          (int) dist.requiredWholeNumber("value", "add \"value\": 100", 1, limit, what));
    }
    if (kind.equals("uniform")) {
      only(dist, List.of("distribution", "min", "max"), kind);
      int min = (int) dist.requiredWholeNumber("min", "add \"min\": 50", 1, limit, what);
      int max = (int) dist.requiredWholeNumber("max", "add \"max\": 150", 1, limit, what);
      if (max < min) {
        throw dist.error(dist.child("max"), max + " is below min (" + min + "); use max >= min");
      }
      return LengthDistribution.uniform(min, max);
    }
    double mean = lengthParameter(dist, "mean", 500, true, limit, "a mean length");
    double stddev = lengthParameter(dist, "stddev", 100, false, limit, "a standard deviation");
    if (dist.has("value")) {
      throw dist.error(dist.child("value"), "only applies to fixed; remove it");
    }
    int min = dist.optionalInt("min", 1, limit, what).orElse(1);
    int max =
        dist.optionalInt("max", 1, limit, what)
            .orElse((int) Math.min(limit, Math.ceil(mean + 4 * stddev)));
    if (max < min) {
      throw dist.error(dist.child("max"), max + " is below min (" + min + "); use max >= min");
    }
    if (mean < min || mean > max) {
      throw dist.error(
          dist.child("mean"),
          mean + " is outside min..max (" + min + ".." + max + "); widen the bounds");
    }
    return kind.equals("normal")
        ? LengthDistribution.normal(mean, stddev, min, max)
        : LengthDistribution.lognormal(mean, stddev, min, max);
  }

  /**
   * A distribution's required {@code mean} or {@code stddev}: a number of tokens up to {@code
   * limit}, above 0 or (unless {@code zeroExcluded}) 0 itself; {@code example} is the fix offered
   * when it is missing.
   */
  private static double lengthParameter(
      JsonFields dist, String name, int example, boolean zeroExcluded, int limit, String what) {
    return dist.number(
        dist.child(name),
        dist.required(name, "add \"" + name + "\": " + example),
        0,
        zeroExcluded,
        limit,
        what,
        "use a number of tokens " + (zeroExcluded ? "> 0" : ">= 0"));
  }

  private static void only(JsonFields dist, List<String> allowed, String kind) {
    for (String field : DISTRIBUTION_FIELDS) {
      if (!allowed.contains(field) && dist.has(field)) {
        throw dist.error(
            dist.child(field),
            "does not apply to "
                + kind
                + "; use "
                + String.join(", ", allowed.subList(1, allowed.size())));
      }
    }
  }

  private static Path datasetPath(JsonFields fields, String text) {
    try {
      Path path = Path.of(text);
      if (!Files.isRegularFile(path)) {
        throw fields.error(
            fields.child("dataset"),
            "no file " + path + " (relative to the working directory); give the JSONL file's path");
      }
      return path;
    } catch (InvalidPathException e) {
      throw fields.error(fields.child("dataset"), "\"" + text + "\" is not a valid path");
    }
  }

  private static Conversation conversation(JsonFields fields, boolean dataset) {
    Optional<Integer> turns =
        fields.optionalInt("turns", 1, RequestFactory.MAX_TURNS - 1, "a number of turns");
    if (turns.isEmpty() && !dataset) {
      throw fields.error(
          fields.child("turns"),
          "missing; add \"turns\": 3 (or a dataset, whose conversations give the turns)");
    }
    double think =
        fields
            .optionalNumber(
                "thinkTimeSeconds", 0, false, 3600, "a pause", "use seconds from 0 to 3600")
            .orElse(0.0);
    return new Conversation(turns, think);
  }

  private static Load load(JsonFields fields) {
    String model =
        fields.optionalChoice("model", List.of("open", "closed", "search")).orElse("open");
    if (!model.equals("open") && fields.has("stopWhenSaturated")) {
      throw fields.error(
          fields.child("stopWhenSaturated"),
          "only applies to open stairs (\"model\": \"open\"); remove it");
    }
    if (model.equals("search")) {
      return searchLoad(fields);
    }
    for (String name : SEARCH_ONLY_FIELDS) {
      if (fields.has(name)) {
        throw fields.error(fields.child(name), "only applies to \"model\": \"search\"; remove it");
      }
    }
    Load.Type type = model.equals("open") ? Load.Type.OPEN : Load.Type.CLOSED;
    boolean open = type == Load.Type.OPEN;
    Optional<Load.Arrivals> arrivals;
    if (open) {
      arrivals =
          Optional.of(
              fields
                  .optionalChoice("arrivals", List.of("uniform", "poisson"))
                  .map(
                      text ->
                          text.equals("uniform") ? Load.Arrivals.UNIFORM : Load.Arrivals.POISSON)
                  .orElse(Load.Arrivals.UNIFORM));
    } else {
      if (fields.has("arrivals")) {
        throw fields.error(
            fields.child("arrivals"),
            "only applies to the open model; remove it (closed users send back to back)");
      }
      arrivals = Optional.empty();
    }
    Optional<Warmup> warmup = warmup(fields, open);
    if (AutoStairsProfile.requested(fields)) {
      return AutoStairsProfile.load(fields, open, arrivals, warmup.isPresent());
    }
    List<Double> steps = steps(fields, open);
    int stepSeconds =
        (int)
            fields.requiredWholeNumber(
                "stepDurationSeconds",
                "add \"stepDurationSeconds\": 20",
                1,
                MAX_SECONDS,
                "a duration in seconds");
    int rampSeconds =
        fields.optionalInt("rampSeconds", 0, MAX_SECONDS, "a duration in seconds").orElse(0);
    return new Load(type, arrivals, warmup, steps, stepSeconds, rampSeconds)
        .withStopWhenSaturated(fields.optionalBoolean("stopWhenSaturated"));
  }

  /** A search: open arrivals whose rates the search chooses as it goes (see {@link Search}). */
  private static Load searchLoad(JsonFields fields) {
    for (String name : List.of("steps", "rampSeconds", AutoStairsProfile.OBJECT)) {
      if (fields.has(name)) {
        throw fields.error(
            fields.child(name),
            "a search chooses its own rates; remove it (use startRate and maxRate)");
      }
    }
    Load.Arrivals arrivals =
        fields
            .optionalChoice("arrivals", List.of("uniform", "poisson"))
            .map(t -> t.equals("uniform") ? Load.Arrivals.UNIFORM : Load.Arrivals.POISSON)
            .orElse(Load.Arrivals.UNIFORM);
    Optional<Warmup> warmup = warmup(fields, true);
    String rateFix = "use a number > 0 (requests/s), at most " + (long) MAX_RATE;
    double start =
        fields.optionalNumber("startRate", 0, true, MAX_RATE, "a rate", rateFix).orElse(1.0);
    double max =
        fields.optionalNumber("maxRate", 0, true, MAX_RATE, "a rate", rateFix).orElse(64.0);
    if (max < start) {
      throw fields.error(
          fields.child("maxRate"),
          StepSchedule.formatLevel(max)
              + " is below startRate ("
              + StepSchedule.formatLevel(start)
              + "); use at least that");
    }
    double growth =
        fields
            .optionalNumber("growth", 1, true, 10, "a growth factor", "use a number in (1, 10]")
            .orElse(2.0);
    int probe =
        (int)
            fields.requiredWholeNumber(
                "stepDurationSeconds",
                "add \"stepDurationSeconds\": 20 (each probe)",
                5,
                MAX_SECONDS,
                "a duration of 5 s or more");
    int hold =
        fields
            .optionalInt("holdSeconds", 5, MAX_SECONDS, "a duration of 5 s or more")
            .orElse(3 * probe);
    double precision =
        fields
            .optionalNumber(
                "precisionPercent", 0, true, 50, "a percentage", "use a number in (0, 50]")
            .orElse(5.0);
    int maxDuration =
        fields
            .optionalInt("maxDurationSeconds", 10, MAX_SECONDS, "a duration of 10 s or more")
            .orElse(600);
    int warm = warmup.map(Warmup::durationSeconds).orElse(0);
    if (warm + probe + hold > maxDuration) {
      throw fields.error(
          fields.child("maxDurationSeconds"),
          maxDuration
              + " s leaves no room for the warm-up, one probe and the hold ("
              + (warm + probe + hold)
              + " s); use at least "
              + 3 * (warm + probe + hold));
    }
    return new Load(Load.Type.OPEN, Optional.of(arrivals), warmup, List.of(start), probe, 0)
        .withSearch(new Search(start, max, growth, probe, hold, precision, maxDuration));
  }

  /** The optional warm-up: a level (rate or users) and a duration. */
  private static Optional<Warmup> warmup(JsonFields fields, boolean open) {
    return fields
        .optionalObject("warmup", WARMUP_FIELDS)
        .map(
            warm -> {
              double level =
                  level(
                      warm,
                      warm.child("level"),
                      warm.required(
                          "level", "add \"level\": " + (open ? "1 (requests/s)" : "1 (users)")),
                      open);
              int seconds =
                  (int)
                      warm.requiredWholeNumber(
                          "durationSeconds",
                          "add \"durationSeconds\": 5",
                          1,
                          MAX_SECONDS,
                          "a duration in seconds");
              return new Warmup(level, seconds);
            });
  }

  private static List<Double> steps(JsonFields fields, boolean open) {
    String path = fields.child("steps");
    JsonNode node =
        fields.required(
            "steps", "add \"steps\": [2, 4, 6] or {\"from\": 2, \"by\": 2, \"count\": 6}");
    List<Double> levels = new ArrayList<>();
    if (node.isArray()) {
      List<JsonNode> elements = fields.elements(node);
      if (elements.isEmpty() || elements.size() > MAX_STEPS) {
        throw fields.error(
            path, elements.size() + " steps; use 1 to " + MAX_STEPS + " levels, like [2, 4, 6]");
      }
      for (int i = 0; i < elements.size(); i++) {
        levels.add(level(fields, path + "[" + i + "]", elements.get(i), open));
      }
      return levels;
    }
    if (!node.isObject()) {
      throw fields.error(
          path,
          JsonFields.describe(node)
              + " is not a list of levels; use [2, 4, 6], {\"from\": 2, \"by\": 2, \"count\":"
              + " 6} or \"auto\"");
    }
    JsonFields series = fields.nested(path, node, STEPS_SERIES_FIELDS);
    String hint = "add it: {\"from\": 2, \"by\": 2, \"count\": 6}";
    double from = level(series, series.child("from"), series.required("from", hint), open);
    double by = level(series, series.child("by"), series.required("by", hint), open);
    int count = (int) series.requiredWholeNumber("count", hint, 1, MAX_STEPS, "a number of steps");
    // Decimal arithmetic, so 0.1 + 2 × 0.1 is 0.3 and labels stay clean.
    BigDecimal start = BigDecimal.valueOf(from);
    BigDecimal increment = BigDecimal.valueOf(by);
    for (int i = 0; i < count; i++) {
      double level = start.add(increment.multiply(BigDecimal.valueOf(i))).doubleValue();
      if (level > (open ? MAX_RATE : MAX_USERS)) {
        throw series.error(
            path,
            "step "
                + (i + 1)
                + " reaches "
                + StepSchedule.formatLevel(level)
                + "; keep levels at most "
                + (long) (open ? MAX_RATE : MAX_USERS));
      }
      levels.add(level);
    }
    return levels;
  }

  /** A level: a rate > 0 (open) or a whole number of users ≥ 1 (closed). */
  private static double level(JsonFields fields, String path, JsonNode value, boolean open) {
    if (open) {
      return fields.number(
          path,
          value,
          0,
          true,
          MAX_RATE,
          "a rate",
          "use a number > 0 and at most " + (long) MAX_RATE + " (requests/s)");
    }
    return fields.wholeNumber(path, value, 1, MAX_USERS, "a number of users");
  }

  static Timeouts timeouts(JsonFields fields) {
    int firstToken = seconds(fields, "firstTokenSeconds", Timeouts.DEFAULTS.firstTokenSeconds());
    int idle = seconds(fields, "idleSeconds", Timeouts.DEFAULTS.idleSeconds());
    int stream = seconds(fields, "streamSeconds", Timeouts.DEFAULTS.streamSeconds());
    if (firstToken > stream) {
      throw fields.error(
          fields.child("firstTokenSeconds"),
          firstToken + " is longer than streamSeconds (" + stream + "); use at most " + stream);
    }
    if (idle > stream) {
      throw fields.error(
          fields.child("idleSeconds"),
          idle + " is longer than streamSeconds (" + stream + "); use at most " + stream);
    }
    return new Timeouts(firstToken, idle, stream);
  }

  private static int seconds(JsonFields fields, String name, int defaultSeconds) {
    return fields.optionalInt(name, 1, MAX_SECONDS, "a duration in seconds").orElse(defaultSeconds);
  }

  private static Slo slo(JsonFields fields, Load load) {
    Optional<Integer> ttft = fields.optionalInt("ttftP95Millis", 1, 3_600_000, "a duration in ms");
    Optional<Integer> gap = fields.optionalInt("gapP95Millis", 1, 3_600_000, "a duration in ms");
    Optional<Double> errors =
        fields.optionalNumber(
            "errorRatePercent",
            0,
            false,
            100,
            "a percentage",
            "use a number from 0 to 100 (percent of requests)");
    if (ttft.isEmpty() && gap.isEmpty() && errors.isEmpty()) {
      throw fields.error(
          fields.path(),
          "no limit; set at least one of ttftP95Millis, gapP95Millis, errorRatePercent, or remove"
              + " slo");
    }
    String unit = load.open() ? "requests/s" : "users";
    Optional<Double> upTo =
        fields.optionalNumber(
            "assertUpToLevel",
            0,
            true,
            Double.MAX_VALUE,
            "a level",
            "use a number > 0 (" + unit + "), or null to not assert");
    if (upTo.isPresent() && load.autoStairs().isPresent()) {
      throw fields.error(
          fields.child("assertUpToLevel"),
          "auto stairs choose their rates at run time, so Gatling cannot assert them; remove it"
              + " (the capacity report still judges every step against the SLO)");
    }
    if (upTo.isPresent()) {
      double lowest = load.steps().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
      if (upTo.get() < lowest - 1e-9) {
        throw fields.error(
            fields.child("assertUpToLevel"),
            StepSchedule.formatLevel(upTo.get())
                + " is below every step (lowest "
                + StepSchedule.formatLevel(lowest)
                + " "
                + unit
                + "), so nothing would be asserted; use a step level, or null to not assert");
      }
    }
    return new Slo(ttft.map(Integer::doubleValue), gap.map(Integer::doubleValue), errors, upTo);
  }
}
