package dev.ttftgap.profile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.config.Setting;
import dev.ttftgap.config.SettingsSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * The common knobs of a load profile on the command line: {@code -D} properties (and their
 * environment twins, for CI secret stores) that replace one field of the profile's JSON before
 * {@link LoadProfiles} validates it, so a knob gets exactly the profile's own validation and its
 * error names the knob.
 *
 * <table>
 *   <caption>Knobs: the property names the profile field; the variable is the property in upper
 *   snake case after {@code TTFTGAP_}</caption>
 *   <tr><th>system property</th><th>environment</th><th>profile field</th><th>value</th></tr>
 *   <tr><td>{@code load.steps}</td><td>{@code TTFTGAP_LOAD_STEPS}</td><td>{@code load.steps}</td>
 *       <td>{@code 1,2,4,8} (rates or users) or {@code auto}</td></tr>
 *   <tr><td>{@code load.stepDurationSeconds}</td><td>{@code TTFTGAP_LOAD_STEP_DURATION_SECONDS}</td>
 *       <td>{@code load.stepDurationSeconds}</td><td>seconds</td></tr>
 *   <tr><td>{@code load.arrivals}</td><td>{@code TTFTGAP_LOAD_ARRIVALS}</td>
 *       <td>{@code load.arrivals}</td><td>{@code uniform} or {@code poisson}</td></tr>
 *   <tr><td>{@code request.promptTokens}</td><td>{@code TTFTGAP_REQUEST_PROMPT_TOKENS}</td>
 *       <td>{@code request.promptTokens} (replaces a text {@code prompt})</td><td>tokens</td></tr>
 *   <tr><td>{@code request.maxTokens}</td><td>{@code TTFTGAP_REQUEST_MAX_TOKENS}</td>
 *       <td>{@code request.maxTokens}</td><td>tokens</td></tr>
 *   <tr><td>{@code request.api}</td><td>{@code TTFTGAP_REQUEST_API}</td>
 *       <td>{@code request.api}</td><td>chat, completions, responses or messages</td></tr>
 *   <tr><td>{@code request.ttftFrom}</td><td>{@code TTFTGAP_REQUEST_TTFT_FROM}</td>
 *       <td>{@code request.ttftFrom}</td><td>any, content, reasoning or toolCall</td></tr>
 *   <tr><td>{@code slo.ttftP95Millis}</td><td>{@code TTFTGAP_SLO_TTFT_P95_MILLIS}</td>
 *       <td>{@code slo.ttftP95Millis}</td><td>ms</td></tr>
 *   <tr><td>{@code slo.gapP95Millis}</td><td>{@code TTFTGAP_SLO_GAP_P95_MILLIS}</td>
 *       <td>{@code slo.gapP95Millis}</td><td>ms</td></tr>
 *   <tr><td>{@code slo.errorRatePercent}</td><td>{@code TTFTGAP_SLO_ERROR_RATE_PERCENT}</td>
 *       <td>{@code slo.errorRatePercent}</td><td>percent</td></tr>
 *   <tr><td>{@code slo.ttfvtP95Millis}</td><td>{@code TTFTGAP_SLO_TTFVT_P95_MILLIS}</td>
 *       <td>{@code slo.ttfvtP95Millis}</td><td>ms</td></tr>
 *   <tr><td>{@code slo.ttfrP95Millis}</td><td>{@code TTFTGAP_SLO_TTFR_P95_MILLIS}</td>
 *       <td>{@code slo.ttfrP95Millis}</td><td>ms</td></tr>
 *   <tr><td>{@code slo.ttftcP95Millis}</td><td>{@code TTFTGAP_SLO_TTFTC_P95_MILLIS}</td>
 *       <td>{@code slo.ttftcP95Millis}</td><td>ms</td></tr>
 *   <tr><td>{@code classes.only}</td><td>{@code TTFTGAP_CLASSES_ONLY}</td>
 *       <td>{@code classes} (keeps the named ones, shares renormalised)</td>
 *       <td>{@code chat} or {@code chat,rag}</td></tr>
 * </table>
 *
 * <p>The property wins over the variable; a blank value counts as unset. A value that is not even
 * of the field's kind (letters where a number goes) fails here; every other check is the profile's,
 * its message prefixed with the knob as the user set it, e.g. {@code -Dload.steps=1,0:
 * load.steps[1]: 0 is not a rate; use a number > 0 and at most 100000 (requests/s)}.
 *
 * <p>Usage:
 *
 * <pre>{@code
 * ProfileOverrides overrides = ProfileOverrides.load(SettingsSource.current());
 * LoadProfile profile = LoadProfiles.load("rising-rate", Path.of("simulations"), overrides);
 * System.out.println(overrides.describe()); // "overridden on the command line: load.steps=..."
 * }</pre>
 */
