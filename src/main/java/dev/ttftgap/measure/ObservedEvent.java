package dev.ttftgap.measure;

import dev.ttftgap.stream.Chunk;

/**
 * One SSE event as the load generator received it: arrival time (epoch ms, the generator's clock;
 * events read in one network read share it) and the classified chunk. Classified on arrival, so a
 * stream's events cost a few small objects, not the text of each.
 */
public record ObservedEvent(long epochMillis, Chunk chunk) {}
