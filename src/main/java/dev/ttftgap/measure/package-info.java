/**
 * Turning what the load generator observed for one streaming request (its report rows and the SSE
 * events it received, all on the generator's clock) into a {@link dev.ttftgap.record.RequestRecord}
 * with exactly one outcome. Pure: the Gatling glue feeds it plain values.
 */
package dev.ttftgap.measure;
