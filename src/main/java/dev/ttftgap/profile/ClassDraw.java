package dev.ttftgap.profile;

import java.util.List;

/**
 * Which {@link RequestClass} arrival {@code i} of a run belongs to: drawn by share from a generator
 * seeded with the profile's seed and {@code i}, so a run's mix does not depend on which thread asks
 * first, and every injector of a split run draws the same class for the same global index.
 */
public final class ClassDraw {
  private final List<RequestClass> classes;
  private final long seed;

  private ClassDraw(List<RequestClass> classes, long seed) {
    this.classes = List.copyOf(classes);
    this.seed = seed;
  }

  /** A draw over {@code classes} (at least one) with {@code seed}. */
  public static ClassDraw of(List<RequestClass> classes, long seed) {
    if (classes.isEmpty()) {
      throw new IllegalArgumentException("at least one class");
    }
    return new ClassDraw(classes, seed);
  }

  /** The classes drawn from, in the profile's order. */
  public List<RequestClass> classes() {
    return classes;
  }

  /** The position in {@link #classes()} of arrival {@code index} (0-based, global). */
  public int classOf(long index) {
    throw new UnsupportedOperationException("TODO issue 26: profile helper");
  }
}
