package dev.ttftgap.analysis;

/**
 * Replicas needed for a target peak rate (see {@link ReplicaPlanner}).
 *
 * @param peakRate target peak arrival rate, requests/s
 * @param fromMeasured ceil(peak / max sustainable rate); null when no rate met the SLO
 * @param measuredIsUpperBound true when every step met the SLO, so one replica may sustain more and
 *     fewer replicas may do
 * @param modelMaxRatePerReplica highest rate per replica at which the fitted model's p95 gap and
 *     p95 TTFT meet the SLO, requests/s; null without a model
 * @param fromModel ceil(peak / modelMaxRatePerReplica); null without a model
 */
public record Replicas(
    double peakRate,
    Integer fromMeasured,
    boolean measuredIsUpperBound,
    Double modelMaxRatePerReplica,
    Integer fromModel) {}
