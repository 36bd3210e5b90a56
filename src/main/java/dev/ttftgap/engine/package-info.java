/**
 * The simulated OpenAI-compatible inference engine: a Netty HTTP server whose replies come from a
 * model of continuous batching ({@link dev.ttftgap.engine.scheduler.EngineScheduler}), so that load
 * really queues and the TTFT − TTFB gap really widens. It speaks every {@link
 * dev.ttftgap.stream.Api} (chat and legacy completions, OpenAI Responses, Anthropic Messages), with
 * text, reasoning and tool-call answers, all served by the same scheduler.
 *
 * <p>Entry points: {@link dev.ttftgap.engine.EmbeddedEngine} (embedded, from tests and
 * simulations), {@link dev.ttftgap.engine.EngineMain} (standalone), {@link
 * dev.ttftgap.engine.ModelProfile} (named models and their analytic saturation rate), {@link
 * dev.ttftgap.engine.GroundTruth} (what the server saw of each request). The only package of the
 * project that imports Netty.
 */
package dev.ttftgap.engine;
