package dev.ttftgap.analysis;

/**
 * Replicas needed for a target peak rate (see {@link ReplicaPlanner}).
 *
 * @param peakRate target peak arrival rate, requests/s
 * @param fromMeasured ceil(peak / max sustainable rate) in an open run, ceil(peak / throughput at
 *     the max concurrency under the SLO) in a closed one; null when no step met the SLO
 * @param measuredIsUpperBound true when every step met the SLO, so one replica may sustain more and
 *     fewer replicas may do
 * @param modelMaxRatePerReplica highest rate per replica at which the fitted model's p95 gap and
 *     p95 TTFT meet the SLO, requests/s; null without a model
 * @param fromModel ceil(peak / modelMaxRatePerReplica); null without a model
 * @param concurrencyPerReplica streams each replica then holds: the max concurrency under the SLO
 *     (closed model); null in an open run
 * @param plateauRatePerReplica the plateau throughput, requests/s (closed model): each replica's
 *     capacity; null in an open run or without a plateau
 * @param fromPlateau ceil(peak / plateauRatePerReplica): the fewest replicas that can complete the
 *     peak at all, each then at capacity (closed model); null with {@code plateauRatePerReplica}
 * @param recommended the one replica count to plan with: ceil(peak / {@code perReplicaRatePerSec});
 *     null when no rate per replica is known
 * @param perReplicaRatePerSec the sustainable rate each replica is sized for, requests/s (see
 *     {@code basis})
 * @param utilisationPercent what the recommended count implies: peak / (replicas × saturation
 *     rate), percent; null without a measured saturation
 * @param basis where {@code perReplicaRatePerSec} comes from: {@code "held"} (a held search rate),
 *     {@code "steady_steps"} (the staircase's max sustainable rate), {@code "model_poisson"}
 *     (lower: the fitted queue's SLO rate under Poisson arrivals, as a real peak of independent
 *     users arrives), {@code "slo_throughput"} (closed run)
 */
public record Replicas(
    double peakRate,
    Integer fromMeasured,
    boolean measuredIsUpperBound,
    Double modelMaxRatePerReplica,
    Integer fromModel,
    Integer concurrencyPerReplica,
    Double plateauRatePerReplica,
    Integer fromPlateau,
    Integer recommended,
    Double perReplicaRatePerSec,
    Double utilisationPercent,
    String basis) {}
