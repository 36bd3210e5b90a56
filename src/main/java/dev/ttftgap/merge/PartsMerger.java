package dev.ttftgap.merge;

import dev.ttftgap.health.LoadGeneratorAnalysis;
import dev.ttftgap.health.LoadGeneratorHealth;
import dev.ttftgap.health.LoadGeneratorLog;
import dev.ttftgap.health.LoadGeneratorStep;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.StepLevel;
import dev.ttftgap.servermetrics.Scrape;
import dev.ttftgap.servermetrics.ScrapeFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Puts the parts of one split run back together, exactly: what one injector running the whole
 * profile would have left.
 *
 * <p>Algorithm overview:
 *
 * <ul>
 *   <li><b>Records</b>: the union of the parts' records, each with its step's level of the whole
 *       run: the sum over the parts of their share (open: {@code offeredRate}, rate/N each; closed:
 *       {@code concurrency}, the users each part ran). Every other field is kept as measured, so
 *       every histogram (one per metric and step, built from the records) is the one a single
 *       injector's records would give: the merge is the union of samples, not an average of
 *       percentiles. The parts' records share {@code run}, so each step has one window over all
 *       their starts, as one injector's steps have.
 *   <li><b>Server view</b>: the scrapes of the lowest injector that has them (every part scrapes
 *       the same {@code /metrics}; adding them up would count the server N times).
 *   <li><b>Load generator</b>: each part's health from its own {@code load-generator.jsonl} and
 *       records (injection lag is measured against each JVM's own origin, so the parts' samples
 *       cannot be pooled); the run's health per step is that of the worst part (not vouched before
 *       vouched, then the higher of its event-loop and stamp delay p99), so a step is vouched for
 *       only when every injector vouches for it.
 * </ul>
 *
 * <p>Assumptions: the parts started together ({@code run.startAt}) and their clocks agree (NTP);
 * durations never mix clocks (each comes from one injector), only the absolute start instants that
 * place requests in step windows and in-flight counts do.
 */
public final class PartsMerger {
  private PartsMerger() {}

  /**
   * The merged run.
   *
   * @param records every part's records at the run's levels
   * @param sources the records files, in part order
   * @param scrapes the server's {@code /metrics} scrapes (one part's); empty when none
   * @param health the run's load-generator health (worst part per step); null when no part has one
   * @param parts each part's own health, in part order
   */
  public record Merged(
      List<RequestRecord> records,
      List<String> sources,
      List<Scrape> scrapes,
      LoadGeneratorHealth health,
      List<PartHealth> parts) {}

  /**
   * One part's health.
   *
   * @param injector 1-based
   * @param count number of parts
   * @param host its host name; null when not recorded
   * @param requests how many records it wrote (warm-up included)
   * @param health its load-generator health; null without {@code load-generator.jsonl}
   */
  public record PartHealth(
      int injector, int count, String host, int requests, LoadGeneratorHealth health) {}

  /**
   * Merges {@code parts}. Each part's records are put at the run's levels in place: after the
   * merge, {@link RunParts.Part#records} holds the merged records of that part (merge a set of
   * parts once).
   */
  public static Merged merge(RunParts parts) {
    Map<Integer, Double> rates = new TreeMap<>();
    Map<Integer, Integer> users = new TreeMap<>();
    for (RunParts.Part part : parts.parts()) {
      addLevels(part, rates, users);
    }
    List<RequestRecord> records = new ArrayList<>();
    List<String> sources = new ArrayList<>();
    List<PartHealth> healths = new ArrayList<>();
    List<Scrape> scrapes = List.of();
    for (RunParts.Part part : parts.parts()) {
      part.files().forEach(f -> sources.add(f.toString()));
      List<RequestRecord> merged = part.records();
      toRunLevels(merged, parts.runId(), rates, users);
      records.addAll(merged);
      Path log = part.folder().resolve(LoadGeneratorLog.FILE_NAME);
      LoadGeneratorHealth health =
          Files.isRegularFile(log)
              ? LoadGeneratorAnalysis.analyze(LoadGeneratorLog.read(log), merged)
              : null;
      healths.add(
          new PartHealth(
              part.injector(), parts.count(), part.host(), part.records().size(), health));
      Path scrapeFile = part.folder().resolve(ScrapeFile.NAME);
      if (scrapes.isEmpty() && Files.isRegularFile(scrapeFile)) {
        scrapes = ScrapeFile.read(scrapeFile);
      }
    }
    return new Merged(records, sources, scrapes, worstOf(healths), healths);
  }

