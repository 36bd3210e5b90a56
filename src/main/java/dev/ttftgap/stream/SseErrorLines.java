package dev.ttftgap.stream;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Finds the first {@code error:} line in the raw bytes of an SSE body. llama.cpp reports a failure
 * in the middle of a 200 stream as {@code error: {"code":500,...}}, which is no field of the SSE
 * standard: Gatling's decoder keeps only {@code event}, {@code data}, {@code id} and {@code retry}
 * and drops it, so without this scan the stream would just end.
 *
 * <p>Fed byte by byte ({@link #next}) or by slices ({@link #feed}), in arrival order; lines may be
 * split anywhere, inside a UTF-8 character or between the CR and LF of a CRLF (CR, LF and CRLF all
 * end a line). Cheap on the hot path: a few comparisons per byte and no allocation unless a line
 * starts with {@code error:}. The value is the rest of that line (one leading space dropped, as for
 * every SSE field), decoded as UTF-8 once the line ends ({@link #finish} at the end of the body
 * returns a last line without a line end), at most {@value #MAX_VALUE_BYTES} bytes of it.
 *
 * <p>Not thread-safe: one scanner per response.
 */
public final class SseErrorLines {
  static final int MAX_VALUE_BYTES = 4096;
  private static final byte[] FIELD = "error:".getBytes(StandardCharsets.US_ASCII);
  private static final int NOT_THIS_LINE = -1;
  private static final int IN_VALUE = FIELD.length;

  /** Bytes of {@code error:} matched on this line so far; NOT_THIS_LINE or IN_VALUE. */
  private int matched;

  private boolean valueStarted;
  private ByteArrayOutputStream value;
  private String found;

  /**
   * Takes the next byte of the body; returns false once an {@code error:} line has ended (then
   * {@link #found()} has its value and later bytes are ignored), else true.
   */
  public boolean next(byte b) {
    if (found != null) {
      return false;
    }
    if (b == '\n' || b == '\r') {
      if (matched == IN_VALUE) {
        found = decode();
        return false;
      }
      matched = 0;
      return true;
    }
    if (matched == IN_VALUE) {
      collect(b);
    } else if (matched != NOT_THIS_LINE) {
      matched = b == FIELD[matched] ? matched + 1 : NOT_THIS_LINE;
      if (matched == IN_VALUE) {
        value = new ByteArrayOutputStream();
        valueStarted = false;
      }
    }
    return true;
  }

  /**
   * Whether the bytes up to the next line end cannot matter: this line is known not to be an {@code
   * error:} line (or the value was found). A caller holding the body in a buffer may then jump to
   * the next CR or LF and feed from there, instead of feeding each byte.
   */
  public boolean skippingLine() {
    return matched == NOT_THIS_LINE || found != null;
  }

  /** Feeds {@code bytes[from, to)}; returns the value once found, else null. */
  public String feed(byte[] bytes, int from, int to) {
    for (int i = from; i < to && next(bytes[i]); i++) {
      // the scan is in next()
    }
    return found;
  }

  /** The body ended: the value of an {@code error:} line cut off by the end, or the one found. */
  public String finish() {
    if (found == null && matched == IN_VALUE) {
      found = decode();
    }
    return found;
  }

  /** The first {@code error:} line's value, or null while none has ended. */
  public String found() {
    return found;
  }

  private void collect(byte b) {
    if (!valueStarted) {
      valueStarted = true;
      if (b == ' ') {
        return;
      }
    }
    if (value.size() < MAX_VALUE_BYTES) {
      value.write(b);
    }
  }

  private String decode() {
    return new String(value.toByteArray(), StandardCharsets.UTF_8);
  }
}
