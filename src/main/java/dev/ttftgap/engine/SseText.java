package dev.ttftgap.engine;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import java.nio.charset.StandardCharsets;

/**
 * SSE events built as text, for the grammars whose events have an {@code event:} line (Responses,
 * Messages): events are appended to one builder and leave as one buffer, so a token that also opens
 * a block is still one write.
 */
final class SseText {
  private final StringBuilder text = new StringBuilder(128);

  /** Appends {@code event: name} and {@code data: json}. */
  SseText event(String name, String json) {
    text.append("event: ").append(name).append('\n');
    return data(json);
  }

  /** Appends a {@code data:} line (and the blank line ending the event). */
  SseText data(String json) {
    return field("data", json);
  }

  /** Appends a line of field {@code name} (and the blank line ending the event). */
  SseText field(String name, String value) {
    text.append(name).append(": ").append(value).append("\n\n");
    return this;
  }

  boolean isEmpty() {
    return text.length() == 0;
  }

  /** The events so far, UTF-8; the builder is emptied. */
  ByteBuf take(ByteBufAllocator alloc) {
    ByteBuf buf = ByteBufUtil.writeUtf8(alloc, text);
    text.setLength(0);
    return buf;
  }

  /** {@code value} as a JSON string literal, quotes included. */
  static String quote(String value) {
    return '"' + new String(JsonStringEncoder.getInstance().quoteAsString(value)) + '"';
  }

  /** A token's word (JSON-safe, see {@link WordList}) as a JSON string literal. */
  static String quote(byte[] word) {
    return '"' + new String(word, StandardCharsets.UTF_8) + '"';
  }
}