  /** Adds {@code part}'s share of each step's level (its first record's) to the run's sums. */
  private static void addLevels(
      RunParts.Part part, Map<Integer, Double> rates, Map<Integer, Integer> users) {
    Map<Integer, RequestRecord> firstOfStep = new HashMap<>();
    part.records().forEach(r -> firstOfStep.putIfAbsent(r.level().step(), r));
    firstOfStep.forEach(
        (step, r) -> {
          if (r.level().offeredRate() != null) {
            rates.merge(step, r.level().offeredRate(), Double::sum);
          }
          if (r.level().concurrency() != null) {
            users.merge(step, r.level().concurrency(), Integer::sum);
          }
        });
  }

  /**
   * Puts each of a part's {@code records} at its step's level of the whole run, in place: the
   * record as written is let go (a 10-million-record run would otherwise hold two of each).
   */
  private static void toRunLevels(
      List<RequestRecord> records,
      String runId,
      Map<Integer, Double> rates,
      Map<Integer, Integer> users) {
    // one run-level StepLevel per part level, shared by its records (a part has millions)
    Map<StepLevel, StepLevel> runLevels = new HashMap<>();
    records.replaceAll(
        r ->
            r.withLevel(
                runId,
                runLevels.computeIfAbsent(
                    r.level(),
                    level ->
                        level.toBuilder()
                            .offeredRate(
                                level.offeredRate() == null
                                    ? null
                                    : rounded(rates.get(level.step())))
                            .concurrency(
                                level.concurrency() == null ? null : users.get(level.step()))
                            .build())));
  }

  /** The sum of the parts' rates, without the last bits of floating-point noise (6/3·3). */
  private static double rounded(double rate) {
    return Math.round(rate * 1e9) / 1e9;
  }

  /** Per step and for the run, the worst part's health; null when no part measured any. */
  static LoadGeneratorHealth worstOf(List<PartHealth> parts) {
    List<LoadGeneratorHealth> healths =
        parts.stream().map(PartHealth::health).filter(Objects::nonNull).toList();
    if (healths.isEmpty()) {
      return null;
    }
    Map<Integer, LoadGeneratorStep> steps = new TreeMap<>();
    for (LoadGeneratorHealth health : healths) {
      for (LoadGeneratorStep step : health.steps()) {
        steps.merge(step.step(), step, PartsMerger::worse);
      }
    }
    LoadGeneratorStep run =
        healths.stream().map(LoadGeneratorHealth::run).reduce(PartsMerger::worse).orElseThrow();
    LoadGeneratorHealth first = healths.get(0);
    return new LoadGeneratorHealth(
        new ArrayList<>(steps.values()),
        run,
        first.maxEventLoopDelayP99Millis(),
        first.maxInjectionLagP99Millis(),
        first.sloLimitMillis());
  }

  private static final Comparator<LoadGeneratorStep> BADNESS =
      Comparator.comparing((LoadGeneratorStep s) -> s.unvouched())
          .thenComparingDouble(PartsMerger::worstDelay);

  /** The larger of a step's event-loop delay p99 and stamp delay p99; -1 when neither. */
  private static double worstDelay(LoadGeneratorStep step) {
    double loop = step.eventLoopDelayP99Millis() == null ? -1 : step.eventLoopDelayP99Millis();
    double stamps = step.stampDelayP99Millis() == null ? -1 : step.stampDelayP99Millis();
    return Math.max(loop, stamps);
  }

  private static LoadGeneratorStep worse(LoadGeneratorStep a, LoadGeneratorStep b) {
    return BADNESS.compare(b, a) > 0 ? b : a;
  }
}
