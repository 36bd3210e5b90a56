package dev.ttftgap.gatling;

import static io.gatling.javaapi.core.CoreDsl.*;
import static io.gatling.javaapi.http.HttpDsl.*;

import dev.ttftgap.gatling.internal.GatlingInternals;
import dev.ttftgap.gatling.internal.GatlingSseEvent;
import dev.ttftgap.measure.EventLog;
import dev.ttftgap.measure.RowNames;
import dev.ttftgap.measure.StreamVerdicts;
import dev.ttftgap.stream.Api;
import dev.ttftgap.stream.Chunk;
import dev.ttftgap.stream.TtftKind;
import io.gatling.javaapi.core.CheckBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.SseMessageCheck;
import java.util.function.BiPredicate;

/**
 * The two SSE checks of {@link ChatRequestChain}: the first-token check (the gap row: headers → the
 * first output of the run's kind) and the end-of-stream check (the decode row), each logging every
 * event it sees, classified with the request's API's grammar. Apart from the chain so that the one
 * place each event is read, per API, is small.
 */
final class StreamChecks {
  private StreamChecks() {}

  /**
   * Matching sees every event of the stream, once, as it arrives: the place to log it (Gatling's
   * clock, classified chunk), so that Gatling's unmatched buffer can stay empty. Returns the log:
   * the one session read per event.
   */
  private static EventLog logged(Api api, String event, Session session) {
    long nanos = System.nanoTime();
    EventLog events = session.get(ChatRequestChain.EVENTS);
    events.add(GatlingInternals.nowMillis(), nanos, classify(api, event));
    return events;
  }

  static SseMessageCheck firstToken(Api api, TtftKind kind) {
    return sse.checkMessage(RowNames.GAP)
        .matching(
            loggedUntil(api, (chunk, events) -> StreamVerdicts.endsFirstTokenWait(chunk, kind)))
        .check(
            bodyString()
                .transform(event -> StreamVerdicts.firstToken(classify(api, event), kind))
                .is(StreamVerdicts.PASS));
  }

  static SseMessageCheck endOfStream(Api api) {
    return sse.checkMessage(RowNames.DECODE)
        .matching(
            loggedUntil(
                api, (chunk, events) -> StreamVerdicts.endsStream(chunk, events.firstTokenId())))
        .check(
            bodyString()
                .transformWithSession(
                    (event, session) ->
                        StreamVerdicts.end(
                            classify(api, event),
                            session.<EventLog>get(ChatRequestChain.EVENTS).firstTokenId()))
                .is(StreamVerdicts.PASS));
  }

  /**
   * The matching of both checks: logs every event ({@link #logged}), and matches the one that
   * {@code ends} (given the event and the stream's log) says ends this check's wait, so that the
   * two checks differ only in what ends it.
   */
  private static CheckBuilder.Final loggedUntil(Api api, BiPredicate<Chunk, EventLog> ends) {
    return bodyString()
        .transformWithSession(
            (event, session) -> ends.test(classify(api, event), logged(api, event, session)))
        .is(true);
  }

  /** One event of {@code api}'s stream, classified with that API's grammar. */
  private static Chunk classify(Api api, String event) {
    return GatlingSseEvent.classify(api, event);
  }
}
