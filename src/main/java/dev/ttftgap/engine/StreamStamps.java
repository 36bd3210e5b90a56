package dev.ttftgap.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.engine.scheduler.Sequence;
import java.math.BigDecimal;

/**
 * The ground-truth instants of one response, taken right before its bytes are handed to the
 * channel, and what the engine reports from them: vLLM-style per-request {@code metrics} and the
 * {@link GroundTruth} record.
 *
 * <p>Epoch instants are {@link WallClock#epochMicros()}, the acceptance also in {@link
 * WallClock#monoMicros()} (the scheduler's clock). Not thread-safe: lives on the engine thread.
 */
final class StreamStamps {
  /** An instant that did not happen (yet). */
  static final long UNDEFINED = Long.MIN_VALUE;

  private final long acceptedEpochMicros;
  private final long acceptedMonoMicros;
  private long headersEpochMicros = UNDEFINED;
  private long firstContentEpochMicros = UNDEFINED;
  private long firstTextEpochMicros = UNDEFINED;
  private long lastWrittenEpochMicros = UNDEFINED;
  private long lastWriteNanos;

  StreamStamps(long acceptedEpochMicros, long acceptedMonoMicros) {
    this.acceptedEpochMicros = acceptedEpochMicros;
    this.acceptedMonoMicros = acceptedMonoMicros;
  }

  long acceptedEpochMicros() {
    return acceptedEpochMicros;
  }

  long acceptedMonoMicros() {
    return acceptedMonoMicros;
  }

  /** Accepted → now, µs on the scheduler's clock. */
  long sinceAcceptedMicros() {
    return WallClock.monoMicros() - acceptedMonoMicros;
  }

  /** {@code System.nanoTime()} of the last write, for keep-alive comments. */
  long lastWriteNanos() {
    return lastWriteNanos;
  }

  void headersWritten(long epochMicros) {
    headersEpochMicros = epochMicros;
  }

  /** Bytes written at {@code epochMicros} (taken at {@code nanos}). */
  void written(long epochMicros, long nanos) {
    lastWrittenEpochMicros = epochMicros;
    lastWriteNanos = nanos;
  }

  /** The end of the response (or of the connection) at {@code epochMicros}. */
  void lastWritten(long epochMicros) {
    lastWrittenEpochMicros = epochMicros;
  }

  /** An answer-text token written at {@code epochMicros}: the first one is the first text. */
  void textWritten(long epochMicros) {
    if (firstTextEpochMicros == UNDEFINED) {
      firstTextEpochMicros = epochMicros;
    }
  }

  /**
   * An output token (text, reasoning or tool call) written at {@code epochMicros}: the first one is
   * the first content, the ground truth of the TTFT.
   */
  void contentWritten(long epochMicros) {
    if (firstContentEpochMicros == UNDEFINED) {
      firstContentEpochMicros = epochMicros;
    }
  }

  /** A whole response written at once at {@code epochMicros}: headers, content and end. */
  void wholeResponseWritten(long epochMicros, boolean hasContent, boolean hasText) {
    headersEpochMicros = epochMicros;
    firstContentEpochMicros = hasContent ? epochMicros : UNDEFINED;
    firstTextEpochMicros = hasText ? epochMicros : UNDEFINED;
    lastWrittenEpochMicros = epochMicros;
  }

  /** vLLM-style per-request metrics plus the ground-truth epoch microseconds. */
  ObjectNode serverMetrics(Sequence sequence, int promptTokens) {
    ObjectNode metrics = HttpResponses.JSON.createObjectNode();
    metrics.put("arrival_time", BigDecimal.valueOf(acceptedEpochMicros, 6));
    Long scheduled =
        sequence.scheduledMicros().isPresent() ? sequence.scheduledMicros().getAsLong() : null;
    Long firstToken =
        sequence.firstTokenMicros().isPresent() ? sequence.firstTokenMicros().getAsLong() : null;
    long nowMono = WallClock.monoMicros();
    putMillis(metrics, "queue_time_ms", scheduled == null ? null : scheduled - acceptedMonoMicros);
    putMillis(
        metrics,
        "time_to_first_token_ms",
        firstContentEpochMicros == UNDEFINED
            ? null
            : firstContentEpochMicros - acceptedEpochMicros);
    putMillis(
        metrics,
        "prefill_time_ms",
        scheduled == null || firstToken == null ? null : firstToken - scheduled);
    putMillis(metrics, "decode_time_ms", firstToken == null ? null : nowMono - firstToken);
    metrics.put("prompt_tokens", promptTokens);
    metrics.put("cached_tokens", sequence.cachedTokens());
    metrics.put("accepted_epoch_us", acceptedEpochMicros);
    putMicros(metrics, "headers_written_epoch_us", headersEpochMicros);
    putMicros(metrics, "first_content_written_epoch_us", firstContentEpochMicros);
    putMicros(metrics, "first_text_written_epoch_us", firstTextEpochMicros);
    return metrics;
  }

  /**
   * The ground truth of the ended response.
   *
   * @param sequence the request's sequence, null when it was never queued
   */
  GroundTruth groundTruth(
      String id,
      ChatRequest request,
      int httpStatus,
      Sequence sequence,
      int completionTokens,
      String outcome,
      SimFault fault) {
    boolean scheduled = sequence != null && sequence.scheduledMicros().isPresent();
    return new GroundTruth(
        id,
        request.profile().name(),
        httpStatus,
        request.promptTokens(),
        scheduled ? sequence.cachedTokens() : null,
        completionTokens,
        acceptedEpochMicros,
        orNull(headersEpochMicros),
        orNull(firstContentEpochMicros),
        orNull(lastWrittenEpochMicros),
        scheduled ? sequence.scheduledMicros().getAsLong() - acceptedMonoMicros : null,
        outcome,
        fault.any() ? fault.toString() : null,
        scheduled ? sequence.preemptions() : null,
        orNull(firstTextEpochMicros),
        request.api().id());
  }

  private static Long orNull(long micros) {
    return micros == UNDEFINED ? null : micros;
  }

  private static void putMillis(ObjectNode node, String field, Long micros) {
    if (micros == null) {
      node.putNull(field);
    } else {
      node.put(field, micros / 1000.0);
    }
  }

  private static void putMicros(ObjectNode node, String field, long micros) {
    if (micros == UNDEFINED) {
      node.putNull(field);
    } else {
      node.put(field, micros);
    }
  }
}
