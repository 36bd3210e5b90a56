package dev.ttftgap.bench;

import dev.ttftgap.health.LoadGeneratorLog;
import dev.ttftgap.report.CapacityMain;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How the capacity report scales with the run: writes a synthetic split run of {@code records}
 * requests in {@code parts} parts ({@link SyntheticSplitRun}, once per size: kept under {@code
 * target/bench/analysis-scale/}, with each part's {@code load-generator.jsonl}), then runs {@code
 * CapacityMain} on the parts' folders (check, merge, analysis, the three report files) in this JVM
 * and prints the wall time, the peak heap used (the heap pools' peaks, garbage included: an upper
 * bound) and the largest heap left after a collection (the live set the analysis really needed).
 *
 * <pre>
 * mvn -q -o test-compile exec:exec -Dexec.executable=java -Dexec.classpathScope=test \
 *   -Dexec.args="-Xmx1g -cp %classpath dev.ttftgap.bench.AnalysisScaleBenchmark 1000000 4 64"
 * </pre>
 *
 * <p>Arguments: records (default 1,000,000), parts (default 4), tokens per request (default 64, the
 * default run's output; each finished stream carries tokens − 1 ITLs). Run it under the heap you
 * want to prove ({@code -Xmx1g}); without {@code -Xmx} the JVM's default heap applies.
 */
public final class AnalysisScaleBenchmark {
  private AnalysisScaleBenchmark() {}

  public static void main(String[] args) throws IOException {
    long records = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
    int parts = args.length > 1 ? Integer.parseInt(args[1]) : 4;
    int tokens = args.length > 2 ? Integer.parseInt(args[2]) : 64;
    Path root =
        Path.of(
                "target",
                "bench",
                "analysis-scale",
                records
                    + "x"
                    + parts
                    + "x"
                    + tokens
                    + "-"
                    + (int) SyntheticSplitRun.BASE_RPS
                    + "rps")
            .toAbsolutePath();
    Path done = root.resolve("written");
    if (!Files.exists(done)) {
      long written = System.nanoTime();
      new SyntheticSplitRun(records, parts, tokens).write(root);
      Files.writeString(done, "ok\n");
      System.out.printf(
          Locale.ROOT,
          "analysis-scale: wrote %,d records in %d parts (%d tokens each) in %.1f s under %s%n",
          records,
          parts,
          tokens,
          (System.nanoTime() - written) / 1e9,
          root);
    }
    if (!Files.exists(SyntheticSplitRun.partFolder(root, 1).resolve(LoadGeneratorLog.FILE_NAME))) {
      new SyntheticSplitRun(records, parts, tokens).writeHealth(root);
    }
    long bytes = 0;
    List<String> arguments = new ArrayList<>();
    for (int i = 1; i <= parts; i++) {
      Path folder = SyntheticSplitRun.partFolder(root, i);
      bytes += Files.size(folder.resolve("records.jsonl"));
      arguments.add(folder.toString());
    }
    Path out = root.resolve("merged");
    arguments.addAll(List.of("--out", out.toString(), "--overwrite"));
    AtomicLong maxLiveAfterGc = watchHeapAfterGc();
    System.gc();
    resetPeaks();
    long start = System.nanoTime();
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    int status;
    try (PrintStream capture = new PrintStream(console, true, StandardCharsets.UTF_8)) {
      status = CapacityMain.run(arguments.toArray(String[]::new), capture, System.err);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    String text = console.toString(StandardCharsets.UTF_8);
    System.out.printf(
        Locale.ROOT,
        "analysis-scale: %,d records, %d parts, %.0f MiB of records: CapacityMain exit %d in %.1f s;"
            + " peak heap used %.0f MiB (garbage included), largest heap after a GC %.0f MiB,"
            + " max heap %.0f MiB%n",
        records,
        parts,
        bytes / 1048576.0,
        status,
        seconds,
        peakHeapBytes() / 1048576.0,
        maxLiveAfterGc.get() / 1048576.0,
        Runtime.getRuntime().maxMemory() / 1048576.0);
    text.lines()
        .filter(
            l ->
                l.contains("Knee at")
                    || l.contains("Max sustainable")
                    || l.contains("Saturation:")
                    || l.contains("load generator"))
        .forEach(
            l ->
                System.out.println("analysis-scale: " + l.substring(0, Math.min(l.length(), 160))));

    if (status != 0) {
      System.out.println(text);
      System.exit(status);
    }
  }

  private static void resetPeaks() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        pool.resetPeakUsage();
      }
    }
  }

  private static long peakHeapBytes() {
    long peak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        peak += pool.getPeakUsage().getUsed();
      }
    }
    return peak;
  }

  /** The largest heap used right after any collection, updated by GC notifications. */
  private static AtomicLong watchHeapAfterGc() {
    AtomicLong max = new AtomicLong();
    java.util.Set<String> heapPools = new java.util.HashSet<>();
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        heapPools.add(pool.getName());
      }
    }
    GcNotifications.onEachCollection(
        info ->
            max.accumulateAndGet(
                info.getGcInfo().getMemoryUsageAfterGc().entrySet().stream()
                    .filter(e -> heapPools.contains(e.getKey()))
                    .mapToLong(e -> e.getValue().getUsed())
                    .sum(),
                Math::max));
    return max;
  }
}
