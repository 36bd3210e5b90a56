package dev.ttftgap.stream;

/**
 * One dispatched server-sent event.
 *
 * @param event the {@code event:} field of this event, or null when it had none (a "message")
 * @param data the {@code data:} lines of this event joined with {@code \n}
 * @param id the {@code id:} field of this event, or null when it had none
 * @param retry the {@code retry:} field of this event in milliseconds, or null when it had none (or
 *     one that was not all ASCII digits)
 */
public record SseEvent(String event, String data, String id, Long retry) {

  /** An event with only data, the usual shape of a chat-completion chunk. */
  public static SseEvent data(String data) {
    return new SseEvent(null, data, null, null);
  }
}
