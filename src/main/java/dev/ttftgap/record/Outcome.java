package dev.ttftgap.record;

import com.fasterxml.jackson.annotation.JsonCreator;

/** How a request ended, written as {@link #code()}: {@code "ok"} or {@code "ko"}. */
public enum Outcome implements RecordCode {
  /** The stream ended cleanly with content: its timings count. */
  OK,
  /** The request failed; the record's {@code reason} says why. */
  KO;

  /**
   * The outcome written as {@code code}.
   *
   * @throws IllegalArgumentException naming the field and the two codes when {@code code} is
   *     neither
   */
  @JsonCreator
  public static Outcome fromCode(String code) {
    return RecordCode.find(values(), code, got -> mismatch(code));
  }

  /** The one-line complaint about an outcome that is not {@code "ok"} or {@code "ko"}. */
  static String mismatch(String code) {
    return "outcome must be \"ok\" or \"ko\", got " + RecordCode.quote(code);
  }
}
