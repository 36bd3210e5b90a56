package dev.ttftgap.record;

import java.util.Map;
import java.util.function.Consumer;

/**
 * Sets a {@link RequestRecord}'s parts, each through its own builder: the one place that calls the
 * record's constructor. It starts from {@link RequestRecord#builder()} (every field undefined:
 * null, or 0 for {@code userId}, {@code step} and {@code startEpochMillis}) or from {@link
 * RequestRecord#toBuilder()} (a copy of a record); {@link #build()} may be called more than once. A
 * field not set stays undefined, whatever the record's Javadoc says of its nullness.
 *
 * <p>A common pattern, a record with another outcome:
 *
 * <pre>{@code
 * RequestRecord interrupted =
 *     record.toBuilder().result(r -> r.outcome(Outcome.KO).reason(FailureReason.INTERRUPTED)).build();
 * }</pre>
 */
public final class RequestRecordBuilder {
  private RequestIdentity.Builder identity;
  private StepLevel.Builder level;
  private RequestInput.Builder input;
  private Timings.Builder timings;
  private MicroTimings.Builder micros;
  private StreamOutput.Builder output;
  private Map<String, Double> serverTimings;
  private Boolean newConnection;
  private String httpVersion;
  private RequestResult.Builder result;
  private StreamHealth.Builder health;
  private InjectorPart.Builder part;

  RequestRecordBuilder() {
    this(RequestRecord.NONE);
  }

  /** A builder holding {@code record}'s fields. */
  RequestRecordBuilder(RequestRecord record) {
    identity = record.identity().toBuilder();
    level = record.level().toBuilder();
    input = record.input().toBuilder();
    timings = record.timings().toBuilder();
    micros = record.micros().toBuilder();
    output = record.output().toBuilder();
    serverTimings = record.serverTimings();
    newConnection = record.newConnection();
    httpVersion = record.httpVersion();
    result = record.result().toBuilder();
    health = record.health().toBuilder();
    part = record.part().toBuilder();
  }

  public RequestRecordBuilder identity(Consumer<RequestIdentity.Builder> edit) {
    edit.accept(identity);
    return this;
  }

  public RequestRecordBuilder identity(RequestIdentity value) {
    identity = value.toBuilder();
    return this;
  }

  public RequestRecordBuilder level(Consumer<StepLevel.Builder> edit) {
    edit.accept(level);
    return this;
  }

  public RequestRecordBuilder level(StepLevel value) {
    level = value.toBuilder();
    return this;
  }

  public RequestRecordBuilder input(Consumer<RequestInput.Builder> edit) {
    edit.accept(input);
    return this;
  }

  public RequestRecordBuilder input(RequestInput value) {
    input = value.toBuilder();
    return this;
  }

  public RequestRecordBuilder timings(Consumer<Timings.Builder> edit) {
    edit.accept(timings);
    return this;
  }

  public RequestRecordBuilder timings(Timings value) {
    timings = value.toBuilder();
    return this;
  }

  public RequestRecordBuilder micros(Consumer<MicroTimings.Builder> edit) {
    edit.accept(micros);
    return this;
  }

  public RequestRecordBuilder micros(MicroTimings value) {
    micros = value.toBuilder();
    return this;
  }

  public RequestRecordBuilder output(Consumer<StreamOutput.Builder> edit) {
    edit.accept(output);
    return this;
  }

  public RequestRecordBuilder output(StreamOutput value) {
    output = value.toBuilder();
    return this;
  }

  public RequestRecordBuilder serverTimings(Map<String, Double> value) {
    serverTimings = value;
    return this;
  }

  public RequestRecordBuilder newConnection(Boolean value) {
    newConnection = value;
    return this;
  }

  public RequestRecordBuilder httpVersion(String value) {
    httpVersion = value;
    return this;
  }

  public RequestRecordBuilder result(Consumer<RequestResult.Builder> edit) {
    edit.accept(result);
    return this;
  }

  public RequestRecordBuilder result(RequestResult value) {
    result = value.toBuilder();
    return this;
  }

  public RequestRecordBuilder health(Consumer<StreamHealth.Builder> edit) {
    edit.accept(health);
    return this;
  }

  public RequestRecordBuilder health(StreamHealth value) {
    health = value.toBuilder();
    return this;
  }

  public RequestRecordBuilder part(Consumer<InjectorPart.Builder> edit) {
    edit.accept(part);
    return this;
  }

  public RequestRecordBuilder part(InjectorPart value) {
    part = value.toBuilder();
    return this;
  }

  public RequestRecord build() {
    return new RequestRecord(
        identity.build(),
        level.build(),
        input.build(),
        timings.build(),
        micros.build(),
        output.build(),
        serverTimings,
        newConnection,
        httpVersion,
        result.build(),
        health.build(),
        part.build());
  }
}
