package dev.ttftgap.engine;

import org.HdrHistogram.Histogram;

/**
 * How faithfully the engine kept its simulated time, all in microseconds.
 *
 * @param writeLagMicros per content token: moment its chunk is handed to the connection ({@code
 *     writeAndFlush}) minus the planned end of the engine step that produced it; includes the
 *     token's place in its step's fan-out
 * @param stepLagMicros per step: moment the step's end is processed minus its planned end (timer
 *     lateness, a busy event loop)
 * @param fanOutMicros per step: time spent handing every token of the step to its connection
 */
public record EngineLag(
    Histogram writeLagMicros, Histogram stepLagMicros, Histogram fanOutMicros) {}
