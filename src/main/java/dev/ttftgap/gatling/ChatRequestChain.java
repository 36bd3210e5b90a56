package dev.ttftgap.gatling;

import static io.gatling.javaapi.core.CoreDsl.*;
import static io.gatling.javaapi.http.HttpDsl.*;

import dev.ttftgap.gatling.internal.ErrorBodyCapture;
import dev.ttftgap.gatling.internal.GatlingInternals;
import dev.ttftgap.measure.ConnectionEstimator;
import dev.ttftgap.measure.EventLog;
import dev.ttftgap.measure.ObservedRow;
import dev.ttftgap.measure.RecordAssembler;
import dev.ttftgap.measure.RequestContext;
import dev.ttftgap.measure.RowNames;
import dev.ttftgap.record.FailureReason;
import dev.ttftgap.record.RecordWriter;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.stream.Api;
import dev.ttftgap.stream.StreamAnswer;
import dev.ttftgap.stream.TtftKind;
import io.gatling.javaapi.core.ActionBuilder;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;

/**
 * One streaming request (chat completions, completions, Responses or Messages) as a Gatling chain,
 * measured on Gatling's own clock.
 *
 * <pre>
 * group(step label)
 *   sse "ttfb" POST /chat/completions        send → headers (TTFB)
 *     await first token  → check "gap"       headers → first content event (the gap)
 *     await [DONE]       → check "decode"    first token → [DONE]
 *   (Gatling's own rows of these three are read back, not logged: see GatlingInternals)
 *   assemble the record, close the stream if a failure left it open
 *   group "ttfb" > group "gap" > request "ttft"    logged by the project, one chain per request
 * </pre>
 *
 * <p>So Gatling's Global Information counts requests sent, its throughput is requests/s and its
 * percentiles are TTFT's; TTFB and the gap stay visible per step as the groups on the request's
 * path, and the step's group itself times ttfb + gap + decode.
 *
 * <p>Both checks also stop on events that end the request early (error object, {@code [DONE]}
 * before content, a chunk of a re-sent stream), so failures carry their own message.
 *
 * <p>A common pattern outside {@link LoadRun}: a fixed request, a records file, Gatling's own
 * injection ({@link ChatRequestChainExample}, which {@code ChatRequestChainExampleRunIT} runs; it
 * takes the folder from {@code -Dttftgap.reportsDir}):
 *
 * <pre>{@code
 * public class ChatRequestChainExample extends Simulation {
 *   EmbeddedEngine engine = EmbeddedEngine.start(EngineConfig.defaults().withProfile("tiny-fast"));
 *   RecordWriter records = RecordWriter.open(Path.of("reports/chat-example.records.jsonl"));
 *   ChainBuilder chat =
 *       ChatRequestChain.request(
 *           engine.baseUrl() + "/chat/completions",
 *           session ->
 *               "{\"model\":\"tiny-fast\",\"stream\":true,\"max_tokens\":8,"
 *                   + "\"messages\":[{\"role\":\"user\",\"content\":\"Say hello\"}]}",
 *           session ->
 *               new RequestContext(
 *                   RequestIdentity.of("example", session.userId()),
 *                   StepLevel.open(RequestPhase.STEP, 1, "step 1 · 2 rps", 2.0),
 *                   RequestInput.builder().model("tiny-fast").maxTokens(8).build(),
 *                   30_000), // the longest silence between two events, ms
 *           Duration.ofSeconds(30), // the longest wait for the first token
 *           Duration.ofSeconds(60), // the longest wait for [DONE] after it
 *           records,
 *           null); // no shared pool: a user's first request counts as on a new connection
 *
 *   {
 *     setUp(scenario("chat").exec(chat).injectOpen(constantUsersPerSec(2).during(5)))
 *         .protocols(http.baseUrl(engine.baseUrl()));
 *   }
 *
 *   public void after() {
 *     records.close(); // every record written before the run ends
 *     engine.close();
 *   }
 * }
 * }</pre>
 */
