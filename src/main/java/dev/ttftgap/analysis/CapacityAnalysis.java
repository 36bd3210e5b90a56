package dev.ttftgap.analysis;

import dev.ttftgap.health.LoadGeneratorAnalysis;
import dev.ttftgap.health.LoadGeneratorHealth;
import dev.ttftgap.health.LoadGeneratorLog;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.RequestRecord;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Entry point of the analysis: records in, finished {@link CapacityReport} out.
 *
 * <p>Order: per-step statistics and low-load baseline ({@link StepStatistics}), header timing
 * ({@link HeaderTimingDetector}), knee ({@link KneeDetector}), where the queue is and the knee on
 * TTFT ({@link QueueLocator}), SLO ({@link SloEvaluator}), saturation ({@link SaturationDetector}),
 * queueing model ({@link QueueModelFitter}, which needs the saturation step), replicas ({@link
 * ReplicaPlanner}) and baseline deltas ({@link BaselineComparator}).
 *
 * <p>A closed run ({@link LoadModel#CLOSED}: steps of concurrency) reads its saturation as the
 * throughput plateau ({@link ThroughputPlateauDetector}) and gets Little's-law figures ({@link
 * ClosedLoopModelFitter}) instead of the G/G/c fit, which assumes open arrivals.
 *
 * <p>A common pattern: analyse the records a run left (any number of files, merged as one set of
 * samples), then read the verdicts or hand the report to a renderer:
 *
 * <pre>{@code
 * Path records = Path.of("reports/risingratesimulation-20261201/records.jsonl");
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
  /** Why a closed run gets no G/G/c fit. */
  static final String CLOSED_MODEL_NOTE =
      "closed model (arrivals follow completions, so the open-arrival G/G/c queue does not apply)";

  private CapacityAnalysis() {}

  /** Analyses the records of {@code files} (read, merged as one set of samples). */
  public static CapacityReport analyzeFiles(
      List<Path> files, CapacityOptions options, List<StepBaseline> baselineSteps) {
    List<RequestRecord> records = RecordsFiles.read(files);
    return analyze(
        records,
        files.stream().map(Path::toString).toList(),
        options,
        baselineSteps,
        ServerMetricsFiles.besides(files),
        LoadGeneratorAnalysis.analyze(LoadGeneratorLog.readBeside(files), records));
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
      List<StepBaseline> baselineSteps) {
    return analyze(records, sources, options, baselineSteps, List.of(), null);
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
      List<StepBaseline> baselineSteps,
      LoadGeneratorHealth loadGenerator) {
    return analyze(records, sources, options, baselineSteps, List.of(), loadGenerator);
  }

  /**
   * Analyses {@code records} with the scrapes of the server's {@code /metrics} taken during the run
   * (empty for none; see {@link ServerMetricsAnalysis}) and the load generator's health (null when
   * not measured; the SLO verdict then uses only the steps it vouches for).
   */
  public static CapacityReport analyze(
      List<RequestRecord> records,
      List<String> sources,
      CapacityOptions options,
      List<StepBaseline> baselineSteps,
      List<dev.ttftgap.servermetrics.Scrape> scrapes,
      LoadGeneratorHealth loadGenerator) {
    StepStatistics.Result measured = StepStatistics.measure(records);
    List<StepStats> steps = StepGoodput.of(measured.stats(), records, options);
    LowLoadBaseline lowLoad = measured.baseline();
    HeaderTimingVerdict headerTiming = HeaderTimingDetector.detect(records);
    boolean closed = LoadModel.of(steps) == LoadModel.CLOSED;
    // a search run's steps come in the order it probed them; the detectors read them by load
    List<StepStats> byLoad =
        closed
            ? steps
            : steps.stream()
                .sorted(
                    java.util.Comparator.comparing(
                        (StepStats s) -> s.rate() == null ? Double.MAX_VALUE : s.rate()))
                .toList();
    Knee knee = KneeDetector.detect(byLoad, lowLoad);
    QueueLocation queueLocation =
        QueueLocator.locate(byLoad, lowLoad, HeaderTimingDetector.detectByStep(records));
    Saturation saturation =
        closed ? ThroughputPlateauDetector.detect(steps) : SaturationDetector.detect(byLoad);
    QueueModel model =
        closed ? null : QueueModelFitter.fit(byLoad, measured.samples(), lowLoad, saturation);
    Set<Integer> holdSteps =
        records.stream()
            .filter(r -> r.level().phase() == RequestPhase.HOLD)
            .map(r -> r.level().step())
            .collect(Collectors.toCollection(TreeSet::new));
    // the SLO verdict leaves out the steps where the load generator's own delay could move a
    // latency across a limit
    LoadGeneratorHealth health =
        loadGenerator == null
            ? null
            : loadGenerator.withSloLimit(
                Math.min(options.sloTtftP95Millis(), options.sloGapP95Millis()));
    List<StepStats> vouched =
        health == null
            ? steps
            : steps.stream().filter(s -> !health.leftOutOfSlo(s.step())).toList();
    SloVerdict slo = SloEvaluator.evaluate(vouched, options, saturation, model, lowLoad, holdSteps);
    ClosedLoopModel closedLoop =
        closed ? ClosedLoopModelFitter.fit(steps, measured.samples(), lowLoad, saturation) : null;
    String modelNote;
    if (closed) {
      modelNote =
          closedLoop == null
              ? CLOSED_MODEL_NOTE
                  + "; no Little's-law figures either: "
                  + ClosedLoopModelFitter.notFittedReason(lowLoad, saturation)
              : CLOSED_MODEL_NOTE;
    } else {
      modelNote =
          model == null ? QueueModelFitter.notFittedReason(steps, lowLoad, saturation) : null;
    }
    Replicas replicas =
        options
            .peakRate()
            .map(
                peak ->
                    closed
                        ? ReplicaPlanner.planClosed(peak, slo, saturation)
                        : ReplicaPlanner.plan(
                            peak,
                            slo,
                            model,
                            lowLoad,
                            options,
                            saturation.reached() ? saturation.saturationRate() : null))
            .orElse(null);
    BaselineComparison baseline =
        baselineSteps == null
            ? null
            : BaselineComparator.compare(
                options.baseline().map(Path::toString).orElse("baseline"), steps, baselineSteps);
    return new CapacityReport(
        sources,
        RecordFields.distinctSorted(records, r -> r.identity().run()),
        records.size(),
        measured.warmup(),
        options,
        steps,
        headerTiming,
        knee,
        slo,
        saturation,
        model,
        modelNote,
        closedLoop,
        replicas,
        baseline,
        WorkloadAnalysis.of(records),
        List.of(),
        ServerMetricsAnalysis.analyze(scrapes, records, steps),
        health,
        queueLocation);
  }
}
