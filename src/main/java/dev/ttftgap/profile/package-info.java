/**
 * Load profiles: JSON files in {@code simulations/} describing the request to send and the load to
 * offer (warm-up, then stairs of arrival rates or concurrency), parsed and fully validated before
 * any load is sent ({@link dev.ttftgap.profile.LoadProfiles}); the run's timeline ({@link
 * dev.ttftgap.profile.StepSchedule}) and the injection steps a Gatling simulation maps 1:1 to its
 * DSL ({@link dev.ttftgap.profile.InjectionStep}); prompts of an exact token length ({@link
 * dev.ttftgap.profile.PromptBuilder}). Imports neither Gatling nor Netty.
 */
package dev.ttftgap.profile;
