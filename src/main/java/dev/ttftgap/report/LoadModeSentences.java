package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.Knee;
import dev.ttftgap.analysis.LoadModel;
import dev.ttftgap.analysis.Replicas;
import dev.ttftgap.analysis.StepStats;

/**
 * The verdicts that read differently by how the load was applied ({@link LoadModel}): an open run's
 * in arrival rates ({@link OpenLoopSentences}), a closed run's in concurrent streams and throughput
 * ({@link ClosedLoopSentences}).
 */
sealed interface LoadModeSentences permits OpenLoopSentences, ClosedLoopSentences {

  /** The sentences for the report's load model. */
  static LoadModeSentences of(CapacityReport report) {
    return report.loadModel() == LoadModel.CLOSED
        ? ClosedLoopSentences.INSTANCE
        : OpenLoopSentences.INSTANCE;
  }

  /** A step's load: "8 rps" in an open run, "12 concurrent streams" in a closed one. */
  String stepLoad(StepStats step);

  /** The knee's load, with the interval it lies in when an open run knows it. */
  String kneeLoad(Knee knee);

  /** The SLO verdict under {@code limits} (the SLO's text, {@link VerdictSentences#limits}). */
  String slo(CapacityReport report, String limits);

  /** The saturation verdict, followed by {@code known} (the analytic capacity's notes). */
  String saturation(CapacityReport report, String known);

  /** The queueing model's verdict. */
  String model(CapacityReport report);

  /** The replicas for the peak. */
  String replicas(Replicas replicas);
}
