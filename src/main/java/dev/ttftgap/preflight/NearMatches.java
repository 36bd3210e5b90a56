package dev.ttftgap.preflight;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Served model ids that look like the one asked for.
 *
 * <p>Algorithm overview: both ids are normalised (lower case, {@code _} and {@code .} → {@code -},
 * any {@code org/} prefix dropped); a served id matches when the normalised forms are equal, or
 * within an edit distance of {@link #MAX_EDIT_DISTANCE} (2) with the same digits in the same order
 * (digits are sizes and versions: {@code qwen3-14b} is no near match of {@code qwen3-8b}). Matches
 * are ordered by distance.
 */
final class NearMatches {
  static final int MAX_EDIT_DISTANCE = 2;

  private NearMatches() {}

  static List<String> of(String wanted, List<String> served) {
    String target = normalise(wanted);
    List<String> matches = new ArrayList<>();
    for (String id : served) {
      String candidate = normalise(id);
      boolean near =
          candidate.equals(target)
              || distance(target, candidate) <= MAX_EDIT_DISTANCE
                  && digits(target).equals(digits(candidate));
      if (!id.equals(wanted) && near) {
        matches.add(id);
      }
    }
    matches.sort(Comparator.comparingInt(id -> distance(target, normalise(id))));
    return matches;
  }

  static String normalise(String id) {
    String name = id.substring(id.lastIndexOf('/') + 1);
    return name.toLowerCase(Locale.ROOT).replace('_', '-').replace('.', '-');
  }

  private static String digits(String id) {
    return id.replaceAll("[^0-9]", "");
  }

  /** Levenshtein distance. */
  static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
