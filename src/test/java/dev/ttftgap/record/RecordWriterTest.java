package dev.ttftgap.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.IntConsumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RecordWriterTest {
  @TempDir Path dir;

  @Test
  void concurrentAppendsAreWrittenExactlyOnce() throws Exception {
    int threads = 8;
    int perThread = 20_000;
    Path file = dir.resolve("records.jsonl");
    RecordWriter writer = RecordWriter.open(file);
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> appenders =
        startThreads(
            threads,
            t -> {
              awaitQuietly(start);
              for (int i = 0; i < perThread; i++) {
                writer.append(TestRecords.minimal(t * 1_000_000L + i));
              }
            });
    start.countDown();
    joinAll(appenders);
    writer.close();

    List<RequestRecord> records = RecordReader.read(file);
    Set<Long> users = records.stream().map(r -> r.identity().userId()).collect(Collectors.toSet());
    Set<Long> expected = new HashSet<>();
    for (int t = 0; t < threads; t++) {
      for (int i = 0; i < perThread; i++) {
        expected.add(t * 1_000_000L + i);
      }
    }
    assertThat(records).as("one line per appended record").hasSize(threads * perThread);
    assertThat(users).as("every record present once").isEqualTo(expected);
    assertThat(writer.written()).as("written() counts every record").isEqualTo(threads * perThread);
    assertThat(writer.dropped()).as("nothing refused before close").isZero();
  }

  @Test
  void recordsReachTheFileBeforeClose() throws Exception {
    Path file = dir.resolve("live.jsonl");
    try (RecordWriter writer = RecordWriter.open(file)) {
      writer.append(TestRecords.full(1));
      writer.append(TestRecords.full(2));
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
      while (writer.written() < 2 && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }

      assertThat(writer.written()).as("flushed when the queue drained").isEqualTo(2);
      assertThat(Files.readAllLines(file)).as("both lines readable while running").hasSize(2);
    }
  }

  @Test
  void aRunStoppedOnPurposeWritesItsInFlightRequestsWithTheGivenReason() {
    Path file = dir.resolve("stopped.jsonl");
    RecordWriter writer = RecordWriter.open(file);
    List<Long> seen = new ArrayList<>();
    writer.onAppend(record -> seen.add(record.identity().userId()));
    writer.track(1, () -> TestRecords.inFlight(1));
    writer.track(2, () -> TestRecords.inFlight(2));
    writer.append(TestRecords.full(1));
    assertThat(writer.inFlight()).as("user 2 still in flight").isEqualTo(1);
    writer.markInFlightAs(FailureReason.STOPPED_BY_BREAKER, "cut by the circuit breaker");

    writer.close();

    assertThat(seen).as("the listener saw the appended record only").containsExactly(1L);
    RequestRecord cut =
        RecordReader.read(file).stream()
            .filter(r -> r.identity().userId() == 2)
            .findFirst()
            .orElseThrow();
    assertThat(cut.result().reason())
        .as("reason of a stopped run")
        .isEqualTo(FailureReason.STOPPED_BY_BREAKER);
    assertThat(cut.result().message()).as("message").isEqualTo("cut by the circuit breaker");
  }

  @Test
  void trackedRequestsAreWrittenAsInterruptedOnClose() {
    Path file = dir.resolve("interrupted.jsonl");
    RecordWriter writer = RecordWriter.open(file);
    assertThat(writer.track(1, () -> TestRecords.inFlight(1))).as("track while open").isTrue();
    writer.track(2, () -> TestRecords.inFlight(2));
    writer.track(3, () -> TestRecords.inFlight(3));
    writer.track(4, () -> TestRecords.inFlight(4));
    writer.append(TestRecords.full(1));
    writer.untrack(2);

    writer.close();

    Map<Long, RequestRecord> byUser =
        RecordReader.read(file).stream()
            .collect(Collectors.toMap(r -> r.identity().userId(), Function.identity()));
    assertThat(byUser.keySet())
        .as("user 1 finished, user 2 was untracked, users 3 and 4 were in flight")
        .containsExactlyInAnyOrder(1L, 3L, 4L);
    assertThat(byUser.get(1L).result().outcome())
        .as("the real record of user 1")
        .isEqualTo(Outcome.OK);
    RequestRecord interrupted = byUser.get(3L);
    assertThat(interrupted.result().outcome()).as("in flight at close").isEqualTo(Outcome.KO);
    assertThat(interrupted.result().reason())
        .as("reason code")
        .isEqualTo(FailureReason.INTERRUPTED);
    assertThat(interrupted.result().message()).as("says why").contains("in flight");
    assertThat(interrupted.timings().ttfbMillis())
        .as("what was measured so far is kept")
        .isEqualTo(120L);
    assertThat(writer.written()).as("three records").isEqualTo(3);
  }

  @Test
  void appendsAndTracksAfterCloseAreRefusedAndCounted() throws Exception {
    Path file = dir.resolve("late.jsonl");
    RecordWriter writer = RecordWriter.open(file);
    writer.append(TestRecords.full(1));
    writer.close();

    writer.append(TestRecords.full(2));
    assertThat(writer.track(3, () -> TestRecords.inFlight(3)))
        .as("a track after close tells its caller not to send")
        .isFalse();
    writer.close();

    assertThat(RecordReader.read(file)).as("only the record appended before close").hasSize(1);
    assertThat(writer.dropped()).as("the late append and the late track").isEqualTo(2);
  }

  @Test
  void closeRacingWithRequestsWritesEveryAcceptedUserExactlyOnce() throws Exception {
    Path file = dir.resolve("race.jsonl");
    RecordWriter writer = RecordWriter.open(file);
    int threads = 4;
    AtomicLong users = new AtomicLong();
    CountDownLatch running = new CountDownLatch(threads);
    List<Thread> workers =
        startThreads(
            threads,
            t -> {
              for (long i = 0; i < 200_000; i++) {
                long user = t * 10_000_000L + i;
                users.incrementAndGet();
                writer.track(user, () -> TestRecords.inFlight(user));
                if (i == 1000) {
                  running.countDown();
                }
                writer.append(TestRecords.full(user));
              }
            });
    running.await();
    writer.close();
    joinAll(workers);

    List<RequestRecord> records = RecordReader.read(file);
    long distinct = records.stream().map(r -> r.identity().userId()).distinct().count();
    long interrupted =
        records.stream().filter(r -> r.result().reason() == FailureReason.INTERRUPTED).count();
    long refusedUsers = users.get() - records.size();
    assertThat(distinct).as("no user written twice").isEqualTo(records.size());
    assertThat(interrupted)
        .as("at most one user per thread can be between track and append at close")
        .isLessThanOrEqualTo(threads);
    assertThat(writer.dropped())
        .as("users refused at track lose their append too; interrupted users lose their append")
        .isEqualTo(2 * refusedUsers + interrupted);
    assertThat(writer.written()).as("written() matches the file").isEqualTo(records.size());
  }

  @Test
  void createsParentDirectoriesAndTruncates() throws Exception {
    Path file = dir.resolve("a/b/c/records.jsonl");
    writeFull(file, 1, 2);
    writeFull(file, 3);

    assertThat(TestRecords.userIdsIn(file))
        .as("a new writer starts a fresh file")
        .containsExactly(3L);
  }

  @Test
  void closeIsIdempotent() {
    Path file = dir.resolve("twice.jsonl");
    RecordWriter writer = RecordWriter.open(file);
    writer.track(7, () -> TestRecords.inFlight(7));

    writer.close();
    writer.close();

    assertThat(RecordReader.read(file)).as("the interrupted record is written once").hasSize(1);
  }

  @Test
  void aFailingSnapshotLosesOnlyItsOwnRecord() {
    Path file = dir.resolve("snapshot.jsonl");
    RecordWriter writer = RecordWriter.open(file);
    writer.track(
        1,
        () -> {
          throw new IllegalStateException("session gone");
        });
    writer.track(2, () -> null);
    writer.track(3, () -> TestRecords.inFlight(3));

    writer.close();

    assertThat(TestRecords.userIdsIn(file))
        .as("the good snapshot is written despite the broken ones")
        .containsExactly(3L);
  }

  @Test
  void shutdownHookWritesInFlightRequestsWhenTheJvmIsStopped() throws Exception {
    Path file = dir.resolve("killed/records.jsonl");
    Process child =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                RecordWriterShutdownMain.class.getName(),
                file.toString())
            .redirectErrorStream(true)
            .start();
    String ready = new String(child.getInputStream().readNBytes(6));
    assertThat(ready).as("the child JVM started writing").isEqualTo("ready\n");

    child.destroy();

    assertThat(child.waitFor(20, TimeUnit.SECONDS)).as("the child stopped on SIGTERM").isTrue();
    List<RequestRecord> records = RecordReader.read(file);
    assertThat(records).as("2 finished + 3 in flight = 5 users").hasSize(5);
    assertThat(records.stream().filter(r -> r.result().reason() == FailureReason.INTERRUPTED))
        .as("in-flight requests written as interrupted by the shutdown hook")
        .extracting(r -> r.identity().userId())
        .containsExactlyInAnyOrder(3L, 4L, 5L);
  }

  @Test
  void theStampMarksEveryWrittenRecordInterruptedOnesIncludedButNotWhatListenersSee()
      throws Exception {
    Path file = dir.resolve("stamped.jsonl");
    RecordWriter writer = RecordWriter.open(file);
    List<RequestRecord> heard = new ArrayList<>();
    writer.onAppend(heard::add);
    writer.stamp(r -> r.withPart(new InjectorPart(2, 3, "pod-b", "run-7")));
    writer.append(TestRecords.minimal(1));
    writer.track(2, () -> TestRecords.inFlight(2));
    writer.close();

    List<RequestRecord> written = RecordReader.read(file);
    assertThat(written).as("the appended record and the in-flight one").hasSize(2);
    assertThat(written)
        .extracting(
            r -> r.part().injector(),
            r -> r.part().injectorCount(),
            r -> r.part().host(),
            r -> r.part().runId())
        .as("both stamped as part 2/3 of run-7 on pod-b")
        .containsOnly(org.assertj.core.groups.Tuple.tuple(2, 3, "pod-b", "run-7"));
    assertThat(heard.get(0).part().injector()).as("listeners get the record as appended").isNull();
  }

  /**
   * Starts {@code count} threads, thread {@code t} (0-based) running {@code body} with {@code t}.
   */
  private static List<Thread> startThreads(int count, IntConsumer body) {
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < count; t++) {
      int index = t;
      Thread thread = new Thread(() -> body.accept(index));
      thread.start();
      threads.add(thread);
    }
    return threads;
  }

  private static void joinAll(List<Thread> threads) throws InterruptedException {
    for (Thread thread : threads) {
      thread.join();
    }
  }

  /** Opens a writer on {@code file}, appends {@link TestRecords#full} of each user, closes it. */
  private static void writeFull(Path file, long... userIds) {
    try (RecordWriter writer = RecordWriter.open(file)) {
      for (long userId : userIds) {
        writer.append(TestRecords.full(userId));
      }
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
