package dev.ttftgap.config;

import dev.ttftgap.config.SettingsSource.Value;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which part this load generator runs, I of N: from {@code -Dinjector=I/N}, else {@code
 * INJECTOR=I/N} or {@code INJECTOR=I} with {@code INJECTOR_COUNT=N}, else a Kubernetes Indexed
 * Job's {@code JOB_COMPLETION_INDEX} (0-based) with {@code INJECTOR_COUNT}; 1 of 1 when none is
 * set.
 */
final class InjectorSetting {
  private static final Pattern I_OF_N = Pattern.compile("\\s*(\\d+)\\s*/\\s*(\\d+)\\s*");

  private InjectorSetting() {}

  /** I and N, 1 ≤ I ≤ N. */
  static int[] read(SettingsSource source) {
    Optional<Value> injector = source.get(Setting.INJECTOR);
    if (injector.isPresent() && injector.get().fromProperty()) {
      return iOfN("-Dinjector", injector.get().rawValue());
    }
    Optional<String> count = source.get(Setting.INJECTOR_COUNT).map(Value::rawValue);
    Optional<String> index = injector.map(Value::rawValue);
    if (index.isPresent()) {
      if (index.get().contains("/")) {
        return iOfN("INJECTOR", index.get());
      }
      if (count.isEmpty()) {
        throw new SettingsException(
            "INJECTOR: set, but INJECTOR_COUNT is not; set INJECTOR_COUNT to the number of"
                + " injectors (or INJECTOR=I/N)");
      }
      return checked("INJECTOR", number("INJECTOR", index.get()), countOf(count.get()));
    }
    Optional<String> jobIndex = source.get(Setting.JOB_COMPLETION_INDEX).map(Value::rawValue);
    if (jobIndex.isPresent()) {
      if (count.isEmpty()) {
        throw new SettingsException(
            "JOB_COMPLETION_INDEX: set (a Kubernetes Indexed Job), but INJECTOR_COUNT is not;"
                + " set INJECTOR_COUNT to the Job's completions");
      }
      return checked(
          "JOB_COMPLETION_INDEX",
          number("JOB_COMPLETION_INDEX", jobIndex.get()) + 1,
          countOf(count.get()));
    }
    if (count.isPresent()) {
      throw new SettingsException(
          "INJECTOR_COUNT: set, but neither INJECTOR nor JOB_COMPLETION_INDEX says which part"
              + " this is; set INJECTOR=I (1.."
              + count.get().strip()
              + ")");
    }
    return new int[] {1, 1};
  }

  private static int[] iOfN(String name, String value) {
    Matcher m = I_OF_N.matcher(value);
    if (!m.matches()) {
      throw SettingChecks.invalid(
          name, value, "is not I/N; use e.g. " + name + "=1/2 for the first of two injectors");
    }
    return checked(name, number(name, m.group(1)), number(name, m.group(2)));
  }

  private static int countOf(String value) {
    return number("INJECTOR_COUNT", value);
  }

  private static int[] checked(String name, int index, int count) {
    if (count < 1 || count > RunPart.MAX_INJECTORS || index < 1 || index > count) {
      throw new SettingsException(
          name
              + ": part "
              + index
              + " of "
              + count
              + " does not exist; the part is 1.."
              + "N with N between 1 and "
              + RunPart.MAX_INJECTORS
              + (name.equals("JOB_COMPLETION_INDEX") ? " (the Job's index is 0-based)" : ""));
    }
    return new int[] {index, count};
  }

  private static int number(String name, String value) {
    try {
      return Integer.parseInt(value.strip());
    } catch (NumberFormatException e) {
      throw SettingChecks.invalid(name, value, "is not a whole number; use e.g. 1");
    }
  }
}
