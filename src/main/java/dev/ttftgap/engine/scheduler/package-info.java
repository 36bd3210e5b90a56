/**
 * The pure model of an inference engine's continuous-batching scheduler: sequences, engine steps,
 * step costs and the prefix cache. No Netty and no clock of its own: the caller passes the engine
 * time (microseconds) into every call, so the model runs identically under a fake clock in tests
 * and under the Netty timer chain in {@code dev.ttftgap.engine}.
 */
package dev.ttftgap.engine.scheduler;
