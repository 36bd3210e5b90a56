package dev.ttftgap.measure;

/**
 * One SSE event as the load generator received it: arrival time (epoch ms, generator's clock;
 * events read in one network read share it) and Gatling's JSON rendering of the event.
 */
public record ObservedEvent(long epochMillis, String eventJson) {}
