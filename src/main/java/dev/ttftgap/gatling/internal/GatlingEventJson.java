package dev.ttftgap.gatling.internal;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import dev.ttftgap.stream.SseEvent;

/**
 * Renders an event the way Gatling 3.15.1 hands it to SSE checks ({@code
 * io.gatling.http.action.sse.fsm.ServerSentEvent#asJsonString}, read from the 3.15.1 bytecode):
 * fields event, id, data, retry in that order, absent ones left out; event and id unescaped; data
 * raw when it starts with <code>{</code> and ends with <code>}</code> (or {@code [} and {@code ]}),
 * else as an escaped JSON string. The one test helper that builds such events.
 */
public final class GatlingEventJson {
  /** The end of a stream as Gatling hands it over: {@code [DONE]} embedded raw, not JSON. */
  public static final String DONE = "{\"data\":[DONE]}";

  private GatlingEventJson() {}

  /** The event Gatling makes of a {@code data:} line alone. */
  public static String of(String data) {
    return of(SseEvent.data(data));
  }

  /** The event Gatling makes of a whole SSE event. */
  public static String of(SseEvent event) {
    StringBuilder sb = new StringBuilder("{");
    if (event.event() != null) {
      sb.append("\"event\":\"").append(event.event()).append("\",");
    }
    if (event.id() != null) {
      sb.append("\"id\":\"").append(event.id()).append("\",");
    }
    String data = event.data();
    if (data != null) {
      sb.append("\"data\":");
      int n = data.length();
      boolean raw =
          n > 1
              && ((data.charAt(0) == '{' && data.charAt(n - 1) == '}')
                  || (data.charAt(0) == '[' && data.charAt(n - 1) == ']'));
      if (raw) {
        sb.append(data);
      } else {
        sb.append('"').append(JsonStringEncoder.getInstance().quoteAsString(data)).append('"');
      }
      sb.append(',');
    }
    if (event.retry() != null) {
      sb.append("\"retry\":").append(event.retry()).append(',');
    }
    sb.setLength(sb.length() - 1);
    return sb.append('}').toString();
  }
}
