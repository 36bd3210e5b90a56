package dev.ttftgap.bench.jmh;

import dev.ttftgap.bench.ClassPaths;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the hot-path micro-benchmarks with short settings (3 warm-up × 1 s, 5 × 1 s, 1 fork), a few
 * minutes in all:
 *
 * <pre>
 * mvn -q -o test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.ttftgap.bench.jmh.JmhMain [-Dexec.args="REGEX [gc]"]
 * </pre>
 *
 * <p>{@code REGEX} selects benchmarks (default: every class of this package); {@code gc} adds JMH's
 * GC profiler, which prints the bytes allocated per operation ({@code gc.alloc.rate.norm}).
 */
public final class JmhMain {
  private JmhMain() {}

  public static void main(String[] args) throws RunnerException {
    String include = args.length > 0 ? args[0] : JmhMain.class.getPackageName() + ".*Benchmark";
    ChainedOptionsBuilder options =
        new OptionsBuilder()
            .include(include)
            .warmupIterations(3)
            .warmupTime(TimeValue.seconds(1))
            .measurementIterations(5)
            .measurementTime(TimeValue.seconds(1))
            .forks(1)
            .jvmArgsAppend("-Xmx512m")
            .shouldDoGC(true);
    if (args.length > 1 && args[1].equals("gc")) {
      options.addProfiler(GCProfiler.class);
    }
    // JMH forks with java.class.path, which under exec:java is Maven's launcher
    System.setProperty("java.class.path", ClassPaths.of(JmhMain.class));
    new Runner(options.build()).run();
  }
}
