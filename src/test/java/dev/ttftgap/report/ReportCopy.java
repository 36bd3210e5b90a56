package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.ClassesVerdict;
import dev.ttftgap.analysis.QueueLocation;
import dev.ttftgap.analysis.RecoveryVerdict;
import dev.ttftgap.analysis.ServerMetricsView;
import dev.ttftgap.analysis.SloVerdict;
import java.util.List;

/** Copies of a report with one block replaced, for the renderers' edge cases. */
final class ReportCopy {
  private ReportCopy() {}

  /** {@code report} with {@code slo} as its SLO verdict. */
  static CapacityReport withSlo(CapacityReport report, SloVerdict slo) {
    return copy(report, slo, report.serverMetrics(), report.queueLocation());
  }

  /** {@code report} with {@code view} as the server's metrics. */
  static CapacityReport withServerMetrics(CapacityReport report, ServerMetricsView view) {
    return copy(report, report.slo(), view, report.queueLocation());
  }

  /** {@code report} as a report built without the queue's location. */
  static CapacityReport withoutQueueLocation(CapacityReport report) {
    return copy(report, report.slo(), report.serverMetrics(), null);
  }

  /** {@code report} with {@code notes} as its run notes. */
  static CapacityReport withRunNotes(CapacityReport report, List<String> notes) {
    return copy(report, report.slo(), report.serverMetrics(), report.queueLocation(), notes);
  }

  /**
   * {@code report} under {@code options}, with {@code classes} and {@code recovery} as its
   * launch-day verdicts (null: none).
   */
  static CapacityReport withLaunchDay(
      CapacityReport r, CapacityOptions options, ClassesVerdict classes, RecoveryVerdict recovery) {
    return copy(
        r, options, r.slo(), r.serverMetrics(), r.queueLocation(), r.runNotes(), classes, recovery);
  }

  private static CapacityReport copy(
      CapacityReport r, SloVerdict slo, ServerMetricsView view, QueueLocation queueLocation) {
    return copy(r, slo, view, queueLocation, r.runNotes());
  }

  private static CapacityReport copy(
      CapacityReport r,
      SloVerdict slo,
      ServerMetricsView view,
      QueueLocation queueLocation,
      List<String> runNotes) {
    return copy(r, r.options(), slo, view, queueLocation, runNotes, r.classes(), r.recovery());
  }

  private static CapacityReport copy(
      CapacityReport r,
      CapacityOptions options,
      SloVerdict slo,
      ServerMetricsView view,
      QueueLocation queueLocation,
      List<String> runNotes,
      ClassesVerdict classes,
      RecoveryVerdict recovery) {
    return new CapacityReport(
        r.input(),
        options,
        r.steps(),
        r.headerTiming(),
        r.knee(),
        slo,
        r.saturation(),
        r.model(),
        r.modelNote(),
        r.closedLoopModel(),
        r.replicas(),
        r.baseline(),
        r.workload(),
        runNotes,
        view,
        r.loadGenerator(),
        queueLocation,
        classes,
        recovery);
  }
}
