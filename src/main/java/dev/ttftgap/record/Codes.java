package dev.ttftgap.record;

import java.util.function.Function;

/** What the code enums of a record share: finding a constant by its code, and their wording. */
final class Codes {
  private Codes() {}

  /**
   * The constant of {@code values} whose code is {@code code}.
   *
   * @throws IllegalArgumentException with {@code complaint}'s line when there is none
   */
  static <E extends Enum<E>> E find(
      E[] values, Function<E, String> codeOf, String code, Function<String, String> complaint) {
    for (E value : values) {
      if (codeOf.apply(value).equals(code)) {
        return value;
      }
    }
    throw new IllegalArgumentException(complaint.apply(quote(code)));
  }

  /** {@code "x"} in quotes, or {@code nothing} for null. */
  static String quote(String code) {
    return code == null ? "nothing" : "\"" + code + "\"";
  }
}
