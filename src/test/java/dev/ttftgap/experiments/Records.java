package dev.ttftgap.experiments;

import dev.ttftgap.record.FailureReason;
import dev.ttftgap.record.Outcome;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.RequestRecordBuilder;
import dev.ttftgap.record.TestRecords;

/** The few record shapes the experiment tables read, built on the shared {@link TestRecords}. */
final class Records {
  private Records() {}

  static RequestRecord ok(
      String model, String label, long start, long ttfbMillis, long ttftMillis) {
    return ok(model, label, start, ttfbMillis, ttftMillis, null);
  }

  static RequestRecord ok(
      String model, String label, long start, long ttfbMillis, long ttftMillis, Integer prompt) {
    return streamed(model, label, start, ttfbMillis, ttftMillis)
        .input(in -> in.promptTokens(prompt))
        .build();
  }

  static RequestRecord warmup(String model, String label, long start, long ttfb, long ttft) {
    return streamed(model, label, start, ttfb, ttft)
        .level(lv -> lv.phase(RequestPhase.WARMUP).step(0))
        .build();
  }

  static RequestRecord httpFailure(String model, String label, long start, int status) {
    return failed(
        sent(model, label, start),
        3L,
        FailureReason.HTTP_STATUS,
        status,
        "Incorrect API key provided");
  }

  static RequestRecord failure(String model, String label, long start, FailureReason reason) {
    return failed(sent(model, label, start), 40L, reason, 200, "no content before the end");
  }

  /** A KO record: headers after {@code ttfb} ms, then the failure. */
  private static RequestRecord failed(
      RequestRecordBuilder sent, long ttfb, FailureReason reason, int status, String message) {
    return sent.timings(t -> t.ttfbMillis(ttfb))
        .result(res -> res.outcome(Outcome.KO).reason(reason).httpStatus(status).message(message))
        .build();
  }

  /** A finished stream of 64 tokens that ended 500 ms after its first token. */
  private static RequestRecordBuilder streamed(
      String model, String label, long start, long ttfbMillis, long ttftMillis) {
    return sent(model, label, start)
        .timings(
            t ->
                t.ttfbMillis(ttfbMillis)
                    .ttftMillis(ttftMillis)
                    .gapMillis(ttftMillis - ttfbMillis)
                    .firstContentMillis(ttftMillis)
                    .e2eMillis(ttftMillis + 500))
        .output(o -> o.outputTokens(64).outputTokensSource("usage").contentEvents(64))
        .result(res -> res.httpStatus(200));
  }

  /** What every record of an experiment round has: the user id is the start time. */
  private static RequestRecordBuilder sent(String model, String label, long start) {
    return TestRecords.builder()
        .identity(id -> id.userId(start))
        .level(lv -> lv.stepLabel(label).concurrency(1))
        .input(in -> in.model(model).maxTokens(64))
        .timings(t -> t.startEpochMillis(start));
  }
}
