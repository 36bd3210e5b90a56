package dev.ttftgap.profile;

import dev.ttftgap.fuzz.FuzzRun;
import dev.ttftgap.fuzz.FuzzTarget;
import dev.ttftgap.fuzz.FuzzTargetTest;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link ChatDataset#read} fuzzed as real files from lines of {@code
 * simulations/datasets/chat.jsonl} ({@link FuzzRun}): any bytes are rows or a {@link
 * ProfileException} of one line naming {@code file:line}.
 */
class ChatDatasetFuzzTest extends FuzzTargetTest {
  @Override
  protected FuzzTarget target(Path dir) {
    Path file = dir.resolve("dataset.jsonl");
    return new FuzzTarget(
        "dataset",
        FuzzTarget.seeds(chatLines(12, 3)),
        List.of(ProfileException.class),
        input -> ChatDataset.read(Files.write(file, input)));
  }

  /** The first {@code count} lines of the shipped dataset, {@code per} lines a seed. */
  private static List<String> chatLines(int count, int per) {
    List<String> seeds = new ArrayList<>();
    Path shipped = LoadProfiles.DEFAULT_DIRECTORY.resolve("datasets").resolve("chat.jsonl");
    try (BufferedReader reader = Files.newBufferedReader(shipped, StandardCharsets.UTF_8)) {
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
