package dev.ttftgap.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * One parser as the fuzzer calls it: a name (its corpus folder), valid seed inputs, the call, and
 * the error types it declares. The property: for any input the call returns, or throws one of the
 * {@code declared} types with a one-line, non-blank message; anything else that escapes (a
 * NullPointerException, a ClassCastException, a StackOverflowError, a multi-line message) is a
 * finding. An empty {@code declared} means nothing may escape: the parser classifies bad input as a
 * value (the chunk classifier's MALFORMED).
 *
 * @param name the target's name, {@code [a-z]+}: its line in the output and its corpus folder
 * @param seeds valid inputs the mutations start from, at least one
 * @param declared the exceptions that are the parser's own answer to a bad input
 * @param call the parser on one input
 */
public record FuzzTarget(
    String name, List<byte[]> seeds, List<Class<? extends RuntimeException>> declared, Call call) {
  public FuzzTarget {
    seeds = List.copyOf(seeds);
    declared = List.copyOf(declared);
    if (seeds.isEmpty()) {
      throw new IllegalArgumentException(name + ": no seeds");
    }
  }

  /** The parser on one input; a property the parser's result must have throws AssertionError. */
  @FunctionalInterface
  public interface Call {
    void run(byte[] input) throws Exception;
  }

  /** {@code input} as UTF-8 text, bad bytes as U+FFFD: the input of a parser of strings. */
  public static String text(byte[] input) {
    return new String(input, StandardCharsets.UTF_8);
  }

  /** {@code texts} as UTF-8 seeds. */
  public static List<byte[]> seeds(List<String> texts) {
    return texts.stream().map(text -> text.getBytes(StandardCharsets.UTF_8)).toList();
  }

  /** Why {@code thrown} is a finding, or empty when it is a declared one-line error. */
  Optional<String> finding(Throwable thrown) {
    if (declared.stream().noneMatch(type -> type.isInstance(thrown))) {
      return Optional.of(thrown.getClass().getName() + " " + where(thrown));
    }
    String message = thrown.getMessage();
    if (message == null || message.isBlank()) {
      return Optional.of(thrown.getClass().getName() + " without a message " + where(thrown));
    }
    if (message.indexOf('\n') >= 0 || message.indexOf('\r') >= 0) {
      return Optional.of(
          thrown.getClass().getName() + " with a multi-line message " + where(thrown));
    }
    return Optional.empty();
  }

  /** The first frame of the project's main code (not this package's), else the top frame. */
  private static String where(Throwable thrown) {
    StackTraceElement[] frames = thrown.getStackTrace();
    for (StackTraceElement frame : frames) {
      if (frame.getClassName().startsWith("dev.ttftgap.")
          && !frame.getClassName().startsWith("dev.ttftgap.fuzz.")
          && !frame.getClassName().endsWith("FuzzTest")) {
        return "at " + frame;
      }
    }
    return frames.length == 0 ? "(no stack)" : "at " + frames[0];
  }
}
