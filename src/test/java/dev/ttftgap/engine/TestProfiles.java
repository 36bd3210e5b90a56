package dev.ttftgap.engine;

import java.util.List;

/**
 * Model profiles the engine tests share, so each test names only what its profile changes: fast
 * steps (2 ms base), 8 slots, and answers of {@code answer}'s length that end by themselves.
 */
final class TestProfiles {
  private TestProfiles() {}

  /** A fast profile named {@code name} whose answers follow {@code answer}; shares 0. */
  static ModelProfile fastAnswering(String name, AnswerLength answer) {
    return new ModelProfile(
        name, "", 8, 512, 256, 2.0, 0.1, 0.01, 16, 0, 100, 16, 32768, List.of(), 0, answer, 0, 0);
  }
}
