package dev.ttftgap.analysis;

import java.util.List;

/**
 * The verdict of a run with request classes: every class's own analysis and the joint answer, the
 * highest total arrival rate at which every class meets its own SLO, steady.
 *
 * @param classes each class's analysis, in the profile's order
 * @param jointMaxRate the joint max sustainable total rate, requests/s; never above any class's own
 *     answer; null when some class fails its first step or has no answer
 * @param lowerBound true when every class passed every step: the joint limit is at least {@code
 *     jointMaxRate}
 * @param limitingClass the class that breaks first (the lowest own answer); null when none broke
 * @param limitingMetric what that class broke first ({@code "ttft_p95"}, …); null with it
 * @param rateLow lower end of the interval the joint answer lies in (the limiting class's)
 * @param rateHigh upper end of that interval; null when unknown
 * @param replicas replicas of the measured server for the peak rate at the same mix: {@code
 *     ceil(peak / jointMaxRate)}; null without a peak rate or a joint answer
 * @param held the hold that proves the joint answer (a search run); null otherwise
 * @param note one sentence on what the joint answer rests on or why it is missing; null when none
 */
public record ClassesVerdict(
    List<ClassReport> classes,
    Double jointMaxRate,
    boolean lowerBound,
    String limitingClass,
    String limitingMetric,
    Double rateLow,
    Double rateHigh,
    Integer replicas,
    HeldRate held,
    String note) {
  public ClassesVerdict {
    classes = List.copyOf(classes);
  }
}
