package dev.ttftgap.engine;

import dev.ttftgap.engine.scheduler.EngineScheduler;
import io.netty.util.concurrent.EventExecutor;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * Drives one model's {@link EngineScheduler} in real time with a single chain of event-loop timers:
 * at most one pending {@code schedule} per model, never a timer per stream, never a sleep.
 *
 * <p>Algorithm overview: when work arrives at an idle engine, a step starts now; when a step's
 * timer fires, the step is finished (tokens are written by the sinks) and the next step starts at
 * the previous step's planned end, not at the moment the timer fired nor after the step's tokens
 * were written, so timer lateness (NIO timers round up to the millisecond) and the write fan-out do
 * not slow the simulated GPU down. Lateness beyond {@value #MAX_CATCH_UP_MICROS} µs (a stalled or
 * overloaded event loop) is not caught up.
 */
final class ModelEngine {
  static final long MAX_CATCH_UP_MICROS = 2_000;

  private final ModelProfile profile;
  private final EngineScheduler scheduler;
  private final EngineMetrics metrics;
  private final EventExecutor executor;

  private final EngineContext context;

  ModelEngine(ModelProfile profile, EventExecutor executor, EngineContext context) {
    this.context = context;
    this.profile = profile;
    this.scheduler = new EngineScheduler(profile.costModel());
    this.metrics = new EngineMetrics(profile.name());
    this.executor = executor;
  }

  ModelProfile profile() {
    return profile;
  }

  EngineScheduler scheduler() {
    return scheduler;
  }

  EngineMetrics metrics() {
    return metrics;
  }

  /** Starts a step if the engine is idle and has work. Engine thread only. */
  void kick() {
    if (!scheduler.stepInProgress()) {
      startStep(WallClock.monoMicros());
    }
  }

  private void startStep(long startMicros) {
    OptionalLong end = scheduler.startStep(startMicros);
    if (end.isPresent()) {
      long delayNanos = end.getAsLong() * 1_000L - System.nanoTime();
      executor.schedule(this::onStepDue, Math.max(0L, delayNanos), TimeUnit.NANOSECONDS);
    }
  }

  private void onStepDue() {
    long plannedEnd = scheduler.stepEndMicros();
    long dueMicros = WallClock.monoMicros();
    scheduler.finishStep();
    context.recordStepLag(dueMicros - plannedEnd, WallClock.monoMicros() - dueMicros);
    if (scheduler.hasWork() && !scheduler.stepInProgress()) {
      // the simulated GPU runs the next step while the tokens of this one are being written, as
      // an engine with asynchronous output processing does: the fan-out does not delay it
      startStep(Math.max(plannedEnd, dueMicros - MAX_CATCH_UP_MICROS));
    }
  }
}
