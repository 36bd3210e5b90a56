package dev.ttftgap.record;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** How a request ended, written as {@link #code()}: {@code "ok"} or {@code "ko"}. */
public enum Outcome {
  /** The stream ended cleanly with content: its timings count. */
  OK("ok"),
  /** The request failed; the record's {@code reason} says why. */
  KO("ko");

  private final String code;

  Outcome(String code) {
    this.code = code;
  }

  /** The code as written in {@code records.jsonl}. */
  @JsonValue
  public String code() {
    return code;
  }

  /**
   * The outcome written as {@code code}.
   *
   * @throws IllegalArgumentException naming the field and the two codes when {@code code} is
   *     neither
   */
  @JsonCreator
  public static Outcome fromCode(String code) {
    return Codes.find(values(), Outcome::code, code, got -> mismatch(code));
  }

  /** The one-line complaint about an outcome that is not {@code "ok"} or {@code "ko"}. */
  static String mismatch(String code) {
    return "outcome must be \"ok\" or \"ko\", got " + Codes.quote(code);
  }
}
