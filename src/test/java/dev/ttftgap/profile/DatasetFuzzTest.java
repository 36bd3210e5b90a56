package dev.ttftgap.profile;

import dev.ttftgap.fuzz.FuzzRun;
import dev.ttftgap.fuzz.FuzzTarget;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two readers of a profile's data files fuzzed as real files ({@link FuzzRun}): {@link
 * ChatDataset#read} from lines of {@code simulations/datasets/chat.jsonl}, {@link
 * TraceFile#offsetsMillis} from {@code arrivals-sample.txt} and ISO and CSV traces. Any bytes are
 * rows or arrivals, or a {@link ProfileException} of one line.
 */
class DatasetFuzzTest {
  private static final Path DATASETS = LoadProfiles.DEFAULT_DIRECTORY.resolve("datasets");

  @TempDir Path dir;

  @Test
  void anyDatasetFileIsRowsOrAOneLineError() {
    FuzzRun.assertNothingEscapes(dataset(dir));
  }

  @TestFactory
  Stream<DynamicTest> foundDatasetCasesStayFixed() {
    return FuzzRun.corpus(dataset(dir));
  }

  @Test
  void anyTraceFileIsArrivalsOrAOneLineError() {
    FuzzRun.assertNothingEscapes(trace(dir));
  }

  @TestFactory
  Stream<DynamicTest> foundTraceCasesStayFixed() {
    return FuzzRun.corpus(trace(dir));
  }

  private static FuzzTarget dataset(Path dir) {
    Path file = dir.resolve("dataset.jsonl");
    return new FuzzTarget(
        "dataset",
        FuzzTarget.seeds(chatLines(12, 3)),
        List.of(ProfileException.class),
        input -> ChatDataset.read(Files.write(file, input)));
  }

  private static FuzzTarget trace(Path dir) {
    Path file = dir.resolve("trace.txt");
    List<byte[]> seeds = new ArrayList<>();
    seeds.add(FuzzRun.read(DATASETS.resolve("arrivals-sample.txt")));
    FuzzRun.cases("seeds/trace").map(FuzzRun::read).forEach(seeds::add);
    return new FuzzTarget(
        "trace",
        seeds,
        List.of(ProfileException.class),
        input -> TraceFile.offsetsMillis(Files.write(file, input), 2));
  }

  /** The first {@code count} lines of the shipped dataset, {@code per} lines a seed. */
  private static List<String> chatLines(int count, int per) {
    List<String> seeds = new ArrayList<>();
    try (BufferedReader reader =
        Files.newBufferedReader(DATASETS.resolve("chat.jsonl"), StandardCharsets.UTF_8)) {
      StringBuilder seed = new StringBuilder();
      for (int i = 1; i <= count; i++) {
        seed.append(reader.readLine()).append('\n');
        if (i % per == 0) {
          seeds.add(seed.toString());
          seed.setLength(0);
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException("the shipped dataset: " + e, e);
    }
    return seeds;
  }
}
