package dev.ttftgap.gatling;

import java.util.function.Supplier;

/**
 * Turns a bad setting into one line on the console and a failed run, before any load is sent.
 * Settings and load profile errors already say which setting is wrong and how to fix it; a stack
 * trace would only bury that line.
 *
 * <p>Inside Gatling's JVM (the simulation's constructor, called by {@code io.gatling.app.Gatling})
 * a thrown exception would come back as Gatling's "Run crashed", the message three more times and
 * some 36 stack frames. So there the line is printed and the JVM exits with {@link
 * #EXIT_BAD_SETTING}; the Gatling Maven plugin then adds only its own "Gatling failed" footer.
 * Anywhere else (a test calling the glue in-process) the failure is thrown.
 */
final class OneLineFailure extends RuntimeException {
  /** Exit status of a run stopped by a bad setting or a failed preflight, before any load. */
  static final int EXIT_BAD_SETTING = 1;

  private OneLineFailure(String line) {
    super(line, null, false, false);
  }

  static <T> T guard(Supplier<T> setup) {
    try {
      return setup.get();
    } catch (RuntimeException e) {
      String line = "ttft-gap: " + e.getMessage();
      System.err.println(line);
      if (insideGatling()) {
        System.out.flush();
        System.err.flush();
        System.exit(EXIT_BAD_SETTING);
      }
      throw new OneLineFailure(line);
    }
  }

  /** True when Gatling's launcher is on this thread's stack (it constructs the simulation). */
  static boolean insideGatling() {
    return StackWalker.getInstance()
        .walk(
            frames -> frames.anyMatch(f -> f.getClassName().startsWith("io.gatling.app.Gatling")));
  }
}
