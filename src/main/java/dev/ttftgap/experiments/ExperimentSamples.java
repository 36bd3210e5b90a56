package dev.ttftgap.experiments;

import dev.ttftgap.record.RequestRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The records an experiment table uses: grouped, warm-up dropped, failures set aside and counted.
 *
 * <p>Algorithm overview: records of phase {@code "warmup"} are ignored; the rest are grouped by a
 * key (model, step label) in order of first appearance; within a group, sorted by start time, the
 * first {@code warmupRounds} records are dropped whatever their outcome (the source articles drop
 * the first round: connection set-up); of the rest, failed records are excluded and counted by HTTP
 * status (or failure reason), because their timings (a 401 answers fast) would bend the figures.
 *
 * @param groups successful records per group key, first-appearance order
 * @param failures failed records per label ({@code "401"}, {@code "no_content"}...), most first
 * @param warmupRounds rounds dropped at the start of each group
 */
public record ExperimentSamples(
    Map<String, List<RequestRecord>> groups, Map<String, Integer> failures, int warmupRounds) {

  public static final int DEFAULT_WARMUP_ROUNDS = 1;

  public static ExperimentSamples of(
      List<RequestRecord> records, Function<RequestRecord, String> groupKey, int warmupRounds) {
    if (warmupRounds < 0) {
      throw new IllegalArgumentException("warmupRounds must be >= 0, was " + warmupRounds);
    }
    Map<String, List<RequestRecord>> all = new LinkedHashMap<>();
    for (RequestRecord record : records) {
      if (!record.warmup()) {
        String key = groupKey.apply(record);
        all.computeIfAbsent(key == null ? "(none)" : key, k -> new ArrayList<>()).add(record);
      }
    }
    Map<String, List<RequestRecord>> groups = new LinkedHashMap<>();
    Map<String, Integer> failureCounts = new TreeMap<>();
    for (Map.Entry<String, List<RequestRecord>> entry : all.entrySet()) {
      List<RequestRecord> rounds = new ArrayList<>(entry.getValue());
      rounds.sort(Comparator.comparingLong(r -> r.timings().startEpochMillis()));
      List<RequestRecord> kept =
          rounds.subList(Math.min(warmupRounds, rounds.size()), rounds.size());
      List<RequestRecord> ok = new ArrayList<>();
      for (RequestRecord record : kept) {
        if (record.ok()) {
          ok.add(record);
        } else {
          failureCounts.merge(failureLabel(record), 1, Integer::sum);
        }
      }
      groups.put(entry.getKey(), ok);
    }
    Map<String, Integer> failures =
        failureCounts.entrySet().stream()
            .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
            .collect(
                Collectors.toMap(
                    Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, LinkedHashMap::new));
    return new ExperimentSamples(groups, failures, warmupRounds);
  }

  static String failureLabel(RequestRecord record) {
    if (record.result().httpStatus() != null && record.result().httpStatus() != 200) {
      return String.valueOf(record.result().httpStatus());
    }
    return record.result().reason() == null ? "unknown" : record.result().reason().code();
  }

  /** {@code "2 failed samples discarded: 401 ×2"}, or empty text when none failed. */
  public String failureFooter() {
    int total = failures.values().stream().mapToInt(Integer::intValue).sum();
    if (total == 0) {
      return "";
    }
    String counts =
        failures.entrySet().stream()
            .map(e -> e.getKey() + " ×" + e.getValue())
            .collect(Collectors.joining(", "));
    return total + " failed sample" + (total == 1 ? "" : "s") + " discarded: " + counts;
  }

  /**
   * One table row per group, in group order, made by {@code row} from the group key and the {@link
   * LatencyStats} of its successful records.
   */
  <R> List<R> rows(BiFunction<String, LatencyStats, R> row) {
    List<R> rows = new ArrayList<>();
    groups.forEach((key, records) -> rows.add(row.apply(key, LatencyStats.of(records))));
    return rows;
  }

  /**
   * The notes every experiment table ends with: the warm-up note, then the failure footer if any.
   */
  List<String> closingNotes(String groupNoun) {
    List<String> notes = new ArrayList<>();
    notes.add(warmupNote(groupNoun));
    if (!failureFooter().isEmpty()) {
      notes.add(failureFooter());
    }
    return notes;
  }

  /** {@code "first round of each model dropped as warm-up"} and the like. */
  String warmupNote(String groupNoun) {
    if (warmupRounds == 0) {
      return "no warm-up round dropped";
    }
    return (warmupRounds == 1 ? "first round" : "first " + warmupRounds + " rounds")
        + " of each "
        + groupNoun
        + " dropped as warm-up";
  }
}
