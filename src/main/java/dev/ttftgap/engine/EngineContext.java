package dev.ttftgap.engine;

import io.netty.channel.EventLoop;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * State shared by every connection of one engine: the models, the engine thread, the ground-truth
 * log, the open streams and the write-lag histogram. Mutable state is touched on the engine thread
 * only ({@link #executor()}); {@link #onEngineThread} hops there.
 */
final class EngineContext {
  private final EngineConfig config;
  private final EventLoop executor;
  private final Map<String, ModelEngine> models = new LinkedHashMap<>();
  private final Map<String, ModelProfile> profiles = new LinkedHashMap<>();
  private final ModelEngine defaultModel;
  private final GroundTruthLog groundTruth;
  private final Set<ChatStream> keepAliveStreams = new HashSet<>();
  private final SplittableRandom faultRandom;
  private final Histogram writeLagMicros = new Histogram(60_000_000L, 3);
  private final Histogram stepLagMicros = new Histogram(60_000_000L, 3);
  private final Histogram fanOutMicros = new Histogram(60_000_000L, 3);
  private final String idPrefix;
  private final AtomicLong nextId = new AtomicLong();
  private final HttpWorkerPool httpWorkers;

  EngineContext(EngineConfig config, EventLoop executor) {
    this.config = config;
    this.executor = executor;
    for (ModelProfile profile : config.profiles()) {
      models.put(profile.name(), new ModelEngine(profile, executor, this));
      profiles.put(profile.name(), profile);
    }
    this.defaultModel = models.get(config.defaultProfile());
    this.groundTruth = new GroundTruthLog(config.groundTruthCapacity(), config.traceFile());
    this.faultRandom = new SplittableRandom(config.faultSeed());
    this.idPrefix = Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36) + "-";
    this.httpWorkers =
        config.httpWorkers() > 0
            ? new HttpWorkerPool(
                config.httpWorkers(),
                config.idleWorkerHoldMillis(),
                config.keepAliveMaxRequests(),
                executor)
            : null;
    long intervalNanos = config.keepAliveInterval().toNanos();
    if (intervalNanos > 0) {
      executor.scheduleAtFixedRate(
          () -> sendKeepAlives(intervalNanos), intervalNanos, intervalNanos, TimeUnit.NANOSECONDS);
    }
  }

  EngineConfig config() {
    return config;
  }

  /** The HTTP worker pool, or null when the engine reads every connection at once. */
  HttpWorkerPool httpWorkers() {
    return httpWorkers;
  }

  EventLoop executor() {
    return executor;
  }

  /** Runs {@code task} on the engine thread: now if already there. */
  void onEngineThread(Runnable task) {
    if (executor.inEventLoop()) {
      task.run();
    } else {
      executor.execute(task);
    }
  }

  Map<String, ModelProfile> profiles() {
    return Collections.unmodifiableMap(profiles);
  }

  ModelEngine model(String name) {
    return models.get(name);
  }

  ModelEngine defaultModel() {
    return defaultModel;
  }

  List<ModelEngine> models() {
    return List.copyOf(models.values());
  }

  GroundTruthLog groundTruth() {
    return groundTruth;
  }

  /** A fresh {@code chatcmpl-...} id, unique within and across engine instances. */
  String newRequestId() {
    return "chatcmpl-" + idPrefix + Long.toString(nextId.incrementAndGet(), 36);
  }

  /** The faults {@code profile} draws at random for one request. Engine thread only. */
  SimFault drawFault(ModelProfile profile) {
    SimFault fault = SimFault.NONE;
    for (FaultRule rule : profile.faults()) {
      if (faultRandom.nextDouble() < rule.probability()) {
        fault = fault.merge(SimFault.parse(rule.spec()));
      }
    }
    return fault;
  }

  void recordWriteLag(long lagMicros) {
    writeLagMicros.recordValue(Math.min(Math.max(0L, lagMicros), 60_000_000L));
  }

  /** Timer lateness of a step: moment its end is processed − its planned end. */
  void recordStepLag(long lagMicros, long fanOutDurationMicros) {
    stepLagMicros.recordValue(Math.min(Math.max(0L, lagMicros), 60_000_000L));
    fanOutMicros.recordValue(Math.min(Math.max(0L, fanOutDurationMicros), 60_000_000L));
  }

  /** Copies of the lag histograms, µs. Engine thread only. */
  EngineLag lagCopy() {
    return new EngineLag(writeLagMicros.copy(), stepLagMicros.copy(), fanOutMicros.copy());
  }

  void resetLag() {
    writeLagMicros.reset();
    stepLagMicros.reset();
    fanOutMicros.reset();
  }

  void addKeepAlive(ChatStream stream) {
    if (config.keepAliveInterval().toNanos() > 0) {
      keepAliveStreams.add(stream);
    }
  }

  void removeKeepAlive(ChatStream stream) {
    keepAliveStreams.remove(stream);
  }

  private void sendKeepAlives(long intervalNanos) {
    long now = System.nanoTime();
    for (ChatStream stream : List.copyOf(keepAliveStreams)) {
      stream.keepAliveIfIdle(now, intervalNanos);
    }
  }
}
