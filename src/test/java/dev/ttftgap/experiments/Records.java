package dev.ttftgap.experiments;

import dev.ttftgap.record.RequestRecord;

/** Builds the few record fields the experiment tables read. */
final class Records {
  private Records() {}

  static RequestRecord ok(
      String model, String label, long start, long ttfbMillis, long ttftMillis) {
    return ok(model, label, start, ttfbMillis, ttftMillis, null);
  }

  static RequestRecord ok(
      String model, String label, long start, long ttfbMillis, long ttftMillis, Integer prompt) {
    return new RequestRecord(
        "run",
        start,
        null,
        RequestRecord.STEP,
        1,
        label,
        null,
        1,
        model,
        prompt,
        64,
        start,
        ttfbMillis,
        ttftMillis,
        ttftMillis - ttfbMillis,
        ttftMillis,
        null,
        ttftMillis + 500,
        null,
        null,
        64,
        "usage",
        64,
        null,
        null,
        RequestRecord.OK,
        null,
        200,
        null);
  }

  static RequestRecord warmup(String model, String label, long start, long ttfb, long ttft) {
    RequestRecord r = ok(model, label, start, ttfb, ttft);
    return new RequestRecord(
        r.run(),
        r.userId(),
        null,
        RequestRecord.WARMUP,
        0,
        label,
        null,
        1,
        model,
        null,
        64,
        start,
        ttfb,
        ttft,
        ttft - ttfb,
        ttft,
        null,
        ttft + 500,
        null,
        null,
        64,
        "usage",
        64,
        null,
        null,
        RequestRecord.OK,
        null,
        200,
        null);
  }

  static RequestRecord httpFailure(String model, String label, long start, int status) {
    return new RequestRecord(
        "run",
        start,
        null,
        RequestRecord.STEP,
        1,
        label,
        null,
        1,
        model,
        null,
        64,
        start,
        3L,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        RequestRecord.KO,
        "http_status",
        status,
        "Incorrect API key provided");
  }

  static RequestRecord failure(String model, String label, long start, String reason) {
    return new RequestRecord(
        "run",
        start,
        null,
        RequestRecord.STEP,
        1,
        label,
        null,
        1,
        model,
        null,
        64,
        start,
        40L,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        RequestRecord.KO,
        reason,
        200,
        "no content before the end");
  }
}
