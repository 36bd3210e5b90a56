package dev.ttftgap.gatling;

import java.util.function.Supplier;

/**
 * Turns a bad setting into one line on the console and a failed run, before any load is sent.
 * Settings and profile errors already say which setting is wrong and how to fix it; a stack trace
 * would only bury that line.
 */
final class OneLineFailure extends RuntimeException {
  private OneLineFailure(String line) {
    super(line, null, false, false);
  }

  static <T> T guard(Supplier<T> setup) {
    try {
      return setup.get();
    } catch (RuntimeException e) {
      String line = "ttft-gap: " + e.getMessage();
      System.err.println(line);
      throw new OneLineFailure(line);
    }
  }
}
