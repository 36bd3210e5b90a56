package dev.ttftgap.profile;

import dev.ttftgap.fuzz.FuzzRun;
import dev.ttftgap.fuzz.FuzzTarget;
import dev.ttftgap.fuzz.FuzzTargetTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@link LoadProfiles#parse} fuzzed from the shipped profiles in {@code simulations/} ({@link
 * FuzzRun}): any text is a profile or a {@link ProfileException} of one line.
 */
class LoadProfilesFuzzTest extends FuzzTargetTest {
  @Override
  protected FuzzTarget target(Path dir) {
    return new FuzzTarget(
        "profile",
        shippedProfiles(),
        List.of(ProfileException.class),
        input -> LoadProfiles.parse(FuzzTarget.text(input), "fuzz.json"));
  }

  private static List<byte[]> shippedProfiles() {
    try (Stream<Path> files = Files.list(LoadProfiles.DEFAULT_DIRECTORY)) {
      return files
          .filter(file -> file.toString().endsWith(".json"))
          .sorted()
          .map(FuzzRun::read)
          .toList();
    } catch (IOException e) {
      throw new IllegalStateException("the shipped profiles: " + e, e);
    }
  }
}
