package dev.ttftgap.record;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One streaming request as the client saw it: one JSON line of a run's {@code records.jsonl}.
 *
 * <p>All times come from one clock (the load generator's); {@code *EpochMillis} are absolute,
 * {@code *Millis} are durations. A {@code null} field means "undefined" (not measured, or not
 * applicable to this outcome), never zero: a request that failed before its headers has no {@code
 * ttfbMillis}; one that never got a token has no {@code ttftMillis}. Codes ({@code phase}, {@code
 * outcome}, {@code reason}) are enums written as their strings.
 *
 * <p>The fields are grouped in named parts (never null: a part whose fields are all undefined is
 * its {@code NONE}); the JSON line is flat, every field under its own name, in the order {@link
 * RecordLayout} declares. Stable field names: the capacity analysis and any external tool read
 * these files.
 *
 * @param identity the run, the virtual user and the server's request id
 * @param level the phase, the step and the step's load level
 * @param input the model, the lengths asked for and how the prompt was made
 * @param timings the milestones of the stream, ms
 * @param micros the precise durations, µs
 * @param output what the stream delivered
 * @param serverTimings timings the server reported about this request (vLLM {@code metrics},
 *     llama.cpp {@code timings}), keyed by their original names, milliseconds
 * @param newConnection whether the request needed a new connection: inferred from the requests in
 *     flight, see {@code ConnectionEstimator}, unless the client saw the connection itself (then
 *     measured: whether the request was the first written to its channel)
 * @param httpVersion the protocol the request went over, {@code "1.1"} or {@code "2"}; null when
 *     not seen (the request failed before a connection was ready)
 * @param result the outcome and, for a failure, its reason
 * @param health malformed chunks and stalls of the stream
 * @param part which part of a split run sent the request
 */
@JsonSerialize(using = RecordLayout.Writer.class)
@JsonDeserialize(using = RecordLayout.Reader.class)
public record RequestRecord(
    RequestIdentity identity,
    StepLevel level,
    RequestInput input,
    Timings timings,
    MicroTimings micros,
    StreamOutput output,
    @Nullable Map<String, Double> serverTimings,
    @Nullable Boolean newConnection,
    @Nullable String httpVersion,
    RequestResult result,
    StreamHealth health,
    InjectorPart part) {

  /** Every field undefined: every part its {@code NONE}, no server timings, connection unknown. */
  static final RequestRecord NONE =
      new RequestRecord(
          RequestIdentity.NONE,
          StepLevel.NONE,
          RequestInput.NONE,
          Timings.NONE,
          MicroTimings.NONE,
          StreamOutput.NONE,
          null,
          null,
          null,
          RequestResult.NONE,
          StreamHealth.NONE,
          InjectorPart.NONE);

  /** Replaces a missing part by its {@code NONE}. */
  public RequestRecord {
    identity = Objects.requireNonNullElse(identity, RequestIdentity.NONE);
    level = Objects.requireNonNullElse(level, StepLevel.NONE);
    input = Objects.requireNonNullElse(input, RequestInput.NONE);
    timings = Objects.requireNonNullElse(timings, Timings.NONE);
    micros = Objects.requireNonNullElse(micros, MicroTimings.NONE);
    output = Objects.requireNonNullElse(output, StreamOutput.NONE);
    result = Objects.requireNonNullElse(result, RequestResult.NONE);
    health = Objects.requireNonNullElse(health, StreamHealth.NONE);
    part = Objects.requireNonNullElse(part, InjectorPart.NONE);
  }

  /** A record built part by part, every field undefined to start with. */
  public static RequestRecordBuilder builder() {
    return new RequestRecordBuilder();
  }

  /** A builder holding this record's parts, to change some of them. */
  public RequestRecordBuilder toBuilder() {
    return new RequestRecordBuilder(this);
  }

  /** The same record with the precise durations, µs (null where not stamped). */
  public RequestRecord withMicros(
      @Nullable Long newTtfbMicros, @Nullable Long newTtftMicros, @Nullable Long newGapMicros) {
    return withMicros(newTtfbMicros, newTtftMicros, newGapMicros, micros.startEpochMicros());
  }

  /** The same record with the precise durations and their origin, µs (null where not stamped). */
  public RequestRecord withMicros(
      @Nullable Long newTtfbMicros,
      @Nullable Long newTtftMicros,
      @Nullable Long newGapMicros,
      @Nullable Long newStartEpochMicros) {
    return toBuilder()
        .micros(
            micros.toBuilder()
                .ttfbMicros(newTtfbMicros)
                .ttftMicros(newTtftMicros)
                .gapMicros(newGapMicros)
                .startEpochMicros(newStartEpochMicros)
                .build())
        .build();
  }

  public boolean ok() {
    return result.outcome() == Outcome.OK;
  }

  public boolean warmup() {
    return level.phase() == RequestPhase.WARMUP;
  }

  /** The same record with another result (all measured fields kept). */
  public RequestRecord withResult(RequestResult newResult) {
    return toBuilder().result(newResult).build();
  }

  /**
   * The same record marked as sent by part {@code newPart} (injector, injector count, host, run
   * id).
   */
  public RequestRecord withPart(InjectorPart newPart) {
    return toBuilder().part(newPart).build();
  }

  /**
   * The same record with the step's level of the whole run and the whole run's name: what one
   * injector running the whole profile would have recorded (the merge of a split run's parts, whose
   * records carry their share and their part's name).
   */
  public RequestRecord withLevel(String newRun, StepLevel newLevel) {
    // every other part is shared with this record: a merge re-levels millions of them
    return new RequestRecord(
        Objects.equals(newRun, identity.run())
            ? identity
            : new RequestIdentity(newRun, identity.userId(), identity.requestId()),
        newLevel,
        input,
        timings,
        micros,
        output,
        serverTimings,
        newConnection,
        httpVersion,
        result,
        health,
        part);
  }
}
