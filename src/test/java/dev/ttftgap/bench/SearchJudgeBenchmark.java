package dev.ttftgap.bench;

import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.Slo;
import dev.ttftgap.profile.Search;
import dev.ttftgap.search.RateSearch;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What judging one phase of the in-run search ({@code find-max-rate}) costs a long run: hands
 * {@code records} synthetic records ({@link SyntheticSplitRun}, one part) to a {@link RateSearch},
 * then ticks it past its first probe's window, so that it judges the phase over every record, while
 * another thread keeps calling {@link RateSearch#phase}, the synchronized read Gatling's event
 * loops make for each user they start (as they do {@link RateSearch#admit}, which would grow the
 * search's state here). Prints the judgement's wall time and the longest such a call waited during
 * it: the time an event loop of a real run would stand still, its streams unread; and the heap the
 * records the search holds take (after a full collection).
 *
 * <pre>
 * mvn -q -o test-compile exec:exec -Dexec.executable=java -Dexec.classpathScope=test \
 *   -Dexec.args="-Xmx2g -cp %classpath dev.ttftgap.bench.SearchJudgeBenchmark 1000000"
 * </pre>
 *
 * <p>Arguments: records (default 1,000,000: an hour at 300 requests/s), rounds (default 3).
 */
public final class SearchJudgeBenchmark {
  private SearchJudgeBenchmark() {}

  /** The heap in use after a full collection. */
  private static long liveHeapBytes() {
    System.gc();
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  public static void main(String[] args) throws InterruptedException {
    long records = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    SyntheticSplitRun run = new SyntheticSplitRun(records, 1, 64);
    CapacityOptions slo =
        new CapacityOptions(
            Slo.of(3000, 2500, 1), Optional.empty(), Optional.empty(), Optional.empty());
    // probes of 20 s from 30 requests/s: the synthetic run's first step is the first probe's
    Search config = new Search(30, 300, 2, 20, 60, 5, 7200);
    for (int round = 1; round <= rounds; round++) {
      StringBuilder said = new StringBuilder();
      RateSearch search =
          new RateSearch(config, slo, Optional.empty(), false, line -> said.append(line));
      long empty = liveHeapBytes();
      run.generate((part, record) -> search.onRecord(record));
      long held = liveHeapBytes() - empty;
      AtomicBoolean judging = new AtomicBoolean(true);
      AtomicLong longestWaitNanos = new AtomicLong();
      AtomicLong reads = new AtomicLong();
      Thread loop =
          new Thread(
              () -> {
                while (judging.get()) {
                  long before = System.nanoTime();
                  search.phase();
                  long waited = System.nanoTime() - before;
                  longestWaitNanos.accumulateAndGet(waited, Math::max);
                  reads.incrementAndGet();
                  Thread.onSpinWait();
                }
              },
              "event-loop-stand-in");
      loop.start();
      long start = System.nanoTime();
      search.tick(20_001);
      long judgedNanos = System.nanoTime() - start;
      judging.set(false);
      loop.join();
      System.out.printf(
          Locale.ROOT,
          "round %d: %,d records held in %.0f MiB (%.0f bytes each): judged in %.0f ms; %,d reads of"
              + " the phase meanwhile, the longest waited %.3f ms; the search said: %s%n",
          round,
          records,
          held / 1048576.0,
          (double) held / records,
          judgedNanos / 1e6,
          reads.get(),
          longestWaitNanos.get() / 1e6,
          said);
    }
  }
}
