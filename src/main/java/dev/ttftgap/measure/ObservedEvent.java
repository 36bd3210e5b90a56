package dev.ttftgap.measure;

import dev.ttftgap.stream.Chunk;
import dev.ttftgap.stream.ChunkClassifier;

/**
 * One SSE event as the load generator received it: arrival time (epoch ms, the generator's clock;
 * events read in one network read share it) and the classified chunk. Classified on arrival, so a
 * stream's events cost a few small objects, not Gatling's JSON rendering of each.
 */
public record ObservedEvent(long epochMillis, Chunk chunk) {

  /** An event from Gatling's JSON rendering ({@code {"id":..,"data":...}}). */
  public static ObservedEvent of(long epochMillis, String gatlingEventJson) {
    return new ObservedEvent(epochMillis, ChunkClassifier.classifyGatlingEvent(gatlingEventJson));
  }
}
