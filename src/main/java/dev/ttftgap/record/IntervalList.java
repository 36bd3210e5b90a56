package dev.ttftgap.record;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.RandomAccess;

/**
 * An immutable list of whole-millisecond intervals (a stream's ITLs) stored in the narrowest
 * primitive array that holds them: one byte an interval when all are 0–255 ms, which is what a
 * decoding stream's intervals nearly always are, two bytes up to 65,535 ms, else a {@code long}. An
 * hour of streams is millions of records with hundreds of intervals each; a boxed list costs 4–20
 * bytes an interval, this one 1.
 *
 * <pre>
 * List&lt;Long&gt; itl = IntervalList.of(List.of(12L, 11L, 2400L)); // two bytes an interval
 * </pre>
 *
 * <p>Null elements and negative intervals (which no stream has, but a hand-written record may) are
 * kept as they are, in a plain immutable copy.
 */
public final class IntervalList extends AbstractList<Long> implements RandomAccess {
  private static final int BYTE_MAX = 0xFF;
  private static final int CHAR_MAX = 0xFFFF;

  private final byte[] bytes;
  private final char[] chars;
  private final long[] longs;
  private final int size;

  private IntervalList(byte[] bytes, char[] chars, long[] longs, int size) {
    this.bytes = bytes;
    this.chars = chars;
    this.longs = longs;
    this.size = size;
  }

  /** {@code intervals} in the narrowest form that holds them; null stays null. */
  public static List<Long> of(List<Long> intervals) {
    if (intervals == null || intervals instanceof IntervalList) {
      return intervals;
    }
    int n = intervals.size();
    long[] values = new long[n];
    long max = 0;
    int i = 0;
    for (Long interval : intervals) {
      if (interval == null || interval < 0) {
        return Collections.unmodifiableList(new ArrayList<>(intervals));
      }
      values[i++] = interval;
      max = Math.max(max, interval);
    }
    if (max <= BYTE_MAX) {
      byte[] narrow = new byte[n];
      for (int k = 0; k < n; k++) {
        narrow[k] = (byte) values[k];
      }
      return new IntervalList(narrow, null, null, n);
    }
    if (max <= CHAR_MAX) {
      char[] narrow = new char[n];
      for (int k = 0; k < n; k++) {
        narrow[k] = (char) values[k];
      }
      return new IntervalList(null, narrow, null, n);
    }
    return new IntervalList(null, null, values, n);
  }

  @Override
  public Long get(int index) {
    if (index < 0 || index >= size) {
      throw new IndexOutOfBoundsException("index " + index + " of " + size + " intervals");
    }
    if (bytes != null) {
      return (long) (bytes[index] & BYTE_MAX);
    }
    if (chars != null) {
      return (long) chars[index];
    }
    return longs[index];
  }

  @Override
  public int size() {
    return size;
  }
}
