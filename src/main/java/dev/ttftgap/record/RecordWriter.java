package dev.ttftgap.record;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes {@link RequestRecord}s as JSON lines ({@code records.jsonl}), one per line, from any
 * number of threads, without making them wait for the disk.
 *
 * <p><b>Algorithm overview.</b> {@link #append} only puts the record on an unbounded lock-free
 * queue (and wakes the writer if it sleeps); one background thread serialises records and writes
 * them through a 64 KiB buffer, flushing to the file when the queue runs dry or every {@value
 * #FLUSH_EVERY_RECORDS} records, so a burst costs a few system calls, not one per record. {@link
 * #close} drains the queue, flushes and fsyncs.
 *
 * <p>In-flight requests are {@linkplain #track tracked} so that an interrupted run still has one
 * record per injected user: on {@link #close} (also called by a JVM shutdown hook) each request
 * still tracked is written from its supplier's snapshot with outcome {@code ko} and reason {@code
 * interrupted}. The hand-over is exact: a request's real record and its interrupted record are
 * never both written, because {@link #append} untracks the record's user, and once {@link #close}
 * has begun every later append or track is refused (counted in {@link #dropped()} and logged once)
 * instead of racing with it.
 *
 * <p><b>Assumptions.</b> One tracked request per {@code userId} at a time. The file is created or
 * truncated by {@link #open}. Records are immutable.
 *
 * <p><b>Parameters.</b> Flush every {@value #FLUSH_EVERY_RECORDS} records or when the queue is
 * empty; the idle writer re-checks the queue every {@value #IDLE_PARK_MILLIS} ms even without a
 * wake-up.
 */
public final class RecordWriter implements AutoCloseable {
  static final int FLUSH_EVERY_RECORDS = 4096;
  static final long IDLE_PARK_MILLIS = 50;
  private static final Logger LOG = LoggerFactory.getLogger(RecordWriter.class);

  private final Path file;
  private final RecordDrain drain;
  private final InFlightRequests tracked;
  private final AtomicInteger callersInside = new AtomicInteger();
  private final AtomicLong dropped = new AtomicLong();
  private final AtomicBoolean droppedWarned = new AtomicBoolean();
  private final Object closeLock = new Object();
  private final Thread shutdownHook;
  private volatile boolean closing;
  private boolean closed;

  private RecordWriter(Path file, FileChannel channel) {
    this.file = file;
    this.tracked = new InFlightRequests(file);
    this.drain = new RecordDrain(file, channel, dropped);
    this.shutdownHook = new Thread(this::closeOnShutdown, "records-writer-shutdown");
  }

  /**
   * Creates (or truncates) {@code file}, creating its parent directories, and starts the writer.
   *
   * @throws UncheckedIOException naming the file when it cannot be created
   */
  public static RecordWriter open(Path file) {
    FileChannel channel;
    try {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      channel =
          FileChannel.open(
              file,
              StandardOpenOption.CREATE,
              StandardOpenOption.WRITE,
              StandardOpenOption.TRUNCATE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "records file " + file + ": cannot create it (" + e + "); give a writable path", e);
    }
    RecordWriter recordWriter = new RecordWriter(file, channel);
    recordWriter.drain.start();
    Runtime.getRuntime().addShutdownHook(recordWriter.shutdownHook);
    return recordWriter;
  }

  private final List<Consumer<RequestRecord>> onAppend = new CopyOnWriteArrayList<>();

  /**
   * Passes every record through {@code stamp} just before it is written, on the writer's thread
   * (interrupted ones included): how a split run's part marks its records with the injector, host
   * and run id without touching the hot path. Listeners see records unstamped. Set it before the
   * first append.
   */
  public void stamp(UnaryOperator<RequestRecord> stamp) {
    drain.stamp(stamp);
  }

  /**
   * Also hands every accepted record to {@code listener}, on the appending thread (a search judges
   * its phases on them, the circuit breaker its window); it must be quick and thread-safe. Each
   * call adds one listener.
   */
  public void onAppend(Consumer<RequestRecord> listener) {
    onAppend.add(listener);
  }

  /**
   * Queues {@code record} for writing and untracks its user. Never blocks beyond the enqueue;
   * thread-safe. After {@link #close} has begun the record is refused and counted in {@link
   * #dropped()}.
   */
  public void append(RequestRecord record) {
    if (record == null) {
      throw new IllegalArgumentException("record must not be null");
    }
    callersInside.incrementAndGet();
    try {
      if (closing || drain.failure() != null) {
        refuse("record of user " + record.identity().userId());
        return;
      }
      tracked.untrack(record.identity().userId());
      drain.offer(record);
    } finally {
      callersInside.decrementAndGet();
    }
    for (Consumer<RequestRecord> listener : onAppend) {
      listener.accept(record);
    }
    drain.wake();
  }

  /**
   * Records that user {@code userId} has a request in flight; if the run ends before its record is
   * {@linkplain #append appended}, {@code onInterrupt}'s record is written instead, with outcome
   * {@code ko} and reason {@code interrupted}. Replaces an earlier supplier for the same user.
   *
   * @return false when the writer is already closing (the run is ending): the caller must not send
   *     the request, since no record of it could be written
   */
  public boolean track(long userId, Supplier<RequestRecord> onInterrupt) {
    if (onInterrupt == null) {
      throw new IllegalArgumentException("onInterrupt must not be null");
    }
    callersInside.incrementAndGet();
    try {
      if (closing) {
        refuse("in-flight request of user " + userId);
        return false;
      }
      tracked.track(userId, onInterrupt);
      return true;
    } finally {
      callersInside.decrementAndGet();
    }
  }

  /** Requests tracked as in flight now. */
  public int inFlight() {
    return tracked.size();
  }

  /**
   * From now on, requests still in flight at {@link #close} are written with {@code reason} and
   * {@code message} instead of {@code interrupted}: the run was stopped on purpose (by the circuit
   * breaker).
   */
  public void markInFlightAs(FailureReason reason, String message) {
    tracked.markAs(reason, message);
  }

  /** Forgets user {@code userId}'s in-flight request without writing anything. */
  public void untrack(long userId) {
    tracked.untrack(userId);
  }

  /** Records handed to the file (flushed to the operating system) so far. */
  public long written() {
    return drain.written();
  }

  /** Records and tracks refused because they came after {@link #close} began or after a failure. */
  public long dropped() {
    return dropped.get();
  }

  /** The file this writer writes. */
  public Path file() {
    return file;
  }

  /**
   * Writes every still-tracked request as interrupted, drains the queue, flushes, fsyncs and closes
   * the file. Idempotent; later calls return at once.
   *
   * @throws UncheckedIOException naming the file when a write failed (then records were lost)
   */
  @Override
  public void close() {
    synchronized (closeLock) {
      if (closed) {
        return;
      }
      closed = true;
      closing = true;
      while (callersInside.get() != 0) {
        Thread.onSpinWait();
      }
      tracked.interruptAll(drain::offer);
      boolean interruptedWhileJoining = drain.finish();
      if (Thread.currentThread() != shutdownHook) {
        try {
          Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
          // the hook is running or about to; it will find the writer closed
        }
      }
      if (interruptedWhileJoining) {
        Thread.currentThread().interrupt();
      }
      IOException failure = drain.failure();
      if (failure != null) {
        throw new UncheckedIOException(
            "records file " + file + ": write failed, records were lost (" + failure + ")",
            failure);
      }
    }
  }

  private void refuse(String what) {
    dropped.incrementAndGet();
    if (droppedWarned.compareAndSet(false, true)) {
      LOG.warn(
          "records file {}: {} refused, the writer is {}; see dropped() for the count",
          file,
          what,
          drain.failure() != null ? "failed" : "closed");
    }
  }

  private void closeOnShutdown() {
    try {
      close();
    } catch (RuntimeException e) {
      LOG.error("records file {}: closing at shutdown failed: {}", file, e.getMessage());
    }
  }
}
