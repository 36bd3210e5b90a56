package dev.ttftgap.analysis;

/**
 * Where the achieved rate stops following the offered rate (see {@link SaturationDetector}).
 *
 * @param reached whether a saturated step was found
 * @param step first step of the saturated run to the end; null when not reached
 * @param rate that step's rate, requests/s; null when not reached
 * @param saturationRate plateau throughput, requests/s: the estimate of the server's capacity; null
 *     when not reached
 * @param maxAchievedRate highest achieved rate of any step, requests/s: a lower bound of the
 *     capacity when saturation was not reached; null when no step had a window
 * @param thresholdRatio achieved / arrival rate below which a step counts as saturated
 */
public record Saturation(
    boolean reached,
    Integer step,
    Double rate,
    Double saturationRate,
    Double maxAchievedRate,
    double thresholdRatio) {}
