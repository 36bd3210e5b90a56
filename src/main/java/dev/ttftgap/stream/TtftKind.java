package dev.ttftgap.stream;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Which first output a run's TTFT is: the first output of any kind (the default), or the first of
 * one kind. A reasoning model's user sees the answer only at its first {@link #CONTENT} token; an
 * agent's tool loop can go on at the first {@link #TOOL_CALL}. Every record carries each kind that
 * occurred whatever this says; it decides only which one is {@code ttftMillis} (and so the gap).
 */
public enum TtftKind {
  ANY("any"),
  CONTENT("content"),
  REASONING("reasoning"),
  TOOL_CALL("toolCall");

  private final String id;

  TtftKind(String id) {
    this.id = id;
  }

  /** The name used in profiles and settings: {@code any}, {@code content}, … */
  public String id() {
    return id;
  }

  /**
   * The kind named {@code value} (exact, surrounding blanks ignored).
   *
   * @throws IllegalArgumentException naming the valid values
   */
  public static TtftKind parse(String value) {
    String wanted = value == null ? "" : value.strip();
    for (TtftKind kind : values()) {
      if (kind.id.equals(wanted)) {
        return kind;
      }
    }
    throw new IllegalArgumentException(
        "unknown first-token kind \""
            + value
            + "\", use one of "
            + Arrays.stream(values()).map(TtftKind::id).collect(Collectors.joining(", ")));
  }

  @Override
  public String toString() {
    return id;
  }
}
