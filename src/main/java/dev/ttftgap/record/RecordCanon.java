package dev.ttftgap.record;

import java.util.HashMap;
import java.util.Map;

/**
 * Makes the records read from one file share their equal parts: the records of a run repeat the
 * same step level, input, result, health and injector part, and the same run name, thousands of
 * times, and a parsed line makes a new object of each. Shared, a million records of a run fit in
 * the heap a hundred thousand used to take. At most {@value #MAX_VALUES} distinct values are kept,
 * so a file whose parts are all different costs one bounded map, and no record changes: a part is
 * replaced only by an equal one.
 */
final class RecordCanon {
  static final int MAX_VALUES = 4096;

  private final Map<Object, Object> values = new HashMap<>();

  /** {@code record} with its parts replaced by equal ones seen before. */
  RequestRecord of(RequestRecord record) {
    return new RequestRecord(
        identity(record.identity()),
        shared(record.level()),
        shared(record.input()),
        record.timings(),
        record.micros(),
        shared(record.output()),
        shared(record.serverTimings()),
        record.newConnection(),
        shared(record.httpVersion()),
        shared(record.result()),
        shared(record.health()),
        shared(record.part()));
  }

  private RequestIdentity identity(RequestIdentity identity) {
    String run = shared(identity.run());
    return run == identity.run()
        ? identity
        : new RequestIdentity(run, identity.userId(), identity.requestId());
  }

  @SuppressWarnings("unchecked")
  private <T> T shared(T value) {
    if (value == null) {
      return null;
    }
    Object known = values.get(value);
    if (known != null) {
      return (T) known;
    }
    if (values.size() < MAX_VALUES) {
      values.put(value, value);
    }
    return value;
  }
}
