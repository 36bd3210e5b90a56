package dev.ttftgap.record;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The background thread of a {@link RecordWriter}: polls the queue, serialises each record and
 * writes it through a 64 KiB buffer, flushing every {@value RecordWriter#FLUSH_EVERY_RECORDS}
 * records or when the queue runs dry, and parks (at most {@value RecordWriter#IDLE_PARK_MILLIS} ms)
 * when it is empty.
 */
final class RecordDrain {
  private static final Logger LOG = LoggerFactory.getLogger(RecordWriter.class);

  private final Path file;
  private final FileChannel channel;
  private final Writer out;
  private final AtomicLong dropped;
  private final ConcurrentLinkedQueue<RequestRecord> queue = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean sleeping = new AtomicBoolean();
  private final AtomicLong written = new AtomicLong();
  private final Thread thread;
  private volatile boolean stop;
  private volatile IOException failure;
  private volatile UnaryOperator<RequestRecord> stamp = UnaryOperator.identity();

  RecordDrain(Path file, FileChannel channel, AtomicLong dropped) {
    this.file = file;
    this.channel = channel;
    this.dropped = dropped;
    this.out =
        new BufferedWriter(
            new OutputStreamWriter(Channels.newOutputStream(channel), StandardCharsets.UTF_8),
            1 << 16);
    this.thread = new Thread(this::drainLoop, "records-writer " + file.getFileName());
    this.thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  void stamp(UnaryOperator<RequestRecord> stamp) {
    this.stamp = Objects.requireNonNull(stamp, "stamp");
  }

  void offer(RequestRecord record) {
    queue.offer(record);
  }

  /** Wakes the thread if it sleeps. */
  void wake() {
    if (sleeping.get() && sleeping.compareAndSet(true, false)) {
      LockSupport.unpark(thread);
    }
  }

  long written() {
    return written.get();
  }

  /** The first write failure, or null. */
  IOException failure() {
    return failure;
  }

  /**
   * Lets the thread drain what is queued and waits for it to end, then flushes, fsyncs and closes
   * the file.
   *
   * @return whether the calling thread was interrupted while waiting (its flag is then to be set
   *     again)
   */
  boolean finish() {
    stop = true;
    LockSupport.unpark(thread);
    boolean interruptedWhileJoining = false;
    while (thread.isAlive()) {
      try {
        thread.join();
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
    return interruptedWhileJoining;
  }

  private void drainLoop() {
    int pending = 0;
    try {
      while (true) {
        RequestRecord record = queue.poll();
        if (record != null) {
          pending += writeLine(record);
          if (pending >= RecordWriter.FLUSH_EVERY_RECORDS) {
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
        if (stop) {
          if (queue.isEmpty()) {
            return;
          }
          continue;
        }
        sleeping.set(true);
        if (queue.isEmpty() && !stop) {
          LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(RecordWriter.IDLE_PARK_MILLIS));
        }
        sleeping.set(false);
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
}
