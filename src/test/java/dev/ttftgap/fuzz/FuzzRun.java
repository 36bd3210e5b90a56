package dev.ttftgap.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;

/**
 * A time-bounded, seeded fuzz run of one {@link FuzzTarget}.
 *
 * <p>Algorithm overview: the pool starts as the target's seeds and its corpus of found cases; each
 * input is the pool's seeds first, then a {@link Mutator} mutant of a pool input. Each call runs on
 * a worker thread, so a hang is a finding too. An input whose outcome is new (returned, or a
 * declared error whose message, digits and quoted parts aside, was not seen yet) joins the pool: a
 * cheap stand-in for coverage, so mutations build on inputs that reached other branches. For each
 * distinct finding (exception type and the first frame of the project's code) the smallest input is
 * kept in {@code target/fuzz-found/<target>/}, ready to be copied into the corpus {@code
 * src/test/resources/dev/ttftgap/fuzz/<target>/}.
 *
 * <p>Key parameters with defaults: {@code -Dfuzz.seconds=3} per target (six targets, ~20 s in the
 * unit suite); {@code -Dfuzz.seed=27} (printed; the same seed gives the same input sequence, so the
 * Nth input replays); a call over {@value #HANG_SECONDS} s is a hang. A longer run: {@code mvn -o
 * test -Dtest='*FuzzTest' -Dfuzz.seconds=600}.
 */
public final class FuzzRun {
  /** Seconds per target. */
  public static final double SECONDS = Double.parseDouble(System.getProperty("fuzz.seconds", "3"));

  /** The seed of every target's generator. */
  public static final long SEED = Long.getLong("fuzz.seed", 27);

  static final int HANG_SECONDS = 10;
  private static final int MAX_POOL = 2000;
  private static final Path FOUND = Path.of("target", "fuzz-found");

  /**
   * What a run did.
   *
   * @param inputs how many inputs were tried
   * @param seconds how long it took
   * @param findings each distinct finding with its smallest input
   */
  public record Result(long inputs, double seconds, Map<String, Found> findings) {}

  /**
   * A finding's smallest input and what it threw.
   *
   * @param input the input
   * @param thrown what escaped, or null for a hang
   */
  public record Found(byte[] input, Throwable thrown) {}

  private final FuzzTarget target;
  private ExecutorService worker = newWorker();

  private FuzzRun(FuzzTarget target) {
    this.target = target;
  }

  /** Fuzzes {@code target} for {@link #SECONDS}, prints its line and fails naming every finding. */
  public static void assertNothingEscapes(FuzzTarget target) {
    Result result = run(target, SECONDS, SEED);
    System.out.printf(
        "fuzz %s: %d inputs in %.1f s, %d distinct failures kept (seed %d)%n",
        target.name(), result.inputs(), result.seconds(), result.findings().size(), SEED);
    List<String> kept = new ArrayList<>();
    result.findings().forEach((finding, found) -> kept.add(finding + " -> " + keep(target, found)));
    assertThat(kept).as("%s: inputs where an undeclared error escaped", target.name()).isEmpty();
  }

  /** Fuzzes {@code target} for {@code seconds} from {@code seed}. */
  public static Result run(FuzzTarget target, double seconds, long seed) {
    FuzzRun run = new FuzzRun(target);
    try {
      return run.loop(seconds, new Random(seed ^ target.name().hashCode()));
    } finally {
      run.worker.shutdownNow();
    }
  }

  /** One test per case of {@code target}'s corpus: it stays fixed. */
  public static Stream<DynamicTest> corpus(FuzzTarget target) {
    FuzzRun run = new FuzzRun(target);
    return cases(target.name())
        .map(
            file ->
                DynamicTest.dynamicTest(
                    target.name() + "/" + file.getFileName(),
                    () ->
                        assertThat(run.check(read(file)))
                            .as("%s: a found case stays fixed", file)
                            .isEmpty()))
        .onClose(run.worker::shutdownNow);
  }

