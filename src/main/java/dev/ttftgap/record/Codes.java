package dev.ttftgap.record;

/** Wording shared by the codes' error messages. */
final class Codes {
  private Codes() {}

  /** {@code "x"} in quotes, or {@code nothing} for null. */
  static String quote(String code) {
    return code == null ? "nothing" : "\"" + code + "\"";
  }
}
