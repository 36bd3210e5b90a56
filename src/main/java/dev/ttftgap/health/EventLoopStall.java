package dev.ttftgap.health;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One probe tick that ran late by {@link EventLoopProbe#STALL_MIN_MICROS} or more: the event loop
 * was last seen free at {@code sinceEpochMicros} (the previous tick ran then and scheduled this
 * one), and ran this tick at {@code endEpochMicros}, {@code delayMicros} after it was due. A
 * timestamp the loop took between the two (a response's headers, a first token) may be late by
 * about {@code delayMicros}: the loop was working through a backlog, or was not running at all.
 *
 * <p>In {@code load-generator.jsonl} a stall is written as the array {@code [sinceEpochMicros,
 * endEpochMicros, delayMicros]}, wall clock ({@code Instant.now()}), the clock the records' {@code
 * startEpochMicros} come from.
 *
 * @param sinceEpochMicros when the loop was last seen free, µs since the epoch
 * @param endEpochMicros when the late tick ran, µs since the epoch
 * @param delayMicros how late it ran, µs
 */
@JsonFormat(shape = JsonFormat.Shape.ARRAY)
@JsonPropertyOrder({"sinceEpochMicros", "endEpochMicros", "delayMicros"})
public record EventLoopStall(long sinceEpochMicros, long endEpochMicros, long delayMicros) {}
