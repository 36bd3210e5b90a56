package dev.ttftgap.stream;

/** Whitespace around a region of a string, found without copying it. */
public final class Blanks {
  private Blanks() {}

  /** The first index at or after {@code from} that is not whitespace (or the length). */
  public static int skip(String s, int from) {
    int i = from;
    while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
      i++;
    }
    return i;
  }

  /** The end of {@code [start, end)} without its trailing whitespace. */
  public static int trimEnd(String s, int start, int end) {
    int i = end;
    while (i > start && Character.isWhitespace(s.charAt(i - 1))) {
      i--;
    }
    return i;
  }
}
