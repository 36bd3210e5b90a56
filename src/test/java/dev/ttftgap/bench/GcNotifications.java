package dev.ttftgap.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.Consumer;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * Hands every garbage collection of this JVM, as it ends, to a listener (the benchmarks' probe).
 */
final class GcNotifications {
  private GcNotifications() {}

  static void onEachCollection(Consumer<GarbageCollectionNotificationInfo> listener) {
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      ((NotificationEmitter) collector)
          .addNotificationListener(
              (notification, handback) -> {
                if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
                    notification.getType())) {
                  listener.accept(
                      GarbageCollectionNotificationInfo.from(
                          (CompositeData) notification.getUserData()));
                }
              },
              null,
              null);
    }
  }
}
