package dev.ttftgap.bench.jmh;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Recording one latency in µs into an HdrHistogram as the analysis does (1 h range, 3 digits). */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class HistogramBenchmark {
  private static final int VALUES = 4096;
  private final long[] values = new long[VALUES];
  private Histogram histogram;
  private int next;

  @Setup
  public void setUp() {
    histogram = new Histogram(3_600_000_000L, 3);
    SplittableRandom random = new SplittableRandom(42);
    for (int i = 0; i < VALUES; i++) {
      // 1 ms .. 10 s, log-uniform, like TTFT under rising load
      values[i] = (long) Math.pow(10, 3 + 4 * random.nextDouble());
    }
  }

  @Benchmark
  public void recordValue() {
    histogram.recordValue(values[next++ & (VALUES - 1)]);
  }
}
