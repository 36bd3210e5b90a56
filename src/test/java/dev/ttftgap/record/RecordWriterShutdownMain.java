package dev.ttftgap.record;

import java.nio.file.Path;

/**
 * Child JVM for {@link RecordWriterTest}: appends two records, leaves three requests in flight,
 * says "ready" and waits to be killed, so only the shutdown hook can write the in-flight ones.
 */
final class RecordWriterShutdownMain {
  private RecordWriterShutdownMain() {}

  public static void main(String[] args) throws InterruptedException {
    RecordWriter writer = RecordWriter.open(Path.of(args[0]));
    for (long user = 1; user <= 5; user++) {
      long id = user;
      writer.track(id, () -> TestRecords.inFlight(id));
    }
    writer.append(TestRecords.full(1));
    writer.append(TestRecords.full(2));
    System.out.print("ready\n");
    System.out.flush();
    Thread.sleep(60_000);
  }
}
