package dev.ttftgap.gatling;

import dev.ttftgap.analysis.StepStats;
import dev.ttftgap.analysis.StepStatsCalculator;
import dev.ttftgap.profile.Step;
import dev.ttftgap.profile.StepSchedule;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.report.StepLine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * One console line per finished step of the schedule ({@link StepLine}), so that a run with
 * Gatling's light console still says how it goes. A step is finished once the run is past its end
 * and every request started in it has its record, or once its stream timeout has passed since its
 * end (the line then says nothing of the stragglers, the capacity report does).
 *
 * <p>Usage: {@code started(step)} when a request of a step is sent, {@link #onRecord} for each
 * record ({@code records.onAppend(progress::onRecord)}), {@link #start()} with the run and {@link
 * #finish()} at its end, which prints the steps not printed yet.
 */
final class StepProgress {
  private final List<Step> steps;
  private final long graceMillis;
  private final LongSupplier elapsedMillis;
  private final Consumer<String> out;
  private final Map<Integer, AtomicInteger> started = new ConcurrentHashMap<>();
  private final Map<Integer, List<RequestRecord>> finished = new ConcurrentHashMap<>();
  private final Set<Integer> printed = ConcurrentHashMap.newKeySet();
  private int next;
  private ScheduledExecutorService timer;

  /**
   * @param schedule the run's steps
   * @param graceMillis how long after a step's end its last requests may take (the stream timeout)
   * @param elapsedMillis ms since the start of the run, on the clock that placed the requests
   * @param out where the lines go
   */
  StepProgress(
      StepSchedule schedule, long graceMillis, LongSupplier elapsedMillis, Consumer<String> out) {
    this.steps = schedule.steps();
    this.graceMillis = graceMillis;
    this.elapsedMillis = elapsedMillis;
    this.out = out;
  }

  /** A request of step {@code step} (its {@code RequestRecord.step}) was sent. */
  void started(int step) {
    started.computeIfAbsent(step, k -> new AtomicInteger()).incrementAndGet();
  }

  /** A request's record, ok or failed; dropped when its step's line is printed already. */
  void onRecord(RequestRecord record) {
    if (printed.contains(record.level().step())) {
      return;
    }
    finished
        .computeIfAbsent(
            record.level().step(), k -> java.util.Collections.synchronizedList(new ArrayList<>()))
        .add(record);
  }

  /**
   * How many records it holds: those of the steps not printed yet. A printed step's records are let
   * go, so that an hour's run does not keep every record it sent (a million at 300 requests/s) in
   * the load generator's heap until its end.
   */
  int heldRecords() {
    return finished.values().stream().mapToInt(List::size).sum();
  }

  /** Checks twice a second for finished steps. */
  void start() {
    timer =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              Thread thread = new Thread(task, "ttft-gap-step-progress");
              thread.setDaemon(true);
              return thread;
            });
    timer.scheduleWithFixedDelay(this::poll, 500, 500, TimeUnit.MILLISECONDS);
  }

  /** Stops checking; prints the steps that sent requests and were not printed yet. */
  synchronized void finish() {
    if (timer != null) {
      timer.shutdownNow();
    }
    for (; next < steps.size(); next++) {
      Step step = steps.get(next);
      if (started.containsKey(step.index()) || finished.containsKey(step.index())) {
        print(step);
      }
    }
  }

  /** Prints every step, in order, that has finished since the last call (and sent requests). */
  synchronized void poll() {
    long now = elapsedMillis.getAsLong();
    while (next < steps.size()) {
      Step step = steps.get(next);
      if (now < step.endMillis()) {
        return;
      }
      int sent = started.getOrDefault(step.index(), new AtomicInteger()).get();
      if (recordsOf(step).size() < sent && now < step.endMillis() + graceMillis) {
        return;
      }
      if (sent > 0 || !recordsOf(step).isEmpty()) {
        print(step);
      }
      next++;
    }
  }

  private List<RequestRecord> recordsOf(Step step) {
    List<RequestRecord> records = finished.get(step.index());
    if (records == null) {
      return List.of();
    }
    synchronized (records) {
      return List.copyOf(records);
    }
  }

  private void print(Step step) {
    List<RequestRecord> records = recordsOf(step);
    printed.add(step.index());
    finished.remove(step.index());
    if (step.warmup()) {
      int failed = (int) records.stream().filter(r -> !r.ok()).count();
      out.accept(StepLine.warmup(step.label(), records.size(), failed));
      return;
    }
    List<StepStats> stats = StepStatsCalculator.of(records);
    if (stats.isEmpty()) {
      out.accept("ttft-gap: " + step.label() + " done · no request finished");
    } else {
      out.accept(StepLine.of(stats.get(0)));
      printClasses(records);
    }
  }

  /** One line per request class of a step of a run with classes, in order of their names. */
  private void printClasses(List<RequestRecord> records) {
    Map<String, List<RequestRecord>> byClass = new java.util.TreeMap<>();
    for (RequestRecord r : records) {
      if (r.input().requestClass() != null) {
        byClass.computeIfAbsent(r.input().requestClass(), k -> new ArrayList<>()).add(r);
      }
    }
    byClass.forEach(
        (name, ofClass) -> {
          List<StepStats> stats = StepStatsCalculator.of(ofClass);
          if (!stats.isEmpty()) {
            out.accept(StepLine.ofClass(name, stats.get(0)));
          }
        });
  }
}
