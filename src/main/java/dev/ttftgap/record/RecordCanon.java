package dev.ttftgap.record;

import java.util.HashMap;
import java.util.Map;

/**
 * Makes the records read from one file share their equal parts: the records of a run repeat the
 * same step level, input, result, health and injector part, the same run name and many of the same
 * durations, thousands of times, and a parsed line makes a new object of each. Shared, a million
 * records of a run fit in the heap a hundred thousand used to take. At most {@value #MAX_VALUES}
 * distinct parts and {@value #MAX_NUMBERS} numbers are kept, so a file whose parts are all
 * different costs one bounded map, and no record changes: a part is replaced only by an equal one.
 */
final class RecordCanon {
  static final int MAX_VALUES = 4096;

  /** Boxed durations kept for sharing: ms and µs values of a run's requests repeat. */
  static final int MAX_NUMBERS = 1 << 16;

  private final Map<Object, Object> values = new HashMap<>();
  private final Map<Number, Number> numbers = new HashMap<>();

  /** {@code record} with its parts replaced by equal ones seen before. */
  RequestRecord of(RequestRecord record) {
    return new RequestRecord(
        identity(record.identity()),
        shared(record.level()),
        shared(record.input()),
        timings(record.timings()),
        micros(record.micros()),
        shared(record.output()),
        shared(record.serverTimings()),
        record.newConnection(),
        shared(record.httpVersion()),
        shared(record.result()),
        shared(record.health()),
        shared(record.part()));
  }

  /** The durations share their boxes (a step's TTFTs repeat within a few thousand values). */
  private Timings timings(Timings t) {
    return new Timings(
        t.startEpochMillis(),
        number(t.ttfbMillis()),
        number(t.ttftMillis()),
        number(t.gapMillis()),
        number(t.firstContentMillis()),
        number(t.firstReasoningMillis()),
        number(t.e2eMillis()),
        t.itlMillis(),
        number(t.tpotMillis()),
        number(t.firstToolCallMillis()));
  }

  private MicroTimings micros(MicroTimings m) {
    return new MicroTimings(
        number(m.ttfbMicros()),
        number(m.ttftMicros()),
        number(m.gapMicros()),
        m.startEpochMicros(),
        number(m.setupMicros()));
  }

  private <T extends Number> T number(T value) {
    return shared(value, numbers, MAX_NUMBERS);
  }

  private RequestIdentity identity(RequestIdentity identity) {
    String run = shared(identity.run());
    return run == identity.run()
        ? identity
        : new RequestIdentity(run, identity.userId(), identity.requestId());
  }

  private <T> T shared(T value) {
    return shared(value, values, MAX_VALUES);
  }

  /** {@code value}, or the equal one {@code known} holds; kept there while it has room. */
  @SuppressWarnings("unchecked")
  private static <T, K> T shared(T value, Map<K, K> known, int bound) {
    if (value == null) {
      return null;
    }
    K seen = known.get(value);
    if (seen != null) {
      return (T) seen;
    }
    if (known.size() < bound) {
      known.put((K) value, (K) value);
    }
    return value;
  }
}
