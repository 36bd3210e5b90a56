package dev.ttftgap.preflight;

import java.util.Optional;

/** Local checks on an API key's shape, and its masked form for messages. Never returns the key. */
final class ApiKeyShape {
  private ApiKeyShape() {}

  /** What is wrong with the key's shape, phrased to follow "the API key ..."; empty if fine. */
  static Optional<String> problem(String key) {
    if (key.isEmpty()) {
      return Optional.of("is set but empty");
    }
    if (key.indexOf('\n') >= 0 || key.indexOf('\r') >= 0) {
      return Optional.of("contains a line break (often a trailing newline read from a file)");
    }
    if (key.indexOf('"') >= 0 || key.indexOf('\'') >= 0 || key.indexOf('`') >= 0) {
      return Optional.of("contains quote characters (some .env loaders keep the quotes)");
    }
    if (!key.equals(key.strip())) {
      return Optional.of("has leading or trailing whitespace");
    }
    if (key.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return Optional.of("starts with \"Bearer \" (the tool adds that prefix itself)");
    }
    if (key.chars().anyMatch(Character::isWhitespace)) {
      return Optional.of("contains whitespace");
    }
    if (key.chars().anyMatch(c -> c < 0x21 || c > 0x7e)) {
      return Optional.of("contains a non-printable or non-ASCII character");
    }
    return Optional.empty();
  }

  /**
   * At most the first 3 and last 4 characters of the key with quotes and whitespace removed, e.g.
   * {@code sk-…abcd}; keys shorter than 12 characters show only their length.
   */
  static String mask(String key) {
    String clean = key.replaceAll("[\\s\"'`]", "");
    if (clean.length() < 12) {
      return "(" + clean.length() + " characters)";
    }
    return clean.substring(0, 3) + "…" + clean.substring(clean.length() - 4);
  }
}
