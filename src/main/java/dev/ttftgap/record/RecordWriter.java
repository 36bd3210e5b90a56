package dev.ttftgap.record;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
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
  private final FileChannel channel;
  private final Writer out;
  private final ConcurrentLinkedQueue<RequestRecord> queue = new ConcurrentLinkedQueue<>();
  private final Map<Long, Supplier<RequestRecord>> tracked = new ConcurrentHashMap<>();
  private final AtomicInteger callersInside = new AtomicInteger();
  private final AtomicBoolean writerSleeping = new AtomicBoolean();
  private final AtomicLong written = new AtomicLong();
  private final AtomicLong dropped = new AtomicLong();
  private final AtomicBoolean droppedWarned = new AtomicBoolean();
  private final Object closeLock = new Object();
  private final Thread writer;
  private final Thread shutdownHook;
  private volatile boolean closing;
  private volatile boolean stopWriter;
  private volatile IOException failure;
  private boolean closed;
  private volatile FailureReason inFlightReason;
  private volatile String inFlightMessage;

  private RecordWriter(Path file, FileChannel channel) {
    this.file = file;
    this.channel = channel;
    this.out =
        new BufferedWriter(
            new OutputStreamWriter(Channels.newOutputStream(channel), StandardCharsets.UTF_8),
            1 << 16);
    this.writer = new Thread(this::drainLoop, "records-writer " + file.getFileName());
    this.writer.setDaemon(true);
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
    recordWriter.writer.start();
    Runtime.getRuntime().addShutdownHook(recordWriter.shutdownHook);
    return recordWriter;
  }

  private final List<Consumer<RequestRecord>> onAppend = new CopyOnWriteArrayList<>();
  private volatile UnaryOperator<RequestRecord> stamp = UnaryOperator.identity();

  /**
   * Passes every record through {@code stamp} just before it is written, on the writer's thread
   * (interrupted ones included): how a split run's part marks its records with the injector, host
   * and run id without touching the hot path. Listeners see records unstamped. Set it before the
   * first append.
   */
  public void stamp(UnaryOperator<RequestRecord> stamp) {
    this.stamp = java.util.Objects.requireNonNull(stamp, "stamp");
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
      if (closing || failure != null) {
        refuse("record of user " + record.identity().userId());
        return;
      }
      tracked.remove(record.identity().userId());
      queue.offer(record);
    } finally {
      callersInside.decrementAndGet();
    }
    for (Consumer<RequestRecord> listener : onAppend) {
      listener.accept(record);
    }
    if (writerSleeping.get() && writerSleeping.compareAndSet(true, false)) {
      LockSupport.unpark(writer);
    }
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
      tracked.put(userId, onInterrupt);
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
    this.inFlightReason = reason;
    this.inFlightMessage = message;
  }

  /** Forgets user {@code userId}'s in-flight request without writing anything. */
  public void untrack(long userId) {
    tracked.remove(userId);
  }

  /** Records handed to the file (flushed to the operating system) so far. */
  public long written() {
    return written.get();
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
      for (Long userId : tracked.keySet()) {
        Supplier<RequestRecord> onInterrupt = tracked.remove(userId);
        if (onInterrupt != null) {
          RequestRecord interrupted = interrupted(userId, onInterrupt);
          if (interrupted != null) {
            queue.offer(interrupted);
          }
        }
      }
      stopWriter = true;
      LockSupport.unpark(writer);
      boolean interruptedWhileJoining = false;
      while (writer.isAlive()) {
        try {
          writer.join();
        } catch (InterruptedException e) {
          interruptedWhileJoining = true;
        }
      }
      try {
        out.flush();
        channel.force(true);
        out.close();
      } catch (IOException e) {
        failure = failure == null ? e : failure;
      }
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
      if (failure != null) {
        throw new UncheckedIOException(
            "records file " + file + ": write failed, records were lost (" + failure + ")",
            failure);
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
      return r.withOutcome(Outcome.KO, inFlightReason, r.result().httpStatus(), inFlightMessage);
    }
    return r.withOutcome(
        Outcome.KO,
        FailureReason.INTERRUPTED,
        r.result().httpStatus(),
        r.result().message() != null
            ? r.result().message()
            : "the run ended while the request was in flight");
  }

  private void refuse(String what) {
    dropped.incrementAndGet();
    if (droppedWarned.compareAndSet(false, true)) {
      LOG.warn(
          "records file {}: {} refused, the writer is {}; see dropped() for the count",
          file,
          what,
          failure != null ? "failed" : "closed");
    }
  }

  private void drainLoop() {
    int pending = 0;
    try {
      while (true) {
        RequestRecord record = queue.poll();
        if (record != null) {
          pending += writeLine(record);
          if (pending >= FLUSH_EVERY_RECORDS) {
            out.flush();
            written.addAndGet(pending);
            pending = 0;
          }
          continue;
        }
        if (pending > 0) {
          out.flush();
          written.addAndGet(pending);
          pending = 0;
        }
        if (stopWriter) {
          if (queue.isEmpty()) {
            return;
          }
          continue;
        }
        writerSleeping.set(true);
        if (queue.isEmpty() && !stopWriter) {
          LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(IDLE_PARK_MILLIS));
        }
        writerSleeping.set(false);
      }
    } catch (IOException e) {
      failure = e;
      LOG.error(
          "records file {}: write failed, further records are refused: {}", file, e.toString());
    }
  }

  /** Writes one line; returns 1, or 0 when the record could not be serialised (logged). */
  private int writeLine(RequestRecord record) throws IOException {
    String json;
    try {
      json = RecordJson.MAPPER.writeValueAsString(stamp.apply(record));
    } catch (JsonProcessingException e) {
      dropped.incrementAndGet();
      LOG.error(
          "records file {}: record of user {} not serialisable: {}",
          file,
          record.identity().userId(),
          e.getOriginalMessage());
      return 0;
    }
    out.write(json);
    out.write('\n');
    return 1;
  }

  private void closeOnShutdown() {
    try {
      close();
    } catch (RuntimeException e) {
      LOG.error("records file {}: closing at shutdown failed: {}", file, e.getMessage());
    }
  }
}
