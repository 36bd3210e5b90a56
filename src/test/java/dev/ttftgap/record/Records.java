package dev.ttftgap.record;

import java.util.List;
import java.util.Map;

/** Test records: one with every field set, one with every nullable field null. */
final class Records {
  private Records() {}

  static RequestRecord full(long userId) {
    return new RequestRecord(
        "run-20261130",
        userId,
        "chatcmpl-" + userId,
        RequestRecord.STEP,
        3,
        "step 3 · 6 rps",
        6.0,
        null,
        "Qwen/Qwen2.5-7B-Instruct",
        512,
        128,
        1_764_470_000_000L + userId,
        120L,
        400L,
        280L,
        430L,
        400L,
        510L,
        List.of(30L, 0L, 30L),
        36.666666666666664,
        4,
        "usage",
        3,
        Map.of("queue_time_ms", 812.5),
        true,
        RequestRecord.OK,
        null,
        200,
        null);
  }

  static RequestRecord minimal(long userId) {
    return new RequestRecord(
        "run",
        userId,
        null,
        RequestRecord.WARMUP,
        0,
        null,
        null,
        null,
        null,
        null,
        null,
        5L,
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
        null,
        RequestRecord.KO,
        FailureReason.CONNECTION_FAILED.code(),
        null,
        "Connection refused");
  }

  static RequestRecord inFlight(long userId) {
    return new RequestRecord(
        "run",
        userId,
        "chatcmpl-x",
        RequestRecord.STEP,
        1,
        "step 1 · 2 rps",
        2.0,
        null,
        "m",
        100,
        64,
        1000L,
        120L,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        0,
        null,
        null,
        RequestRecord.OK,
        null,
        200,
        null);
  }
}
