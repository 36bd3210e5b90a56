package dev.ttftgap.bench.jmh;

import dev.ttftgap.measure.RecordAssembler;
import dev.ttftgap.record.RecordWriter;
import dev.ttftgap.record.RequestRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Records through {@link RecordWriter}: the caller's {@code append} alone (an enqueue), and the
 * whole path to the file (append a batch, wait until the writer thread has written it), which is
 * the CPU a record really costs. The records are those of 200-token streams (200 ITLs each).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class RecordWriterBenchmark {
  static final int BATCH = 1000;
  private RequestRecord record;
  private Path file;
  private RecordWriter writer;
  private long appended;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    StreamEvents.Request request = StreamEvents.request(200);
    record =
        RecordAssembler.assemble(
            StreamEvents.context(), request.rows(), request.events(), request.sendMillis());
    file = Files.createTempFile("ttftgap-jmh-records-", ".jsonl");
    writer = RecordWriter.open(file);
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    writer.close();
    Files.deleteIfExists(file);
  }

  /** Append a batch and wait until it is written: µs per record, writer thread included. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public long appendAndWrite() {
    for (int i = 0; i < BATCH; i++) {
      writer.append(record);
    }
    appended += BATCH;
    while (writer.written() < appended) {
      Thread.onSpinWait();
    }
    return appended;
  }
}
