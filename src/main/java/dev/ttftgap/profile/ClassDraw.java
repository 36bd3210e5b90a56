package dev.ttftgap.profile;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Which {@link RequestClass} arrival {@code i} of a run belongs to: drawn by share from a generator
 * seeded with the profile's seed and {@code i}, so a run's mix does not depend on which thread asks
 * first, and every injector of a split run draws the same class for the same global index.
 *
 * <p>Algorithm: arrival {@code i} draws one uniform number u in [0, 1) from a {@link
 * SplittableRandom} whose seed mixes {@code seed} and {@code i} (two rounds of the SplitMix64
 * finaliser, so neighbouring indices and seeds give unrelated numbers); its class is the first
 * whose cumulative share exceeds u. Shares are divided by their sum, and the last class takes the
 * rounding remainder, so every u falls in a class.
 */
public final class ClassDraw {
  private static final long GOLDEN = 0x9E3779B97F4A7C15L;

  private final List<RequestClass> classes;
  private final long seed;
  private final double[] cumulative;

  private ClassDraw(List<RequestClass> classes, long seed) {
    this.classes = List.copyOf(classes);
    this.seed = seed;
    double total = classes.stream().mapToDouble(RequestClass::share).sum();
    this.cumulative = new double[classes.size()];
    double sum = 0;
    for (int i = 0; i < classes.size(); i++) {
      sum += classes.get(i).share() / total;
      cumulative[i] = sum;
    }
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
    double u = new SplittableRandom(mix(seed ^ mix(index + GOLDEN))).nextDouble();
    int last = cumulative.length - 1;
    for (int i = 0; i < last; i++) {
      if (u < cumulative[i]) {
        return i;
      }
    }
    return last;
  }

  /** The class arrival {@code index} belongs to: {@code classes().get(classOf(index))}. */
  public RequestClass classAt(long index) {
    return classes.get(classOf(index));
  }

  /** SplitMix64's finaliser (Stafford's mix 13): every input bit moves about half the output. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
