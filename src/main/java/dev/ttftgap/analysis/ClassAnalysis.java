package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestRecord;
import java.util.List;

/**
 * Per-class analysis of a run with request classes ({@link CapacityOptions#classes()}): each
 * class's statistics, knee and SLO verdict on its own records, and the joint answer.
 */
public final class ClassAnalysis {
  private ClassAnalysis() {}

  /**
   * The classes' verdict; null when {@code options} names no classes.
   *
   * @param records every record of the run (warm-up included)
   * @param options the run's options; {@link CapacityOptions#classes()} gives each class's SLO
   * @param loadGenerator the load generator's health (null when not measured)
   * @param saturation the mix's saturation (total rate): every class's answer is capped by it
   */
  public static ClassesVerdict analyze(
      List<RequestRecord> records,
      CapacityOptions options,
      dev.ttftgap.health.LoadGeneratorHealth loadGenerator,
      Saturation saturation) {
    if (options.classes().isEmpty()) {
      return null;
    }
    return null; // TODO issue 26: classes helper
  }
}
