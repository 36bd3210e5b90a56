/**
 * Preflight: one models listing, one plain and one streaming request of the run's API (chat,
 * completions, Responses or Messages) against the target, and a one-line diagnosis with the fix
 * when something would corrupt a run (bad key, unknown model, wrong base path, a URL that speaks
 * another API, rate limit, unreachable host, ignored or buffered streaming), before any load is
 * sent. JDK {@code java.net.http} only: no Gatling, no Netty.
 */
package dev.ttftgap.preflight;
