package dev.ttftgap.record;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import java.util.function.Function;

/**
 * What the code enums of a record ({@link Outcome}, {@link RequestPhase}, {@link FailureReason})
 * share: each constant is written in {@code records.jsonl} as its code, its name in lower case
 * ({@code HTTP_STATUS} → {@code "http_status"}), and read back by {@link #find}.
 */
public interface RecordCode {
  /** The constant's name, as {@link Enum#name()} gives it. */
  String name();

  /** The code as written in {@code records.jsonl}: the constant's name in lower case. */
  @JsonValue
  default String code() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The constant of {@code values} whose code is {@code code}.
   *
   * @throws IllegalArgumentException with {@code complaint}'s line when there is none
   */
  static <E extends Enum<E> & RecordCode> E find(
      E[] values, String code, Function<String, String> complaint) {
    for (E value : values) {
      if (value.code().equals(code)) {
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
