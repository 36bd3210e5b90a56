package dev.ttftgap.profile;

import dev.ttftgap.fuzz.FuzzRun;
import dev.ttftgap.fuzz.FuzzTarget;
import dev.ttftgap.fuzz.FuzzTargetTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link TraceFile#offsetsMillis} fuzzed as real files from {@code arrivals-sample.txt} and ISO and
 * CSV traces ({@link FuzzRun}): any bytes are arrivals or a {@link ProfileException} of one line.
 */
class TraceFileFuzzTest extends FuzzTargetTest {
  @Override
  protected FuzzTarget target(Path dir) {
    Path file = dir.resolve("trace.txt");
    List<byte[]> seeds = new ArrayList<>();
    seeds.add(
        FuzzRun.read(
            LoadProfiles.DEFAULT_DIRECTORY.resolve("datasets").resolve("arrivals-sample.txt")));
    FuzzRun.cases("seeds/trace").map(FuzzRun::read).forEach(seeds::add);
    return new FuzzTarget(
        "trace",
        seeds,
        List.of(ProfileException.class),
        input -> TraceFile.offsetsMillis(Files.write(file, input), 2));
  }
}