public final class ProfileOverrides {
  /** What a knob's value becomes in the JSON. */
  enum Kind {
    LEVELS,
    NUMBER,
    CHOICE,
    NAMES
  }

  /**
   * One knob: the declared setting, whose {@code -D} property is also the profile field's path, and
   * its kind.
   *
   * @param setting the declaration, e.g. {@link Setting#LOAD_STEPS}
   * @param kind how the value is read
   */
  record Knob(Setting setting, Kind kind) {
    /** The system property name, e.g. {@code load.steps}, equal to the field path. */
    String property() {
      return setting.property().orElseThrow();
    }

    /** The environment twin, e.g. {@code TTFTGAP_LOAD_STEPS}. */
    String variable() {
      return setting.environment().get(0);
    }

    String object() {
      return property().substring(0, property().indexOf('.'));
    }

    String field() {
      return property().substring(property().indexOf('.') + 1);
    }
  }

  /** Every knob, in the order the run header lists them. */
  public static final List<Knob> KNOBS =
      List.of(
          new Knob(Setting.LOAD_STEPS, Kind.LEVELS),
          new Knob(Setting.LOAD_STEP_DURATION_SECONDS, Kind.NUMBER),
          new Knob(Setting.LOAD_ARRIVALS, Kind.CHOICE),
          new Knob(Setting.REQUEST_PROMPT_TOKENS, Kind.NUMBER),
          new Knob(Setting.REQUEST_MAX_TOKENS, Kind.NUMBER),
          new Knob(Setting.REQUEST_API, Kind.CHOICE),
          new Knob(Setting.REQUEST_TTFT_FROM, Kind.CHOICE),
          new Knob(Setting.SLO_TTFT_P95_MILLIS, Kind.NUMBER),
          new Knob(Setting.SLO_GAP_P95_MILLIS, Kind.NUMBER),
          new Knob(Setting.SLO_ERROR_RATE_PERCENT, Kind.NUMBER),
          new Knob(Setting.SLO_TTFVT_P95_MILLIS, Kind.NUMBER),
          new Knob(Setting.SLO_TTFR_P95_MILLIS, Kind.NUMBER),
          new Knob(Setting.SLO_TTFTC_P95_MILLIS, Kind.NUMBER),
          new Knob(Setting.SLO_ASSERT_UP_TO_LEVEL, Kind.NUMBER),
          new Knob(Setting.CLASSES_ONLY, Kind.NAMES));

  /** No knob set: the profile as written. */
  public static final ProfileOverrides NONE = new ProfileOverrides(List.of());

  /**
   * A knob the user set.
   *
   * @param knob which one
   * @param setting how the user spelt it: {@code -Dload.steps} or {@code TTFTGAP_LOAD_STEPS}
   * @param value the value as given, stripped
   * @param node what it becomes in the profile's JSON
   */
  record Applied(Knob knob, String setting, String value, JsonNode node) {
    String assignment() {
      return setting + "=" + value;
    }
  }

  private final List<Applied> applied;

  private ProfileOverrides(List<Applied> applied) {
    this.applied = List.copyOf(applied);
  }

  /** The knobs of this JVM. */
  public static ProfileOverrides load() {
    return load(SettingsSource.current());
  }

  /**
   * The knobs set in {@code props} or {@code env}.
   *
   * @throws ProfileException naming the knob when a value is not of its field's kind
   */
  public static ProfileOverrides load(Map<String, String> env, Properties props) {
    return load(SettingsSource.of(env, props));
  }

  /**
   * The knobs set in {@code source}.
   *
   * @throws ProfileException naming the knob when a value is not of its field's kind
   */
  public static ProfileOverrides load(SettingsSource source) {
    List<Applied> applied = new ArrayList<>();
    for (Knob knob : KNOBS) {
      source
          .get(knob.setting())
          .ifPresent(
              set ->
                  applied.add(
                      new Applied(
                          knob,
                          set.name(),
                          set.value(),
                          KnobValues.node(knob, set.name(), set.value()))));
    }
    return new ProfileOverrides(applied);
  }

  /** The load fields a {@code -Dload.steps=auto} removes from a profile of fixed stairs. */
  static final List<String> AUTO_REPLACES = List.of("warmup", "rampSeconds");

