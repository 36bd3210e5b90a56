package dev.ttftgap.gatling.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.ttftgap.stream.Api;
import dev.ttftgap.stream.Blanks;
import dev.ttftgap.stream.Chunk;
import dev.ttftgap.stream.ChunkClassifier;
import java.io.IOException;

/**
 * The one place that knows how Gatling 3.15 hands an SSE event to checks, pinned with {@link
 * GatlingInternals#PINNED_GATLING_VERSION} ({@code GatlingInternalsTest} fails on another version).
 *
 * <p>Gatling renders each event as a string {@code {"event":..,"id":..,"data":..,"retry":..}}
 * (absent fields left out, in that order; {@code io.gatling.http.action.sse.fsm.ServerSentEvent
 * #asJsonString}, read from the 3.15.1 bytecode) whose {@code data} is embedded raw when it starts
 * with <code>{</code> and ends with <code>}</code> (or {@code [} and {@code ]}), else as a JSON
 * string. Gatling embeds {@code [DONE]} raw too, giving {@code {"data":[DONE]}}, which is not JSON;
 * and it writes {@code event} and {@code id} unescaped. So the envelope is not parsed: the data
 * value is cut out by position (after the first {@code "data":}, up to the closing brace or to a
 * trailing {@code ,"retry":<digits>}) and handed with the event name (cut out of the leading <code>
 * {"event":"name",</code>) to {@link ChunkClassifier#classify(Api, String, String)}, which knows
 * nothing of Gatling.
 *
 * <p>Cost (the checks run on Gatling's event loop, once per event of every stream): the last event
 * classified on a thread is remembered, so logging an event, a check's matching and its checks,
 * which receive the same event string one after the other, classify it once; a raw data value is
 * parsed where it lies in the envelope, without a string of its own.
 */
public final class GatlingSseEvent {
  private static final JsonFactory JSON = JsonFactory.builder().build();
  private static final ThreadLocal<LastEvent> LAST = ThreadLocal.withInitial(LastEvent::new);

  /** The last event classified on this thread, by identity: strings are immutable. */
  private static final class LastEvent {
    String event;
    Api api;
    Chunk chunk;
  }

  private static final String EVENT_KEY = "{\"event\":\"";

  private GatlingSseEvent() {}

  /**
   * The chunk of one event as Gatling renders it (classified once per event on this thread, then
   * reused). Never throws: an event without usable data is a {@code MALFORMED} chunk saying why.
   */
  public static Chunk classify(String eventJson) {
    return classify(Api.CHAT, eventJson);
  }

  /**
   * The chunk of one event of a stream of {@code api}, as Gatling renders it, classified with its
   * {@code event} name (classified once per event and API on this thread, then reused). Never
   * throws.
   */
  public static Chunk classify(Api api, String eventJson) {
    LastEvent last = LAST.get();
    if (last.event != eventJson || last.api != api || eventJson == null) {
      last.chunk = unwrapAndClassify(api, eventJson);
      last.event = eventJson;
      last.api = api;
    }
    return last.chunk;
  }

  /** {@link #unwrapAndClassify(Api, String)} of a chat stream. */
  public static Chunk unwrapAndClassify(String json) {
    return unwrapAndClassify(Api.CHAT, json);
  }

  /**
   * {@link #classify} without the cache: cuts the event name and the data value out of the envelope
   * and classifies them (for benchmarks, which must not measure a remembered chunk).
   */
  public static Chunk unwrapAndClassify(Api api, String json) {
    if (json == null) {
      return Chunk.malformed("no event", "");
    }
    int start = dataValueStart(json);
    if (start < 0) {
      return Chunk.malformed("Gatling event without \"data\"", json);
    }
    int end = dataValueEnd(json, start);
    if (end <= start) {
      return Chunk.malformed("Gatling event with an empty or unterminated \"data\"", json);
    }
    if (json.charAt(start) != '"') {
      // embedded raw: a JSON object or array, or [DONE]; parsed where it lies
      return ChunkClassifier.classify(api, eventName(json), json, start, end);
    }
    try (JsonParser parser = JSON.createParser(json.substring(start, end))) {
      if (parser.nextToken() == JsonToken.VALUE_STRING) {
        String data = parser.getText();
        if (parser.nextToken() == null) {
          return ChunkClassifier.classify(api, eventName(json), data);
        }
      }
      return Chunk.malformed("Gatling event with a broken \"data\" string", json);
    } catch (IOException e) {
      return Chunk.malformed("Gatling event with a broken \"data\" string", json);
    }
  }

  /**
   * The {@code event} name: Gatling writes it first and unescaped, <code>{"event":"name",</code>;
   * null when the envelope does not start so (a plain "message" event).
   */
  static String eventName(String json) {
    if (!json.startsWith(EVENT_KEY)) {
      return null;
    }
    int close = json.indexOf('"', EVENT_KEY.length());
    return close < 0 ? null : json.substring(EVENT_KEY.length(), close);
  }

  /** Index of the first non-blank character after the first {@code "data"} key, or -1. */
  private static int dataValueStart(String json) {
    int from = 0;
    while (true) {
      int key = json.indexOf("\"data\"", from);
      if (key < 0) {
        return -1;
      }
      int i = Blanks.skip(json, key + 6);
      if (i < json.length() && json.charAt(i) == ':') {
        return Blanks.skip(json, i + 1);
      }
      from = key + 1;
    }
  }

  /** Exclusive end of the data value: before {@code ,"retry":<digits>}} or the closing brace. */
  private static int dataValueEnd(String json, int start) {
    int close = json.length() - 1;
    while (close > start && Character.isWhitespace(json.charAt(close))) {
      close--;
    }
    if (close <= start || json.charAt(close) != '}') {
      return -1;
    }
    int retry = json.lastIndexOf(",\"retry\":");
    if (retry > start && retry + 9 < close) {
      boolean digits = true;
      for (int i = retry + 9; i < close && digits; i++) {
        digits = json.charAt(i) >= '0' && json.charAt(i) <= '9';
      }
      if (digits) {
        return Blanks.trimEnd(json, start, retry);
      }
    }
    return Blanks.trimEnd(json, start, close);
  }
}