public final class ChatRequestChain {
  static final String SSE = "chat";
  private static final String CONTEXT = "ttftgap.context";
  static final String EVENTS = "ttftgap.events";
  private static final String RECORD = "ttftgap.record";
  private static final String ABORT = "ttftgap.abort";
  private static final String SEND_FALLBACK = "ttftgap.sendFallback";
  private static final String SENT = "ttftgap.sent";
  private static final String TRACKED = "ttftgap.tracked";

  /**
   * What the last request of the user answered ({@link StreamAnswer}: its text and tool calls), for
   * a conversation's history.
   */
  public static final String ANSWER = "ttftgap.answer";

  private ChatRequestChain() {}

  /**
   * @param url the chat completions URL
   * @param body request body of a user (JSON)
   * @param context what is known before sending (step, model...), computed per user
   * @param firstTokenTimeout longest wait for the first token after the headers
   * @param streamTimeout longest wait for {@code [DONE]} after the first token
   * @param records where each request goes, ok or failed; tracked while in flight, so that an
   *     interrupted run still writes it (as {@code interrupted})
   * @param connections the shared pool's connection estimate; null when each user has its own
   *     connection (then only a user's first request is on a new one)
   */
  public static ChainBuilder request(
      String url,
      Function<Session, String> body,
      Function<Session, RequestContext> context,
      Duration firstTokenTimeout,
      Duration streamTimeout,
      RecordWriter records,
      ConnectionEstimator connections) {
    return request(
        Api.CHAT,
        TtftKind.ANY,
        url,
        body,
        context,
        firstTokenTimeout,
        streamTimeout,
        records,
        connections);
  }

  /**
   * Like the one above, for a request of {@code api} whose TTFT is the first output of {@code
   * kind}: its events read with that API's grammar, the first-token check waiting for that kind.
   *
   * @param api the API {@code url} speaks
   * @param kind which first output ends the first-token wait (the run's {@code request.ttftFrom})
   */
  public static ChainBuilder request(
      Api api,
      TtftKind kind,
      String url,
      Function<Session, String> body,
      Function<Session, RequestContext> context,
      Duration firstTokenTimeout,
      Duration streamTimeout,
      RecordWriter records,
      ConnectionEstimator connections) {
    Function<Session, RequestContext> withKind =
        session -> context.apply(session).withTtftKind(kind);
    return exec(session -> start(session, withKind, records, connections))
        // the run is ending: this user stops here (a closed-model user would otherwise loop)
        .exitHereIf(session -> !session.getBoolean(TRACKED))
        .group(session -> session.<RequestContext>get(CONTEXT).level().stepLabel())
        .on(
            exec(session -> {
                  ErrorBodyCapture.stampNext(session.<EventLog>get(EVENTS).stamps());
                  return session;
                })
                .exec(connect(api, kind, url, body, firstTokenTimeout, streamTimeout))
                .exec(session -> finish(session, records, connections))
                .doIf(session -> session.getBoolean(ABORT))
                .then(exec(GatlingInternals.silenced(sse(RowNames.ABORT).sseName(SSE).close())))
                .exec(
                    GatlingInternals.logRows(
                        session -> rowsOf(session.<RequestRecord>get(RECORD)))))
        .exec(session -> session.remove(SSE).remove(EVENTS).remove(RECORD).markAsSucceeded());
  }

  /**
   * Marks the user's next request as sent: its context (on a new connection or not), tracked in
   * {@code records} while in flight, with a fresh event log.
   */
  private static Session start(
      Session session,
      Function<Session, RequestContext> context,
      RecordWriter records,
      ConnectionEstimator connections) {
    int sent = session.contains(SENT) ? session.getInt(SENT) : 0;
    boolean newConnection = connections != null ? connections.start() : sent == 0;
    RequestContext ctx = context.apply(session).withNewConnection(newConnection);
    long sentAt = System.currentTimeMillis();
    // refused once the records file is closing (the run is ending): then nothing is sent,
    // so that the server never sees a request the records do not have
    boolean tracked =
        records.track(ctx.identity().userId(), () -> RecordAssembler.inFlight(ctx, sentAt));
    return session
        .set(SENT, sent + 1)
        .set(CONTEXT, ctx)
        .set(SEND_FALLBACK, sentAt)
        .set(EVENTS, new EventLog(ctx.ttftKind()))
        .set(TRACKED, tracked);
  }

