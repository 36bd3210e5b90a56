/**
 * The search for the max sustainable rate: which rate to offer next, judged on the records as they
 * arrive, and when the answer has been held long enough to report. Pure logic: no Gatling, no
 * Netty; the Gatling glue asks it whom to admit and tells it what ended.
 */
package dev.ttftgap.search;
