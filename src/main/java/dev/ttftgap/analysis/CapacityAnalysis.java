package dev.ttftgap.analysis;

import dev.ttftgap.health.LoadGeneratorAnalysis;
import dev.ttftgap.health.LoadGeneratorHealth;
import dev.ttftgap.health.LoadGeneratorLog;
import dev.ttftgap.record.RequestRecord;
import java.nio.file.Path;
import java.util.List;

/**
 * Entry point of the analysis: records in, finished {@link CapacityReport} out.
 *
 * <p>Order: per-step statistics and low-load baseline ({@link StepStatsCalculator}), header timing
 * ({@link HeaderTimingDetector}), knee ({@link KneeDetector}), where the queue is and the knee on
 * TTFT ({@link QueueLocator}), SLO ({@link SloEvaluator}), saturation ({@link SaturationDetector}),
 * queueing model ({@link QueueModelFitter}, which needs the saturation step), replicas ({@link
 * ReplicaPlanner}) and baseline deltas ({@link PreviousRunComparator}). A launch spike's base after
 * the burst is its drain, not a load level: the verdicts by load leave it out ({@link
 * SloSteps#loadLevels}), the step table and the recovery verdict keep it.
 *
 * <p>A closed run ({@link LoadModel#CLOSED}: steps of concurrency) reads its saturation as the
 * throughput plateau ({@link ThroughputPlateauDetector}) and gets Little's-law figures ({@link
 * ClosedLoopModelFitter}) instead of the G/G/c fit, which assumes open arrivals: each mode's parts
 * are its {@link LoadModeAnalysis} ({@link OpenLoopAnalysis}, {@link ClosedLoopAnalysis}).
 *
 * <p>A common pattern: analyse the records a run left (any number of files, merged as one set of
 * samples), then read the verdicts or hand the report to a renderer:
 *
 * <pre>{@code
 * Path records = Path.of("reports/rising-rate-20261201-120000/records.jsonl");
 * CapacityReport report =
 *     CapacityAnalysis.analyzeFiles(
 *         List.of(records), CapacityOptions.defaults().withPeakRate(40), null);
 * Double sustainable = report.slo().maxSustainableRate(); // requests/s; null when undetermined
 * Double saturation = report.saturation().saturationRate(); // requests/s; null when not reached
 * Integer replicas = report.replicas().recommended(); // for the 40 requests/s peak
 * QueuePlace queue = report.queueLocation().place(); // before/after the headers, or null
 * String text = CapacityConsole.render(report); // or CapacityReports.write(...) for the files
 * }</pre>
 *
 * ({@code CapacityConsole} and {@code CapacityReports} are in {@code dev.ttftgap.report}.)
 */
public final class CapacityAnalysis {
  private CapacityAnalysis() {}

  /** Analyses the records of {@code files} (read, merged as one set of samples). */
  public static CapacityReport analyzeFiles(
      List<Path> files, CapacityOptions options, List<PreviousRunStep> baselineSteps) {
    return analyzeFiles(files, options, baselineSteps, List.of());
  }

  /**
   * As {@link #analyzeFiles(List, CapacityOptions, List)}, with {@code runNotes}: what happened to
   * the run itself (e.g. the circuit breaker's verdict), which come first among the verdicts.
   */
  public static CapacityReport analyzeFiles(
      List<Path> files,
      CapacityOptions options,
      List<PreviousRunStep> baselineSteps,
      List<String> runNotes) {
    List<RequestRecord> records = RecordsFiles.read(files);
    return analyze(
        records,
        files.stream().map(Path::toString).toList(),
        options,
        baselineSteps,
        ServerMetricsFiles.besides(files),
        LoadGeneratorAnalysis.analyze(LoadGeneratorLog.readBeside(files), records),
        runNotes);
  }

  /**
   * Analyses {@code records}; the result depends only on the set of records, not on their order.
   *
   * @param sources where the records came from, for the report
   * @param baselineSteps the steps of a previous report to compare with; null for none
   */
  public static CapacityReport analyze(
      List<RequestRecord> records,
      List<String> sources,
      CapacityOptions options,
      List<PreviousRunStep> baselineSteps) {
    return analyze(records, sources, options, baselineSteps, List.of(), null, List.of());
  }

