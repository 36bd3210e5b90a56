package dev.ttftgap.report;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** {@link CapacityMain} run in-process for tests, its standard output and error kept as text. */
final class CapacityMainConsole {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  /** Runs {@link CapacityMain} with {@code args}; its exit status. */
  int run(String... args) {
    return CapacityMain.run(
        args,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  /** All it printed to standard output so far. */
  String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  /** All it printed to standard error so far. */
  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }
}
