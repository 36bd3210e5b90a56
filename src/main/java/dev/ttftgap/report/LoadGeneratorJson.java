package dev.ttftgap.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.health.LoadGeneratorHealth;
import dev.ttftgap.health.LoadGeneratorStep;

/**
 * The {@code loadGenerator} objects of {@code capacity.json}: one per step and one for the run.
 *
 * <p>Per step: {@code seconds}, {@code eventLoopDelayP50Millis}, {@code eventLoopDelayP99Millis},
 * {@code eventLoopDelayMaxMillis}, {@code stampDelayP99Millis} (per request, the event-loop stall
 * its headers or first token was stamped in, p99; null without the stalls), {@code
 * injectionLagP99Millis}, {@code injectionLagMaxMillis}, {@code cpuCores}, {@code cpuSharePercent},
 * {@code gcPauses}, {@code gcPauseTotalMillis}, {@code gcPauseMaxMillis}, {@code
 * heapAfterGcMaxBytes}, {@code vouched} (null: nothing measured), {@code reason} (why not vouched)
 * and {@code flag} (the sentence). The run's object has the same figures over all steps, then
 * {@code unvouchedSteps} (the load generator cannot vouch for their latencies), the thresholds
 * {@code maxEventLoopDelayP99Millis} and {@code maxInjectionLagP99Millis}, {@code verdict}, {@code
 * leftOutOfSloSteps} (those of the unvouched steps whose delay reached a tenth of the tightest SLO
 * limit: left out of the SLO verdict) and {@code sloLimitMillis} (that limit; null when the SLO
 * limits no latency). Both are {@code null} when the run has no {@code load-generator.jsonl}.
 */
final class LoadGeneratorJson {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private LoadGeneratorJson() {}

  /** The object of step {@code step}; null node when not measured. */
  static JsonNode step(LoadGeneratorHealth health, int step) {
    LoadGeneratorStep stepHealth = health == null ? null : health.step(step);
    if (stepHealth == null) {
      return NODES.nullNode();
    }
    ObjectNode node = JsonLayout.object(stepHealth);
    node.put("flag", LoadGeneratorSentences.stepFlag(stepHealth));
    return node;
  }

  /** The run's object; null node when not measured. */
  static JsonNode run(LoadGeneratorHealth health) {
    if (health == null) {
      return NODES.nullNode();
    }
    ObjectNode node = JsonLayout.object(health.run());
    health.unvouchedSteps().forEach(node.putArray("unvouchedSteps")::add);
    node.put("maxEventLoopDelayP99Millis", health.maxEventLoopDelayP99Millis());
    node.put("maxInjectionLagP99Millis", health.maxInjectionLagP99Millis());
    node.put("verdict", LoadGeneratorSentences.verdict(health));
    health.leftOutOfSloSteps().forEach(node.putArray("leftOutOfSloSteps")::add);
    node.put("sloLimitMillis", JsonLayout.finite(health.sloLimitMillis()));
    return node;
  }
}
