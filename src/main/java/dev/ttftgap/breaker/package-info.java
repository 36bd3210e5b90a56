/**
 * The circuit breaker of a load run: from the outcomes of the requests as they finish, when to stop
 * offering load to an endpoint that rejects it, and the sentence that says why. Pure logic: no
 * Gatling, no Netty; the Gatling glue feeds it records and stops the injection when it trips.
 */
package dev.ttftgap.breaker;
