package dev.ttftgap.bench.jmh;

import dev.ttftgap.measure.RecordAssembler;
import dev.ttftgap.measure.RequestContext;
import dev.ttftgap.record.RequestRecord;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** The per-request work at the end of a stream: one record from a 200-token stream's events. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class RecordAssemblerBenchmark {
  private RequestContext context;
  private StreamEvents.Request request;

  @Setup
  public void setUp() {
    context = StreamEvents.context();
    request = StreamEvents.request(200);
  }

  @Benchmark
  public RequestRecord assemble200TokenStream() {
    return RecordAssembler.assemble(
        context, request.rows(), request.events(), request.sendMillis());
  }
}
