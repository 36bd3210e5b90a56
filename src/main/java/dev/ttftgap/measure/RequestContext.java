package dev.ttftgap.measure;

import dev.ttftgap.record.RequestIdentity;
import dev.ttftgap.record.RequestInput;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.RequestRecordBuilder;
import dev.ttftgap.record.StepLevel;
import dev.ttftgap.stream.TtftKind;
import org.jspecify.annotations.Nullable;

/**
 * What the load generator knows about a request before sending it: the parts of its {@link
 * RequestRecord} that exist before the response (no request id yet, no served prompt length).
 *
 * @param identity the run and the virtual user (the server's request id comes with the response)
 * @param level warm-up, step or (a search's) hold, and the step's load level
 * @param input the model, the lengths asked for and how the prompt was made
 * @param idleTimeoutMillis longest allowed silence between two events of one stream
 * @param newConnection whether the request needed a new connection (see {@link
 *     ConnectionEstimator}), null when unknown
 * @param ttftKind which first output is the request's TTFT (the profile's {@code
 *     request.ttftFrom}): the first-token check waits for it and the record's {@code ttftMillis}
 *     and gap count to it; {@link TtftKind#ANY} when null
 */
public record RequestContext(
    RequestIdentity identity,
    StepLevel level,
    RequestInput input,
    long idleTimeoutMillis,
    @Nullable Boolean newConnection,
    TtftKind ttftKind) {

  public RequestContext {
    ttftKind = ttftKind == null ? TtftKind.ANY : ttftKind;
  }

  /** A context whose TTFT is the first output of any kind. */
  public RequestContext(
      RequestIdentity identity,
      StepLevel level,
      RequestInput input,
      long idleTimeoutMillis,
      @Nullable Boolean newConnection) {
    this(identity, level, input, idleTimeoutMillis, newConnection, TtftKind.ANY);
  }

  /** A context whose connection is not known yet (the chain estimates it when it sends). */
  public RequestContext(
      RequestIdentity identity, StepLevel level, RequestInput input, long idleTimeoutMillis) {
    this(identity, level, input, idleTimeoutMillis, null);
  }

  /**
   * The same context in another part of the run: a search's or auto stairs' phase, decided when the
   * request was admitted.
   */
  public RequestContext withStep(
      RequestPhase newPhase,
      int newStep,
      String newStepLabel,
      @Nullable Double newOfferedRate,
      @Nullable Integer newConcurrency) {
    return new RequestContext(
        identity,
        new StepLevel(newPhase, newStep, newStepLabel, newOfferedRate, newConcurrency),
        input,
        idleTimeoutMillis,
        newConnection,
        ttftKind);
  }

  /** The same context with {@code newConnection} set. */
  public RequestContext withNewConnection(boolean value) {
    return new RequestContext(identity, level, input, idleTimeoutMillis, value, ttftKind);
  }

  /** The same context with its TTFT counted to the first output of {@code kind}. */
  public RequestContext withTtftKind(TtftKind kind) {
    return new RequestContext(identity, level, input, idleTimeoutMillis, newConnection, kind);
  }

  /**
   * The request's record with what is known before sending already set: who sent it, in which step,
   * what it asked for (its API: chat when the context names none) and how its prompt was made
   * (every measured field still undefined).
   */
  public RequestRecordBuilder record() {
    return RequestRecord.builder()
        .identity(identity)
        .level(level)
        .input(input)
        .input(in -> in.askedPromptTokens(input.promptTokens()).api(input.apiOrChat()))
        .newConnection(newConnection);
  }
}
