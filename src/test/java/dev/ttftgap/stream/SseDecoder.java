package dev.ttftgap.stream;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Decodes a {@code text/event-stream} body delivered in byte chunks of any size into events: the
 * tests' reference decoder, to turn sample streams into the {@link SseEvent}s Gatling would hand
 * the glue. Production code decodes no SSE with it: Gatling decodes SSE itself during a run, and
 * the preflight's {@code SseRecorder} splits its probe's {@code data:} lines itself.
 *
 * <p><b>Algorithm overview.</b> Follows the WHATWG event-stream rules. Lines are split on the raw
 * bytes ({@code \r\n}, {@code \n} or {@code \r}; a {@code \r} at the end of one chunk and a {@code
 * \n} at the start of the next are one line end), and each complete line is decoded as UTF-8 on its
 * own. Line terminators are ASCII and never occur inside a multi-byte UTF-8 sequence, so a
 * character split across chunks is always whole by the time its line is decoded. Then, per line:
 * empty → dispatch the event if it has data; {@code :...} → comment, ignored; {@code field:value}
 * (one leading space of the value dropped) or {@code field} alone (empty value); fields {@code
 * data} (appended, lines joined with {@code \n}), {@code event}, {@code id} (ignored if it contains
 * NUL) and {@code retry} (ignored unless all ASCII digits); other fields ignored. A leading UTF-8
 * byte-order mark is dropped.
 *
 * <p><b>Assumptions.</b> {@link SseEvent#id()} and {@link SseEvent#retry()} are the fields sent
 * within that event (as Gatling reports them), not the stream's "last event id". An event block
 * without data is not dispatched, as browsers do; its fields are discarded. Invalid UTF-8 becomes
 * U+FFFD.
 *
 * <p>Not thread-safe: one decoder per stream.
 */
public final class SseDecoder {
  private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

  private byte[] line = new byte[256];
  private int lineLength;
  private boolean afterCr;
  private int bomChecked;
  private StringBuilder data;
  private String event;
  private String id;
  private Long retry;

  /** Feeds the next bytes of the body; returns the events they completed, in order. */
  public List<SseEvent> feed(byte[] bytes) {
    return feed(bytes, 0, bytes.length);
  }

  /** Feeds {@code length} bytes of {@code bytes} from {@code offset}. */
  public List<SseEvent> feed(byte[] bytes, int offset, int length) {
    List<SseEvent> events = new ArrayList<>(2);
    for (int i = offset; i < offset + length; i++) {
      accept(bytes[i], events);
    }
    return events;
  }

  /** Feeds the remaining bytes of {@code buffer}, consuming them. */
  public List<SseEvent> feed(ByteBuffer buffer) {
    List<SseEvent> events = new ArrayList<>(2);
    while (buffer.hasRemaining()) {
      accept(buffer.get(), events);
    }
    return events;
  }

  /**
   * Ends the stream. An event not yet terminated by an empty line is discarded (the SSE rule);
   * returns whether there was one, i.e. whether the body ended mid-event.
   */
  public boolean finish() {
    boolean partial = data != null || lineLength > 0;
    lineLength = 0;
    afterCr = false;
    resetEvent();
    return partial;
  }

  private void accept(byte b, List<SseEvent> events) {
    if (bomChecked < BOM.length) {
      if (b == BOM[bomChecked]) {
        bomChecked++;
        if (bomChecked == BOM.length) {
          lineLength = 0; // the BOM's first bytes, kept in case it was not one
        } else {
          append(b);
        }
        return;
      }
      bomChecked = BOM.length;
    }
    if (b == '\n') {
      if (afterCr) {
        afterCr = false;
        return;
      }
      endLine(events);
    } else if (b == '\r') {
      afterCr = true;
      endLine(events);
    } else {
      afterCr = false;
      append(b);
    }
  }

  private void append(byte b) {
    if (lineLength == line.length) {
      line = Arrays.copyOf(line, line.length * 2);
    }
    line[lineLength++] = b;
  }

  private void endLine(List<SseEvent> events) {
    int length = lineLength;
    lineLength = 0;
    if (length == 0) {
      dispatch(events);
      return;
    }
    if (line[0] == ':') {
      return;
    }
    int colon = indexOf(line, length, (byte) ':');
    String field;
    String value;
    if (colon < 0) {
      field = new String(line, 0, length, StandardCharsets.UTF_8);
      value = "";
    } else {
      field = new String(line, 0, colon, StandardCharsets.UTF_8);
      int valueStart = colon + 1;
      if (valueStart < length && line[valueStart] == ' ') {
        valueStart++;
      }
      value = new String(line, valueStart, length - valueStart, StandardCharsets.UTF_8);
    }
    switch (field) {
      case "data" -> {
        if (data == null) {
          data = new StringBuilder(value.length());
        } else {
          data.append('\n');
        }
        data.append(value);
      }
      case "event" -> event = value;
      case "id" -> {
        if (value.indexOf('\0') < 0) {
          id = value;
        }
      }
      case "retry" -> {
        if (!value.isEmpty() && value.length() <= 18 && value.chars().allMatch(SseDecoder::digit)) {
          retry = Long.parseLong(value);
        }
      }
      default -> {}
    }
  }

  private void dispatch(List<SseEvent> events) {
    if (data != null) {
      events.add(new SseEvent(event, data.toString(), id, retry));
    }
    resetEvent();
  }

  private void resetEvent() {
    data = null;
    event = null;
    id = null;
    retry = null;
  }

  private static boolean digit(int c) {
    return c >= '0' && c <= '9';
  }

  private static int indexOf(byte[] bytes, int length, byte b) {
    for (int i = 0; i < length; i++) {
      if (bytes[i] == b) {
        return i;
      }
    }
    return -1;
  }
}
