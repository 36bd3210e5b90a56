/**
 * The seeds' experiments as tables: baseline per model, prompt length, model comparison. Pure
 * functions of finished {@link dev.ttftgap.record.RequestRecord} lists, rendered as aligned text
 * and as markdown. No Gatling, no Netty, no I/O.
 */
package dev.ttftgap.experiments;
