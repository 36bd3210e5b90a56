package dev.ttftgap.measure;

import dev.ttftgap.measure.FailureRules.Failure;
import dev.ttftgap.record.FailureReason;
import dev.ttftgap.record.Outcome;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.RequestRecordBuilder;
import dev.ttftgap.record.RequestResult;
import dev.ttftgap.stream.Chunk;
import dev.ttftgap.stream.ChunkKind;
import dev.ttftgap.stream.RequestMetrics;
import dev.ttftgap.stream.StreamTimeline;
import dev.ttftgap.stream.TtftKind;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Builds the record of one request from what Gatling observed: the connect and check rows, and
 * every event of the stream in arrival order (an {@link EventLog}).
 *
 * <p>Algorithm overview: the rows give the send time (connect start), the headers (connect end),
 * the first token (first check's end) and {@code [DONE]} (second check's end); the events, with
 * those two stamped by their rows, are fed to {@link RequestMetrics}; the outcome is decided from
 * the first failed row's message and the events, in the order the request progressed, so each
 * failure gets exactly one reason ({@link FailureRules}).
 *
 * <p>The first token is the first output of the context's {@link RequestContext#ttftKind()}: the
 * record's {@code ttftMillis} and {@code gapMillis} count to it, and are null when a successful
 * turn answered with output of other kinds only (a tool-call turn when the run waits for content:
 * its tokens, {@code firstToolCallMillis} and {@code toolCalls} are recorded, the request is ok).
 * Each kind that came has its own figure whatever the context's kind ({@code firstContentMillis},
 * {@code firstReasoningMillis}, {@code firstToolCallMillis}); the decode figures ({@code itl},
 * {@code tpot}) count from the first output of any kind, the stream's own pace.
 *
 * <p>Assumption: the rows and the events come from the same clock (Gatling's); an event logged in
 * the millisecond after its check row ended still counts at the row's time.
 *
 * @see #assemble
 */
public final class RecordAssembler {
  private RecordAssembler() {}

  /**
   * The record from the rows and every event of the stream in arrival order (as an {@link EventLog}
   * holds them). The first token and {@code [DONE]} take the time of the check rows that matched
   * them, so the record agrees with Gatling's report to the millisecond.
   *
   * @param rows rows the connect action logged, in order
   * @param events every event of the stream, in arrival order
   * @param fallbackStartMillis send time to record when not even the connect row exists
   */
  public static RequestRecord assemble(
      RequestContext ctx,
      List<ObservedRow> rows,
      List<ObservedEvent> events,
      long fallbackStartMillis) {
    return assemble(ctx, rows, events, fallbackStartMillis, null);
  }

  /**
   * As {@link #assemble(RequestContext, List, List, long)}, with the request's precise stamps: the
   * record then carries {@code ttfbMicros}, {@code ttftMicros} and {@code gapMicros} wherever the
   * millisecond figure is defined and both instants were stamped.
   *
   * <p>The stamps also carry the stream's {@code error:} line, when it had one: the request then
   * fails as a {@code stream_error} with the server's message, whatever else the stream showed.
   *
   * @param stamps the request's {@code System.nanoTime()} stamps; null when none were taken
   */
  public static RequestRecord assemble(
      RequestContext ctx,
      List<ObservedRow> rows,
      List<ObservedEvent> events,
      long fallbackStartMillis,
      RequestStamps stamps) {
    RequestRecord record =
        assembleMillis(
            ctx, rows, events, fallbackStartMillis, stamps == null ? null : stamps.errorLine());
    if (stamps == null) {
      return record;
    }
    Long ttfb = record.timings().ttfbMillis() == null ? null : stamps.ttfbMicros();
    Long ttft = record.timings().ttftMillis() == null ? null : stamps.ttftMicros();
    Long gap = ttfb == null || ttft == null ? null : stamps.gapMicros();
    RequestRecord timed =
        record.withMicros(ttfb, ttft, gap, ttfb == null ? null : stamps.sentEpochMicros());
    return withConnection(timed, stamps);
  }

  /**
   * The record with what the client saw of its connection: the set-up time, whether it opened the
   * connection (measured, replacing the estimate) and the protocol; left as it is where unseen.
   */
  private static RequestRecord withConnection(RequestRecord record, RequestStamps stamps) {
    if (stamps.firstOnConnection() == null && stamps.httpVersion() == null) {
      return record;
    }
    RequestRecordBuilder builder =
        record.toBuilder().micros(m -> m.setupMicros(stamps.setupMicros()));
    if (stamps.firstOnConnection() != null) {
      builder.newConnection(stamps.firstOnConnection());
    }
    return builder.httpVersion(stamps.httpVersion()).build();
  }

  private static RequestRecord assembleMillis(
      RequestContext ctx,
      List<ObservedRow> rows,
      List<ObservedEvent> events,
      long fallbackStartMillis,
      String errorLine) {
    Optional<ObservedRow> connect = row(rows, RowNames.TTFB);
    Optional<ObservedRow> gap = row(rows, RowNames.GAP);
    Optional<ObservedRow> decode = row(rows, RowNames.DECODE);
    long send = connect.map(ObservedRow::startMillis).orElse(fallbackStartMillis);

    StreamTimeline timeline = timeline(send, connect, gap, decode, events, ctx.ttftKind());
    RequestMetrics metrics = RequestMetrics.of(timeline);

    Failure failure =
        FailureRules.of(
            ctx, new FailureRules.Observed(rows, connect, gap, decode, metrics, errorLine));
    Long ttfb = boxed(metrics.ttfbMillis());
    Long ttft = boxed(metrics.ttftMillis(ctx.ttftKind()));
    long lastEnd = rows.stream().mapToLong(ObservedRow::endMillis).max().orElse(send);
    Long e2e =
        metrics.e2eMillis().isPresent()
            ? (Long) metrics.e2eMillis().getAsLong()
            : (lastEnd > send ? lastEnd - send : null);
    List<Long> itl = metrics.itlMillis();
    Integer usagePromptTokens = boxed(metrics.promptTokens());
    return ctx.record()
        .identity(id -> id.requestId(metrics.requestId().orElse(null)))
        .input(
            in ->
                in.promptTokens(
                        usagePromptTokens != null ? usagePromptTokens : ctx.input().promptTokens())
                    .servedPromptTokens(usagePromptTokens))
        .timings(
            t ->
                t.startEpochMillis(send)
                    .ttfbMillis(ttfb)
                    .ttftMillis(ttft)
                    .gapMillis(ttfb == null || ttft == null ? null : ttft - ttfb)
                    .firstContentMillis(boxed(metrics.firstContentMillis()))
                    .firstReasoningMillis(boxed(metrics.firstReasoningMillis()))
                    .firstToolCallMillis(boxed(metrics.firstToolCallMillis()))
                    .e2eMillis(e2e)
                    .itlMillis(itl.isEmpty() ? null : itl)
                    .tpotMillis(
                        metrics.tpotMillis().isPresent()
                            ? metrics.tpotMillis().getAsDouble()
                            : null))
        .output(
            o ->
                o.outputTokens(boxed(metrics.outputTokens()))
                    .outputTokensSource(metrics.outputTokensSource())
                    .contentEvents(metrics.tokenEvents() == 0 ? null : metrics.tokenEvents())
                    .toolCalls(metrics.toolCalls())
                    .finishReason(metrics.finishReason().orElse(null)))
        .serverTimings(metrics.serverTimings().isEmpty() ? null : metrics.serverTimings())
        .result(
            res ->
                res.outcome(failure == null ? Outcome.OK : Outcome.KO)
                    .reason(failure == null ? null : failure.reason())
                    .httpStatus(failure == null ? statusOf(connect) : failure.httpStatus())
                    .message(failure == null ? null : failure.message()))
        .health(
            h ->
                h.malformedChunks(metrics.malformedEvents() == 0 ? null : metrics.malformedEvents())
                    .stalls(boxed(metrics.stallCount()))
                    .longestStallMillis(boxed(metrics.longestStallMillis())))
        .build();
  }

  /**
   * The stream's timeline from the connect action's send and headers and the events as they
   * arrived, the first token (the first event carrying {@code kind}, the one the first-token check
   * waited for) and {@code [DONE]} stamped at the end of the gap and decode rows (the instants
   * Gatling's own clock gave them) when those rows are ok.
   */
  private static StreamTimeline timeline(
      long send,
      Optional<ObservedRow> connect,
      Optional<ObservedRow> gap,
      Optional<ObservedRow> decode,
      List<ObservedEvent> events,
      TtftKind kind) {
    StreamTimeline timeline = new StreamTimeline(send);
    connect.filter(ObservedRow::ok).ifPresent(r -> timeline.headers(r.endMillis()));
    boolean firstTokenSeen = false;
    for (ObservedEvent event : events) {
      Chunk chunk = event.chunk();
      long at = event.epochMillis();
      if (chunk.carries(kind) && !firstTokenSeen) {
        firstTokenSeen = true;
        at = gap.filter(ObservedRow::ok).map(ObservedRow::endMillis).orElse(at);
      } else if (chunk.kind() == ChunkKind.DONE) {
        at = decode.filter(ObservedRow::ok).map(ObservedRow::endMillis).orElse(at);
      }
      timeline.event(at, chunk);
    }
    decode.filter(ObservedRow::ok).ifPresent(r -> timeline.end(r.endMillis()));
    return timeline;
  }

  /**
   * What is known of a request still in flight when the run ends (its context and send time), for
   * {@link dev.ttftgap.record.RecordWriter#track}: written with reason {@code interrupted}.
   */
  public static RequestRecord inFlight(RequestContext ctx, long sentAtMillis) {
    return assemble(ctx, List.of(), List.of(), sentAtMillis)
        .withResult(
            new RequestResult(
                Outcome.KO,
                FailureReason.INTERRUPTED,
                null,
                "the run ended while the request was in flight"));
  }

  private static Integer statusOf(Optional<ObservedRow> connect) {
    return connect.filter(ObservedRow::ok).isPresent() ? 200 : null;
  }

  private static Optional<ObservedRow> row(List<ObservedRow> rows, String name) {
    return rows.stream().filter(r -> r.name().equals(name)).findFirst();
  }

  private static Long boxed(OptionalLong value) {
    return value.isPresent() ? value.getAsLong() : null;
  }

  private static Integer boxed(OptionalInt value) {
    return value.isPresent() ? value.getAsInt() : null;
  }
}
