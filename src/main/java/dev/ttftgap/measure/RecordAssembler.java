package dev.ttftgap.measure;

import dev.ttftgap.record.FailureReason;
import dev.ttftgap.record.Outcome;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.RequestResult;
import dev.ttftgap.stream.Chunk;
import dev.ttftgap.stream.ChunkKind;
import dev.ttftgap.stream.RequestMetrics;
import dev.ttftgap.stream.StreamTimeline;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Builds the record of one request from what Gatling observed: the connect and check rows, and
 * every event of the stream in arrival order (an {@link EventLog}).
 *
 * <p>Algorithm overview: the rows give the send time (connect start), the headers (connect end),
 * the first token (first check's end) and {@code [DONE]} (second check's end); the events, with
 * those two stamped by their rows, are fed to {@link RequestMetrics}; the outcome is decided from
 * the first failed row's message and the events, in the order the request progressed, so each
 * failure gets exactly one reason.
 *
 * <p>Assumption: the rows and the events come from the same clock (Gatling's); an event logged in
 * the millisecond after its check row ended still counts at the row's time.
 *
 * @see #assemble
 */
public final class RecordAssembler {
  /** Gatling's status failure, with the server's message after it when the glue kept the body. */
  private static final Pattern STATUS = Pattern.compile("response with code (\\d{3})(?:: (.*))?");

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
   * @param stamps the request's {@code System.nanoTime()} stamps; null when none were taken
   */
  public static RequestRecord assemble(
      RequestContext ctx,
      List<ObservedRow> rows,
      List<ObservedEvent> events,
      long fallbackStartMillis,
      RequestStamps stamps) {
    RequestRecord record = assembleMillis(ctx, rows, events, fallbackStartMillis);
    if (stamps == null) {
      return record;
    }
    Long ttfb = record.timings().ttfbMillis() == null ? null : stamps.ttfbMicros();
    Long ttft = record.timings().ttftMillis() == null ? null : stamps.ttftMicros();
    Long gap = ttfb == null || ttft == null ? null : stamps.gapMicros();
    return record.withMicros(ttfb, ttft, gap, ttfb == null ? null : stamps.sentEpochMicros());
  }

  private static RequestRecord assembleMillis(
      RequestContext ctx,
      List<ObservedRow> rows,
      List<ObservedEvent> events,
      long fallbackStartMillis) {
    Optional<ObservedRow> connect = row(rows, RowNames.TTFB);
    Optional<ObservedRow> gap = row(rows, RowNames.GAP);
    Optional<ObservedRow> decode = row(rows, RowNames.DECODE);
    long send = connect.map(ObservedRow::startMillis).orElse(fallbackStartMillis);

    RequestMetrics metrics = RequestMetrics.of(timeline(send, connect, gap, decode, events));

    Failure failure = failure(ctx, rows, connect, gap, decode, metrics);
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
                    .ttfbMillis(boxed(metrics.ttfbMillis()))
                    .ttftMillis(boxed(metrics.ttftMillis()))
                    .gapMillis(boxed(metrics.gapMillis()))
                    .firstContentMillis(boxed(metrics.firstContentMillis()))
                    .firstReasoningMillis(boxed(metrics.firstReasoningMillis()))
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
                    .contentEvents(metrics.tokenEvents() == 0 ? null : metrics.tokenEvents()))
        .serverTimings(metrics.serverTimings().isEmpty() ? null : metrics.serverTimings())
        .result(
            res ->
                res.outcome(failure == null ? Outcome.OK : Outcome.KO)
                    .reason(failure == null ? null : failure.reason)
                    .httpStatus(failure == null ? statusOf(connect) : failure.httpStatus)
                    .message(failure == null ? null : failure.message))
        .health(
            h ->
                h.malformedChunks(metrics.malformedEvents() == 0 ? null : metrics.malformedEvents())
                    .stalls(boxed(metrics.stallCount()))
                    .longestStallMillis(boxed(metrics.longestStallMillis())))
        .build();
  }

  /**
   * The stream's timeline from the connect action's send and headers and the events as they
   * arrived, the first token and {@code [DONE]} stamped at the end of the gap and decode rows (the
   * instants Gatling's own clock gave them) when those rows are ok.
   */
  private static StreamTimeline timeline(
      long send,
      Optional<ObservedRow> connect,
      Optional<ObservedRow> gap,
      Optional<ObservedRow> decode,
      List<ObservedEvent> events) {
    StreamTimeline timeline = new StreamTimeline(send);
    connect.filter(ObservedRow::ok).ifPresent(r -> timeline.headers(r.endMillis()));
    boolean firstTokenSeen = false;
    for (ObservedEvent event : events) {
      Chunk chunk = event.chunk();
      long at = event.epochMillis();
      if (chunk.isToken() && !firstTokenSeen) {
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

  private record Failure(FailureReason reason, Integer httpStatus, String message) {}

  private static Failure failure(
      RequestContext ctx,
      List<ObservedRow> rows,
      Optional<ObservedRow> connect,
      Optional<ObservedRow> gap,
      Optional<ObservedRow> decode,
      RequestMetrics metrics) {
    if (connect.isEmpty()) {
      String message = rows.isEmpty() ? "request was not sent" : rows.get(0).message();
      return new Failure(FailureReason.CONNECTION_FAILED, null, message);
    }
    if (!connect.get().ok()) {
      return connectFailure(connect.get().message());
    }
    if (metrics.chunkIds().size() > 1) {
      return new Failure(
          FailureReason.STREAM_RESTARTED,
          200,
          "stream restarted: the connection dropped and the POST was re-sent; chunk ids "
              + metrics.chunkIds());
    }
    Optional<Chunk> error = metrics.firstError();
    if (error.isPresent()) {
      return new Failure(
          FailureReason.STREAM_ERROR, 200, "stream error: " + error.get().errorMessage());
    }
    if (gap.isEmpty() || !gap.get().ok()) {
      String message = gap.map(ObservedRow::message).orElse("no first-token check row");
      if (message != null && message.endsWith("timeout")) {
        return new Failure(FailureReason.FIRST_TOKEN_TIMEOUT, 200, message);
      }
      if (message != null && message.contains("End of stream") || metrics.sawDone()) {
        return new Failure(
            FailureReason.NO_CONTENT, 200, "no content before the end of the stream");
      }
      return new Failure(FailureReason.CONNECTION_FAILED, 200, message);
    }
    if (decode.isEmpty() || !decode.get().ok()) {
      String message = decode.map(ObservedRow::message).orElse("no end-of-stream check row");
      if (metrics.maxIdleMillis() > ctx.idleTimeoutMillis()) {
        return new Failure(FailureReason.IDLE_TIMEOUT, 200, idleMessage(ctx, metrics));
      }
      if (message != null && message.endsWith("timeout")) {
        return new Failure(FailureReason.STREAM_TIMEOUT, 200, message);
      }
      if (message != null && message.contains("End of stream")) {
        return new Failure(FailureReason.NO_DONE, 200, "stream ended without [DONE]");
      }
      return new Failure(FailureReason.CONNECTION_FAILED, 200, message);
    }
    if (metrics.maxIdleMillis() > ctx.idleTimeoutMillis()) {
      return new Failure(FailureReason.IDLE_TIMEOUT, 200, idleMessage(ctx, metrics));
    }
    return null;
  }

  private static String idleMessage(RequestContext ctx, RequestMetrics metrics) {
    return "no event for "
        + metrics.maxIdleMillis()
        + " ms (idle timeout "
        + ctx.idleTimeoutMillis()
        + " ms)";
  }

  private static Failure connectFailure(String message) {
    String text = message == null ? "connect failed" : message;
    Matcher status = STATUS.matcher(text);
    if (status.find()) {
      int code = Integer.parseInt(status.group(1));
      String said = status.group(2);
      return new Failure(
          FailureReason.HTTP_STATUS,
          code,
          "HTTP " + code + (said == null ? " (no error message in the body)" : ": " + said));
    }
    if (text.contains("content-type")) {
      return new Failure(FailureReason.WRONG_CONTENT_TYPE, 200, text);
    }
    return new Failure(FailureReason.CONNECTION_FAILED, null, text);
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
