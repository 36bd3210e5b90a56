package dev.ttftgap.gatling;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * An HTTP/1.1 message read off a socket in the pieces it came in, for {@link FaultProxy}: its head
 * (up to the blank line), then its body as raw pieces (a whole chunk with its framing, or a run of
 * bytes), counting the SSE events ({@code \n\n}) the pieces carried. Test code only.
 */
final class HttpPieces {
  private static final int PIECE = 8192;

  private final InputStream in;
  private final String head;
  private final boolean chunked;
  private long remaining;
  private boolean done;
  private int events;
  private int newlines;

  private HttpPieces(InputStream in, byte[] head) {
    this.in = in;
    this.head = new String(head, StandardCharsets.ISO_8859_1);
    this.chunked = header("transfer-encoding").toLowerCase(Locale.ROOT).contains("chunked");
    String length = header("content-length");
    this.remaining = chunked ? 0 : length.isEmpty() ? Long.MAX_VALUE : Long.parseLong(length);
    this.done = !chunked && remaining == 0;
  }

  /** The message whose head comes next on {@code in}; null when the peer closed first. */
  static HttpPieces read(InputStream in) throws IOException {
    byte[] head = readHead(in);
    return head == null ? null : new HttpPieces(in, head);
  }

  /** The head, blank line included; null when the stream ends before its first byte. */
  static byte[] readHead(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int last4 = 0;
    int b;
    while ((b = in.read()) != -1) {
      head.write(b);
      last4 = (last4 << 8) | b;
      if (last4 == 0x0d0a0d0a) {
        return head.toByteArray();
      }
    }
    if (head.size() == 0) {
      return null;
    }
    throw new EOFException("stream ended inside a message head");
  }

  String head() {
    return head;
  }

  byte[] headBytes() {
    return head.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** The value of header {@code name} (case-insensitive), or "" when absent. */
  String header(String name) {
    for (String line : head.split("\r\n")) {
      int colon = line.indexOf(':');
      if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(name)) {
        return line.substring(colon + 1).trim();
      }
    }
    return "";
  }

  /** The first line: {@code POST /v1/chat/completions HTTP/1.1}. */
  String startLine() {
    return head.substring(0, head.indexOf("\r\n"));
  }

  /** Whether the whole body was read (false when the peer closed inside it). */
  boolean ended() {
    return done;
  }

  /** SSE events (blank-line ends) in the pieces handed out so far. */
  int events() {
    return events;
  }

  /**
   * The next raw piece of the body, framing included; null at the body's end.
   *
   * @throws EOFException when the peer closed inside the body
   */
  byte[] next() throws IOException {
    if (done) {
      return null;
    }
    if (!chunked) {
      byte[] piece = in.readNBytes((int) Math.min(PIECE, remaining));
      if (piece.length == 0) {
        if (remaining != Long.MAX_VALUE) {
          throw new EOFException("body cut short");
        }
        done = true;
        return null;
      }
      remaining -= remaining == Long.MAX_VALUE ? 0 : piece.length;
      done = remaining == 0;
      count(piece, 0, piece.length);
      return piece;
    }
    ByteArrayOutputStream raw = new ByteArrayOutputStream();
    String sizeLine = line(raw);
    int size = Integer.parseInt(sizeLine.split(";")[0].trim(), 16);
    byte[] data = in.readNBytes(size);
    if (data.length < size) {
      throw new EOFException("chunk cut short");
    }
    raw.write(data);
    count(data, 0, data.length);
    if (size == 0) {
      done = true;
      String trailer;
      do {
        trailer = line(raw);
      } while (!trailer.isEmpty());
    } else {
      line(raw);
    }
    return raw.toByteArray();
  }

  /** Reads one CRLF-ended line into {@code raw}; returns it without the CRLF. */
  private String line(ByteArrayOutputStream raw) throws IOException {
    StringBuilder text = new StringBuilder();
    int b;
    while ((b = in.read()) != -1) {
      raw.write(b);
      if (b == '\n') {
        return text.toString().stripTrailing();
      }
      text.append((char) b);
    }
    throw new EOFException("stream ended inside chunk framing");
  }

  private void count(byte[] data, int from, int to) {
    for (int i = from; i < to; i++) {
      if (data[i] == '\n') {
        newlines++;
        if (newlines == 2) {
          events++;
          newlines = 0;
        }
      } else if (data[i] != '\r') {
        newlines = 0;
      }
    }
  }
}