  /** The tapped SSE connect action: post, wait for the first token, then for the stream's end. */
  private static ActionBuilder connect(
      Api api,
      TtftKind kind,
      String url,
      Function<Session, String> body,
      Duration firstTokenTimeout,
      Duration streamTimeout) {
    return GatlingInternals.tapped(
        sse(RowNames.TTFB)
            .sseName(SSE)
            .post(url)
            .body(StringBody(body::apply))
            .asJson()
            .await(firstTokenTimeout)
            .on(StreamChecks.firstToken(api, kind))
            .await(streamTimeout)
            .on(StreamChecks.endOfStream(api)));
  }

  private static Session finish(
      Session session, RecordWriter records, ConnectionEstimator connections) {
    List<ObservedRow> rows = GatlingInternals.takeRows(session);
    EventLog events = session.get(EVENTS);
    RequestRecord record =
        RecordAssembler.assemble(
            session.get(CONTEXT),
            rows,
            events.events(),
            session.getLong(SEND_FALLBACK),
            events.stamps());
    records.append(record);
    boolean abort = leftOpen(rows);
    if (connections != null) {
      connections.finish(abort || closesConnection(record));
    }
    return session
        .set(RECORD, record)
        .set(ABORT, abort)
        .set(ANSWER, EventLog.answer(events.events()));
  }

  /** Gatling closes the channel on a failed connect or a crashed stream; a clean end keeps it. */
  private static boolean closesConnection(RequestRecord record) {
    if (record.ok()) {
      return false;
    }
    FailureReason reason = record.result().reason();
    return !(reason == FailureReason.STREAM_ERROR
        || reason == FailureReason.NO_DONE
        || reason == FailureReason.NO_CONTENT);
  }

  /** A failed or timed-out check leaves the stream open (Gatling goes idle); a crash closes it. */
  private static boolean leftOpen(List<ObservedRow> rows) {
    if (rows.isEmpty()) {
      return false;
    }
    ObservedRow last = rows.get(rows.size() - 1);
    return !last.ok()
        && !last.name().equals(RowNames.TTFB)
        && (last.message() == null || !last.message().startsWith("SSE crashed"));
  }

  /**
   * The request's rows in Gatling's report: the timings {@code ttfb} then {@code gap}, each a group
   * nested in the one before, then the one request row {@code ttft} inside them (send → first
   * token), so that the step's group reads {@code step 3 · 6 rps > ttfb > gap > ttft}. A failed
   * request's rows are KO and, where its timing never came, last until the failure.
   */
  static List<GatlingInternals.ReportRow> rowsOf(RequestRecord r) {
    long start = r.timings().startEpochMillis();
    boolean ok = r.ok();
    long end = start + (r.timings().e2eMillis() == null ? 0 : r.timings().e2eMillis());
    long headers = r.timings().ttfbMillis() != null ? start + r.timings().ttfbMillis() : end;
    long firstToken = r.timings().ttftMillis() != null ? start + r.timings().ttftMillis() : end;
    String message = ok ? null : r.result().reason().code() + ": " + r.result().message();
    return List.of(
        timing(RowNames.TTFB, start, headers, ok),
        timing(RowNames.GAP, headers, Math.max(headers, firstToken), ok),
        new GatlingInternals.ReportRow(RowNames.TTFT, start, firstToken, ok, message, true));
  }

  private static GatlingInternals.ReportRow timing(String name, long start, long end, boolean ok) {
    return new GatlingInternals.ReportRow(name, start, end, ok, null, false);
  }
}
