package dev.ttftgap.config;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The checks of {@link Settings}' values and the one shape of a bad-value message ({@link
 * #invalid}), shared by every typed view of the config package. Each check takes the setting's name
 * as the user spelled it ({@code -Dcapacity.peakRate}, {@code LLM_API_KEY}) and fails with a
 * one-line {@link SettingsException} naming it and the fix.
 */
final class SettingChecks {
  private static final Pattern ENGINE_PROFILE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  private SettingChecks() {}

  static void rejectKeyInProperties(Set<String> propertyNames) {
    for (String name : propertyNames) {
      String squashed = name.toLowerCase(Locale.ROOT).replaceAll("[._-]", "");
      if (squashed.endsWith("apikey")) {
        throw new SettingsException(
            "-D"
                + name
                + ": API keys are read only from the environment (system properties show up in"
                + " process lists and logs); remove -D"
                + name
                + " and export LLM_API_KEY instead");
      }
    }
  }

  static String checkApiKey(String name, String key) {
    // The key is never part of a message, only what is wrong with it.
    String lower = key.strip().toLowerCase(Locale.ROOT);
    if (lower.startsWith("bearer ")) {
      throw new SettingsException(
          name + ": the key starts with \"Bearer \"; set only the key, the header prefix is added");
    }
    String problem = null;
    for (int i = 0; i < key.length() && problem == null; i++) {
      char c = key.charAt(i);
      if (c == '"' || c == '\'') {
        problem = "quotes";
      } else if (c == '\n' || c == '\r') {
        problem = "a newline";
      } else if (Character.isWhitespace(c) || Character.isSpaceChar(c)) {
        problem = "whitespace";
      } else if (c < 0x21 || c > 0x7e) {
        problem = "a non-printable or non-ASCII character";
      }
    }
    if (problem != null) {
      throw new SettingsException(
          name
              + ": the key contains "
              + problem
              + "; remove the quotes/newline/spaces around it (e.g. export "
              + name
              + "=sk-...)");
    }
    return key;
  }

  static String checkModel(String name, String model) {
    if (!model.equals(model.strip()) || model.chars().anyMatch(Character::isISOControl)) {
      throw invalid(
          name,
          model,
          "has surrounding whitespace or control characters; set the exact model id (ids"
              + " are case-sensitive)");
    }
    return model;
  }

  static String checkEngineProfile(String name, String value) {
    if (!ENGINE_PROFILE_NAME.matcher(value).matches()) {
      throw invalid(
          name,
          value,
          "is not a profile name; use letters, digits, '.', '_' or '-', like "
              + Settings.DEFAULT_ENGINE_PROFILE);
    }
    return value;
  }

  static String checkHeaderMode(String name, String value) {
    if (!Settings.ENGINE_HEADER_MODES.contains(value)) {
      throw invalid(
          name, value, "is not a header mode; use at-accept, with-first-token or buffered");
    }
    return value;
  }

  static boolean parseConnections(String name, String value) {
    return switch (value) {
      case "shared" -> false;
      case "per-user" -> true;
      default -> throw invalid(name, value, "is not a connection mode; use shared or per-user");
    };
  }

  static boolean parseBoolean(String name, String value) {
    if (value.equalsIgnoreCase("true")) {
      return true;
    }
    if (value.equalsIgnoreCase("false")) {
      return false;
    }
    throw invalid(name, value, "is not a boolean; use true or false");
  }

  static Path parseRecordsDir(String name, String value) {
    Path path = parsePath(name, value, "a directory path like target/records");
    if (Files.exists(path) && !Files.isDirectory(path)) {
      throw invalid(name, value, "is a file, not a directory; name a directory");
    }
    return path;
  }

  static double parsePeakRate(String name, String value) {
    double rate;
    try {
      rate = Double.parseDouble(value);
    } catch (NumberFormatException e) {
      rate = Double.NaN;
    }
    if (!(rate > 0) || Double.isInfinite(rate)) {
      throw invalid(
          name,
          value,
          "is not a rate; use a number > 0 in requests/s, like -Dcapacity.peakRate=50");
    }
    return rate;
  }

  static Path parseBaseline(String name, String value) {
    Path path = parsePath(name, value, "the path of a previous run's capacity.json");
    if (!Files.isRegularFile(path)) {
      throw invalid(
          name, value, "does not exist or is not a file; name a previous run's capacity.json");
    }
    return path;
  }

  private static Path parsePath(String name, String value, String expected) {
    try {
      return Path.of(value);
    } catch (InvalidPathException e) {
      throw invalid(name, value, "is not a valid path; use " + expected);
    }
  }

  /** {@code name: "value" problem}: the one shape of a bad-value message, value quoted safely. */
  static SettingsException invalid(String name, String value, String problem) {
    return new SettingsException(name + ": " + quoteForMessage(value) + " " + problem);
  }

  /** The value in quotes, control characters escaped so the message stays on one line. */
  private static String quoteForMessage(String value) {
    String shortened = value.length() > 120 ? value.substring(0, 120) + "…" : value;
    StringBuilder quoted = new StringBuilder("\"");
    for (char c : shortened.toCharArray()) {
      if (c == '\n') {
        quoted.append("\\n");
      } else if (c == '\r') {
        quoted.append("\\r");
      } else if (c == '\t') {
        quoted.append("\\t");
      } else if (Character.isISOControl(c)) {
        quoted.append(String.format("\\u%04x", (int) c));
      } else {
        quoted.append(c);
      }
    }
    return quoted.append('"').toString();
  }
}
