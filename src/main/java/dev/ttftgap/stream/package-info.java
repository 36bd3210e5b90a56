/**
 * What one streaming chat-completion request looked like on the wire: its SSE events ({@link
 * dev.ttftgap.stream.SseEvent}, as Gatling decodes them), the classification of each {@code data:}
 * payload ({@link dev.ttftgap.stream.ChunkClassifier}), and the per-request metric definitions
 * ({@link dev.ttftgap.stream.RequestMetrics}) computed from one client-side timeline ({@link
 * dev.ttftgap.stream.StreamTimeline}).
 *
 * <p>Pure Java: imports neither Gatling nor Netty, so the Gatling glue, the preflight check and the
 * tests share one definition of "first token".
 */
package dev.ttftgap.stream;
