/**
 * The circuit breaker of a load run: from the outcomes of the requests as they finish, when to stop
 * offering load to an endpoint that rejects it ({@code CircuitBreaker}) or to a server that is
 * saturated and only queues more ({@code SaturationStop}), and the sentence that says why. Pure
 * logic: no Gatling, no Netty; the Gatling glue feeds it records and stops the injection when it
 * trips.
 */
package dev.ttftgap.breaker;
