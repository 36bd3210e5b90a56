package dev.ttftgap.fuzz;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two tests of one parser's fuzz target, for a {@code XxxFuzzTest} beside the parser to
 * inherit: a time-bounded {@link FuzzRun} finds nothing, and every case of the target's corpus
 * stays fixed.
 */
public abstract class FuzzTargetTest {
  /** A folder of the test's own, for targets that read real files. */
  @TempDir public Path dir;

  /** The parser fuzzed; {@code dir} is a fresh temporary folder. */
  protected abstract FuzzTarget target(Path dir);

  @Test
  public void anyInputGivesAValueOrTheParsersOwnOneLineError() {
    FuzzRun.assertNothingEscapes(target(dir));
  }

  @TestFactory
  public Stream<DynamicTest> foundCasesStayFixed() {
    return FuzzRun.corpus(target(dir));
  }
}
