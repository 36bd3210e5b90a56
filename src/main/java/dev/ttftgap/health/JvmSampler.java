package dev.ttftgap.health;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.GcInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.lang.management.OperatingSystemMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The process's CPU time and its stop-the-world GC pauses, from the JVM's management beans.
 *
 * <p>CPU: {@code com.sun.management.OperatingSystemMXBean#getProcessCpuTime} (all threads of the
 * process), read at each {@link #cpuNanos} call. GC: a listener on every collector bean receives
 * one notification per collection with its duration (whole ms) and the memory after it; collections
 * of concurrent collectors' background cycles (names with "Cycles" or "Concurrent", e.g. ZGC's and
 * G1's) run beside the application and are not pauses, so they are left out.
 */
final class JvmSampler implements AutoCloseable {
  private final OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
  private final Set<String> heapPools =
      ManagementFactory.getMemoryPoolMXBeans().stream()
          .filter(p -> p.getType() == MemoryType.HEAP)
          .map(MemoryPoolMXBean::getName)
          .collect(Collectors.toSet());
  private final List<NotificationEmitter> emitters = new ArrayList<>();
  private final NotificationListener listener = this::onNotification;
  private final List<Long> pausesMillis = new ArrayList<>();
  private Long heapAfterGcBytes;

  private JvmSampler() {}

  /** Starts listening to GC notifications. */
  public static JvmSampler start() {
    JvmSampler sampler = new JvmSampler();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc instanceof NotificationEmitter emitter && isPausing(gc.getName())) {
        emitter.addNotificationListener(sampler.listener, null, null);
        sampler.emitters.add(emitter);
      }
    }
    return sampler;
  }

  /** CPU time used by the whole process so far, ns; null when the JVM does not say. */
  public Long cpuNanos() {
    if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
      long nanos = sun.getProcessCpuTime();
      return nanos < 0 ? null : nanos;
    }
    return null;
  }

  /** Processors available to the JVM. */
  public int processors() {
    return os.getAvailableProcessors();
  }

  /** The GC pauses since the last call (ms each) and the heap after the last of them. */
  public synchronized GcWindow drainGc() {
    GcWindow window = new GcWindow(List.copyOf(pausesMillis), heapAfterGcBytes);
    pausesMillis.clear();
    heapAfterGcBytes = null;
    return window;
  }

  /** GC pauses of one interval. */
  public record GcWindow(List<Long> pausesMillis, Long heapAfterGcBytes) {}

  @Override
  public void close() {
    for (NotificationEmitter emitter : emitters) {
      try {
        emitter.removeNotificationListener(listener);
      } catch (ListenerNotFoundException e) {
        // already gone
      }
    }
  }

  static boolean isPausing(String collectorName) {
    return !(collectorName.contains("Cycles") || collectorName.contains("Concurrent"));
  }

  private void onNotification(Notification notification, Object handback) {
    if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
        notification.getType())) {
      return;
    }
    GarbageCollectionNotificationInfo info =
        GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
    GcInfo gc = info.getGcInfo();
    long heapAfter = 0;
    for (Map.Entry<String, MemoryUsage> pool : gc.getMemoryUsageAfterGc().entrySet()) {
      if (heapPools.contains(pool.getKey())) {
        heapAfter += pool.getValue().getUsed();
      }
    }
    synchronized (this) {
      pausesMillis.add(gc.getDuration());
      heapAfterGcBytes = heapAfter;
    }
  }
}