  /** The files of {@code dev/ttftgap/fuzz/<folder>/} on the test class path, sorted. */
  public static Stream<Path> cases(String folder) {
    URL url = FuzzRun.class.getResource("/dev/ttftgap/fuzz/" + folder);
    if (url == null) {
      return Stream.empty();
    }
    try (Stream<Path> files = Files.list(Path.of(url.toURI()))) {
      return files
          .filter(file -> file.getFileName().toString().endsWith(".txt"))
          .sorted()
          .toList()
          .stream();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The bytes of {@code file}. */
  public static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private Result loop(double seconds, Random random) {
    List<byte[]> pool = new ArrayList<>(target.seeds());
    cases(target.name()).map(FuzzRun::read).forEach(pool::add);
    int fixed = pool.size();
    Mutator mutator = new Mutator(random);
    Set<String> outcomes = new HashSet<>();
    Map<String, Found> findings = new LinkedHashMap<>();
    long start = System.nanoTime();
    long end = start + (long) (seconds * 1e9);
    long inputs = 0;
    while (inputs < fixed || System.nanoTime() < end) {
      byte[] input = inputs < fixed ? pool.get((int) inputs) : mutator.mutate(pool);
      inputs++;
      Outcome outcome = outcome(input);
      if (outcome.finding().isPresent()) {
        findings.merge(
            outcome.finding().get(),
            new Found(input, outcome.thrown()),
            (a, b) -> a.input().length <= b.input().length ? a : b);
      } else if (outcomes.add(outcome.shape()) && pool.size() < MAX_POOL) {
        pool.add(input);
      }
    }
    return new Result(inputs, (System.nanoTime() - start) / 1e9, findings);
  }

  /** Why {@code input} is a finding, or empty. */
  Optional<String> check(byte[] input) {
    return outcome(input).finding();
  }

  /** A call's finding, or the shape of its answer (for the pool). */
  private record Outcome(Optional<String> finding, String shape, Throwable thrown) {}

  private Outcome outcome(byte[] input) {
    Future<?> call =
        worker.submit(
            () -> {
              target.call().run(input);
              return null;
            });
    try {
      call.get(HANG_SECONDS, TimeUnit.SECONDS);
      return new Outcome(Optional.empty(), "returned", null);
    } catch (ExecutionException e) {
      Throwable thrown = e.getCause();
      Optional<String> finding = target.finding(thrown);
      String message = String.valueOf(thrown.getMessage());
      String shape =
          thrown.getClass().getName()
              + message.replaceAll("\"[^\"]*\"", "\"\"").replaceAll("[0-9]+", "#");
      return new Outcome(finding, shape.substring(0, Math.min(shape.length(), 120)), thrown);
    } catch (TimeoutException e) {
      // the call may never end: leave its thread (a daemon) and go on with a fresh one
      worker.shutdownNow();
      worker = newWorker();
      return new Outcome(Optional.of("hang over " + HANG_SECONDS + " s"), "hang", null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("fuzz run interrupted", e);
    }
  }

  private static ExecutorService newWorker() {
    return Executors.newSingleThreadExecutor(
        task -> {
          Thread thread = new Thread(task, "fuzz-call");
          thread.setDaemon(true);
          return thread;
        });
  }

  /**
   * Writes the input to {@code target/fuzz-found/<target>/NAME.txt} (and its stack trace beside it,
   * {@code NAME.stack}); returns the input's file.
   */
  private static Path keep(FuzzTarget target, Found found) {
    try {
      Path dir = Files.createDirectories(FOUND.resolve(target.name()));
      String name = String.format("%08x", Arrays.hashCode(found.input()));
      if (found.thrown() != null) {
        StringWriter stack = new StringWriter();
        found.thrown().printStackTrace(new PrintWriter(stack));
        // getBytes, not writeString: a message may hold a lone surrogate
        Files.write(
            dir.resolve(name + ".stack"), stack.toString().getBytes(StandardCharsets.UTF_8));
      }
      return Files.write(dir.resolve(name + ".txt"), found.input());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
