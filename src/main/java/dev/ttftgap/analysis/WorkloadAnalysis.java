package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Reads the {@link SentWorkload} of a run from its records: what was sent, per step and per turn.
 *
 * <p>Algorithm overview: warm-up records are left out; per step, the mean and median of the prompt
 * tokens (all requests), the mean {@code max_tokens} asked for, and over ok requests the mean and
 * median of the output tokens received and the share that received fewer than asked (a server that
 * stops at its end-of-sequence token before {@code max_tokens}: the output length a load test
 * planned on is then not the one it got), and over the requests the server counted, the mean prompt
 * length asked beside the server's own count (its tokenizer and chat template). Per turn index of
 * multi-turn records, the TTFT summary of the ok requests: on a caching server later turns reuse
 * the history's blocks.
 *
 * <p>Assumptions: a record's {@code prompts} and {@code sharedPrefixTokens} describe the run it
 * came from; records of older runs have neither and the workload then says nothing of them.
 */
final class WorkloadAnalysis {
  private WorkloadAnalysis() {}

  public static SentWorkload of(List<RequestRecord> records) {
    List<RequestRecord> measured = records.stream().filter(r -> !r.warmup()).toList();
    List<String> prompts = RecordFields.distinctSorted(records, r -> r.input().prompts());
    Integer shared =
        records.stream()
            .map(r -> r.input().sharedPrefixTokens())
            .filter(Objects::nonNull)
            .max(Integer::compare)
            .orElse(null);
    Map<Integer, List<RequestRecord>> bySteps = new TreeMap<>();
    Map<Integer, List<RequestRecord>> byTurns = new TreeMap<>();
    for (RequestRecord r : measured) {
      bySteps.computeIfAbsent(r.level().step(), k -> new ArrayList<>()).add(r);
      if (r.input().turn() != null) {
        byTurns.computeIfAbsent(r.input().turn(), k -> new ArrayList<>()).add(r);
      }
    }
    List<SentWorkload.StepLengths> steps = new ArrayList<>();
    bySteps.forEach((step, list) -> steps.add(step(step, list)));
    List<SentWorkload.TurnLatency> turns = new ArrayList<>();
    byTurns.forEach((turn, list) -> turns.add(turn(turn, list)));
    return new SentWorkload(prompts, shared, steps, turns);
  }

  private static SentWorkload.StepLengths step(int step, List<RequestRecord> records) {
    List<Integer> prompt = values(records.stream().map(x -> x.input().promptTokens()).toList());
    List<Integer> asked = values(records.stream().map(x -> x.input().maxTokens()).toList());
    List<RequestRecord> ok = records.stream().filter(RequestRecord::ok).toList();
    List<Integer> output = values(ok.stream().map(r -> r.output().outputTokens()).toList());
    long withBoth =
        ok.stream()
            .filter(r -> r.output().outputTokens() != null && r.input().maxTokens() != null)
            .count();
    long shortOnes =
        ok.stream()
            .filter(r -> r.output().outputTokens() != null && r.input().maxTokens() != null)
            .filter(r -> r.output().outputTokens() < r.input().maxTokens())
            .count();
    List<RequestRecord> counted =
        records.stream()
            .filter(
                r ->
                    r.input().askedPromptTokens() != null && r.input().servedPromptTokens() != null)
            .toList();
    return new SentWorkload.StepLengths(
        step,
        records.get(0).level().stepLabel(),
        records.size(),
        mean(prompt),
        median(prompt),
        mean(asked),
        mean(output),
        median(output),
        withBoth == 0 ? null : 100.0 * shortOnes / withBoth,
        mean(values(counted.stream().map(r -> r.input().askedPromptTokens()).toList())),
        mean(values(counted.stream().map(r -> r.input().servedPromptTokens()).toList())));
  }

  private static SentWorkload.TurnLatency turn(int turn, List<RequestRecord> records) {
    LatencyHistogram ttft = new LatencyHistogram();
    int ok = 0;
    for (RequestRecord r : records) {
      if (r.ok()) {
        ok++;
        if (r.timings().ttftMillis() != null) {
          ttft.recordMillis(r.timings().ttftMillis());
        }
      }
    }
    List<Integer> prompt = values(records.stream().map(x -> x.input().promptTokens()).toList());
    return new SentWorkload.TurnLatency(turn, records.size(), ok, mean(prompt), ttft.summary());
  }

  private static List<Integer> values(List<Integer> values) {
    return values.stream().filter(Objects::nonNull).sorted().toList();
  }

  private static Double mean(List<Integer> sorted) {
    return sorted.isEmpty()
        ? null
        : sorted.stream().mapToLong(Integer::longValue).sum() / (double) sorted.size();
  }

  /** The lower median (an observed value), null when empty. */
  private static Integer median(List<Integer> sorted) {
    return sorted.isEmpty() ? null : sorted.get((sorted.size() - 1) / 2);
  }
}