  /**
   * As {@link #analyze(List, List, CapacityOptions, List)}, with the load generator's health: the
   * SLO verdict then uses only the steps the load generator vouches for.
   *
   * @param loadGenerator the load generator's health; null when not measured
   */
  public static CapacityReport analyze(
      List<RequestRecord> records,
      List<String> sources,
      CapacityOptions options,
      List<PreviousRunStep> baselineSteps,
      LoadGeneratorHealth loadGenerator) {
    return analyze(records, sources, options, baselineSteps, List.of(), loadGenerator, List.of());
  }

  /**
   * Analyses {@code records} with the scrapes of the server's {@code /metrics} taken during the run
   * (empty for none; see {@link ServerMetricsAnalysis}) and the load generator's health (null when
   * not measured; the SLO verdict then uses only the steps it vouches for), and the run's own notes
   * ({@link CapacityReport#runNotes}; empty for a run that ran its course).
   */
  public static CapacityReport analyze(
      List<RequestRecord> records,
      List<String> sources,
      CapacityOptions options,
      List<PreviousRunStep> baselineSteps,
      List<dev.ttftgap.servermetrics.Scrape> scrapes,
      LoadGeneratorHealth loadGenerator,
      List<String> runNotes) {
    StepStatsCalculator.Result measured = StepStatsCalculator.measure(records);
    List<StepStats> steps = StepGoodput.of(measured.stats(), records, options);
    LowLoadReference lowLoad = measured.baseline();
    HeaderTimingVerdict headerTiming = HeaderTimingDetector.detect(records);
    List<StepStats> levels = SloSteps.loadLevels(steps, options);
    LoadModeAnalysis mode = LoadModeAnalysis.of(levels);
    List<StepStats> byLoad = mode.byLoad(levels);
    Knee knee = KneeDetector.detect(byLoad, lowLoad);
    QueueLocation queueLocation =
        QueueLocator.locate(byLoad, lowLoad, HeaderTimingDetector.detectByStep(records));
    Saturation saturation = mode.saturation(byLoad);
    LoadModeAnalysis.Run run =
        new LoadModeAnalysis.Run(levels, byLoad, measured.samples(), lowLoad, saturation, options);
    LoadModeAnalysis.Models models = mode.models(run);
    LoadGeneratorHealth health = SloSteps.withSloLimit(loadGenerator, options.slo());
    SloVerdict slo =
        SloEvaluator.evaluate(
            SloSteps.vouched(levels, health),
            options,
            saturation,
            models.queue(),
            lowLoad,
            SloSteps.holdSteps(records));
    Replicas replicas =
        options.peakRate().map(peak -> mode.replicas(peak, slo, models, run)).orElse(null);
    PreviousRunComparison baseline =
        baselineSteps == null
            ? null
            : PreviousRunComparator.compare(
                options.baseline().map(Path::toString).orElse("baseline"), steps, baselineSteps);
    return new CapacityReport(
        new CapacityReport.Input(
            sources,
            RecordFields.distinctSorted(records, x -> x.identity().run()),
            records.size(),
            measured.warmup(),
            records.stream()
                .map(r -> r.input().api() == null ? "chat" : r.input().api())
                .distinct()
                .sorted()
                .toList(),
            ConnectionSetup.of(records)),
        options,
        steps,
        headerTiming,
        knee,
        slo,
        saturation,
        models.queue(),
        models.note(),
        models.closedLoop(),
        replicas,
        baseline,
        WorkloadAnalysis.of(records),
        runNotes,
        ServerMetricsAnalysis.analyze(scrapes, records, steps),
        health,
        queueLocation,
        ClassAnalysis.analyze(records, options, health, saturation, models.queue()),
        RecoveryAnalysis.analyze(records, options, steps, models.queue(), scrapes));
  }
}