  /** Whether {@code load.steps} is set to {@code auto}. */
  private boolean autoSteps() {
    return applied.stream()
        .anyMatch(a -> a.knob().property().equals("load.steps") && a.node().isTextual());
  }

  /** Whether no knob is set. */
  public boolean isEmpty() {
    return applied.isEmpty();
  }

  /**
   * One line for the run header: {@code overridden on the command line: load.steps=1,2,4,8
   * (-Dload.steps), slo.ttftP95Millis=2000 (TTFTGAP_SLO_TTFT_P95_MILLIS)}; {@code "as written
   * (...)"} with the knobs' names when none is set.
   */
  public String describe() {
    if (applied.isEmpty()) {
      return "as written (change its stairs, lengths and SLO with -Dload.steps,"
          + " -Drequest.promptTokens, -Dslo.ttftP95Millis, ...: see simulations/README.md)";
    }
    return "overridden on the command line: "
        + applied.stream()
            .map(a -> a.knob().property() + "=" + a.value() + " (" + a.setting() + ")")
            .collect(Collectors.joining(", "))
        + (autoSteps()
            ? " (auto stairs: the calibration phase replaces the profile's warmup, rampSeconds"
                + " and slo.assertUpToLevel)"
            : "");
  }

  /**
   * Writes every knob into {@code root}, a profile's JSON object: the field is replaced, its object
   * ({@code slo}) created when the profile has none; {@code request.promptTokens} removes a text
   * {@code prompt}, which would otherwise conflict with it; {@code load.steps=auto} removes the
   * fixed stairs' {@code warmup}, {@code rampSeconds} and {@code slo.assertUpToLevel}, which auto
   * stairs refuse, so that any profile of open stairs can be turned into auto stairs; {@code
   * classes.only} keeps the named classes ({@link ClassesOnly}). In a profile with classes, a
   * {@code request} or {@code slo} knob also replaces the field in each class's own {@code request}
   * or {@code slo}, so that it reaches every class.
   */
  void applyTo(ObjectNode root) {
    if (autoSteps() && root.get("load") instanceof ObjectNode load) {
      // the calibration phase warms the target up and the levels come at run time, so the fixed
      // stairs' warm-up, ramps and assertion level give way (auto stairs refuse them)
      AUTO_REPLACES.forEach(load::remove);
      if (root.get("slo") instanceof ObjectNode slo) {
        slo.remove("assertUpToLevel");
      }
    }
    for (Applied a : applied) {
      if (a.knob().kind() == Kind.NAMES) {
        ClassesOnly.apply(root, a.node());
        continue;
      }
      JsonNode parent = root.get(a.knob().object());
      ObjectNode object;
      if (parent instanceof ObjectNode existing) {
        object = existing;
      } else {
        object = root.putObject(a.knob().object());
      }
      set(object, a);
      if (root.get(ClassesProfile.FIELD) instanceof ArrayNode classes
          && !a.knob().property().equals("slo.assertUpToLevel")) {
        // the profile's request and slo are only the classes' base: a class's own field would
        // hide the knob, so the knob replaces it too
        classes.forEach(
            c -> {
              if (c.get(a.knob().object()) instanceof ObjectNode own) {
                set(own, a);
              }
            });
      }
    }
  }

  private static void set(ObjectNode object, Applied a) {
    object.set(a.knob().field(), a.node());
    if (a.knob().property().equals("request.promptTokens")) {
      object.remove("prompt");
    }
  }

  /**
   * The profile's error, said in terms of the knobs: prefixed with the knob whose field it names,
   * or, when it names another field, followed by the knobs that changed the profile.
   */
  ProfileException translate(ProfileException error, String sourceName) {
    if (applied.isEmpty()) {
      return error;
    }
    String message = error.getMessage();
    String prefix = sourceName + ": ";
    String rest = message.startsWith(prefix) ? message.substring(prefix.length()) : message;
    for (Applied a : applied) {
      String path = a.knob().property();
      if (rest.startsWith(path + ":")
          || rest.startsWith(path + "[")
          || rest.startsWith(path + ".")) {
        return new ProfileException(
            a.assignment() + ": " + rest + " (fix " + a.setting() + ", or unset it)");
      }
    }
    return new ProfileException(
        message
            + " (the profile as changed by "
            + applied.stream().map(Applied::assignment).collect(Collectors.joining(", "))
            + (rest.startsWith("slo.assertUpToLevel:")
                ? "; -Dslo.assertUpToLevel=LEVEL sets it from the command line"
                : "")
            + ")");
  }
}
