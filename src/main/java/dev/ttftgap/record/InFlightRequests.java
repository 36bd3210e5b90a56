package dev.ttftgap.record;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The requests a {@link RecordWriter} tracks as in flight, one per user, and how each becomes an
 * interrupted (or breaker-stopped) record when the run ends before its own record arrives.
 */
final class InFlightRequests {
  private static final Logger LOG = LoggerFactory.getLogger(RecordWriter.class);

  private final Path file;
  private final Map<Long, Supplier<RequestRecord>> tracked = new ConcurrentHashMap<>();
  private volatile FailureReason inFlightReason;
  private volatile String inFlightMessage;

  InFlightRequests(Path file) {
    this.file = file;
  }

  void track(long userId, Supplier<RequestRecord> onInterrupt) {
    tracked.put(userId, onInterrupt);
  }

  void untrack(long userId) {
    tracked.remove(userId);
  }

  int size() {
    return tracked.size();
  }

  void markAs(FailureReason reason, String message) {
    this.inFlightReason = reason;
    this.inFlightMessage = message;
  }

  /**
   * Untracks every request still tracked and hands its interrupted record (if any) to {@code sink}.
   */
  void interruptAll(Consumer<RequestRecord> sink) {
    for (Long userId : tracked.keySet()) {
      Supplier<RequestRecord> onInterrupt = tracked.remove(userId);
      if (onInterrupt != null) {
        RequestRecord interrupted = interrupted(userId, onInterrupt);
        if (interrupted != null) {
          sink.accept(interrupted);
        }
      }
    }
  }

  private RequestRecord interrupted(long userId, Supplier<RequestRecord> onInterrupt) {
    RequestRecord r;
    try {
      r = onInterrupt.get();
    } catch (RuntimeException e) {
      LOG.warn(
          "records file {}: interrupted request of user {} lost: {}", file, userId, e.toString());
      return null;
    }
    if (r == null) {
      LOG.warn("records file {}: interrupted request of user {} lost: no record", file, userId);
      return null;
    }
    if (inFlightReason != null) {
      return r.withResult(
          new RequestResult(Outcome.KO, inFlightReason, r.result().httpStatus(), inFlightMessage));
    }
    return r.withResult(
        new RequestResult(
            Outcome.KO,
            FailureReason.INTERRUPTED,
            r.result().httpStatus(),
            r.result().message() != null
                ? r.result().message()
                : "the run ended while the request was in flight"));
  }
}
