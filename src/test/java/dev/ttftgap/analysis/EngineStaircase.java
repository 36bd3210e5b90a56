package dev.ttftgap.analysis;

import dev.ttftgap.engine.ModelProfile;
import dev.ttftgap.engine.scheduler.VirtualTimeDriver;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.RequestRecordBuilder;
import dev.ttftgap.record.TestRecords;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * Records of a Poisson staircase against the embedded engine's scheduler under virtual time: the
 * same continuous-batching model the Netty engine runs, minus sockets, so a ten-minute staircase
 * takes a second. Poisson (or evenly spaced) arrivals; headers at acceptance after a fixed loopback
 * TTFB; a refused request is a 429.
 *
 * <p>With {@link #stepConcurrency} set it runs a closed population instead, as the {@code closed}
 * load model does: at each step the number of users rises to the step's level, each user sending
 * its next request the moment its previous one ends (zero think time); the warm-up holds one user.
 */
final class EngineStaircase {
  static final long EPOCH_START = 1_767_225_600_000L;
  private static final long TTFB_MICROS = 1_000;

  ModelProfile profile = ModelProfile.builtIn("qwen3-8b-like");
  List<Double> stepRates = List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0);
  double stepSeconds = 60;
  double warmupSeconds = 0;
  long seed = 1;

  /** Prompt tokens of every request; null: the profile's default. */
  Integer promptTokens;

  /** Evenly spaced arrivals (Gatling's incrementUsersPerSec) instead of Poisson. */
  boolean uniformArrivals;

  /** Users per step of a closed population; null: the open staircase of {@link #stepRates}. */
  List<Integer> stepConcurrency;

  /**
   * The shipped {@code closed-concurrency} profile: warm-up 1 user × 5 s, then 2, 4, 8, 16, 32
   * users × 20 s.
   */
  static EngineStaircase closedConcurrency() {
    EngineStaircase run = new EngineStaircase();
    run.stepConcurrency = List.of(2, 4, 8, 16, 32);
    run.stepSeconds = 20;
    run.warmupSeconds = 5;
    return run;
  }

  List<RequestRecord> records() {
    if (stepConcurrency != null) {
      return closedRecords();
    }
    VirtualTimeDriver driver = new VirtualTimeDriver(profile.costModel());
    Random random = new Random(seed);
    int prompt = promptTokens != null ? promptTokens : profile.defaultPromptTokens();
    int output = profile.defaultOutputTokens();
    List<long[]> arrivals = new ArrayList<>(); // {micros, step, accepted}
    List<String> labels = new ArrayList<>();
    List<Double> rates = new ArrayList<>();
    double time = 0;
    int id = 0;
    List<double[]> phases = new ArrayList<>();
    if (warmupSeconds > 0) {
      phases.add(new double[] {0, stepRates.get(0), warmupSeconds});
    }
    for (int i = 0; i < stepRates.size(); i++) {
      phases.add(new double[] {i + 1, stepRates.get(i), stepSeconds});
    }
    for (double[] phase : phases) {
      double end = time + phase[2] * 1e6;
      double t = time;
      while (true) {
        t += uniformArrivals ? 1e6 / phase[1] : -1e6 / phase[1] * Math.log(1 - random.nextDouble());
        if (t >= end) {
          break;
        }
        long micros = Math.round(t);
        driver.advanceTo(micros);
        boolean accepted = driver.submit("r" + id, prompt, output);
        arrivals.add(new long[] {micros, (long) phase[0], accepted ? 1 : 0});
        labels.add(String.format(Locale.ROOT, "step %d · %s rps", (int) phase[0], phase[1]));
        rates.add(phase[1]);
        id++;
      }
      time = end;
    }
    driver.runUntilIdle();
    return toRecords(driver, arrivals, labels, rates, null);
  }

  /**
   * The closed population: users added at a step's start up to its level, each resubmitting when
   * its request's last token leaves the engine. A refused request ends at its headers, so its user
   * sends again one TTFB later.
   */
  private List<RequestRecord> closedRecords() {
    VirtualTimeDriver driver = new VirtualTimeDriver(profile.costModel());
    int prompt = profile.defaultPromptTokens();
    int output = profile.defaultOutputTokens();
    List<long[]> arrivals = new ArrayList<>(); // {micros, step, accepted}
    List<String> labels = new ArrayList<>();
    List<Integer> levels = new ArrayList<>();
    List<int[]> phases = new ArrayList<>(); // {step, users, seconds}
    if (warmupSeconds > 0) {
      phases.add(new int[] {0, 1, (int) warmupSeconds});
    }
    for (int i = 0; i < stepConcurrency.size(); i++) {
      phases.add(new int[] {i + 1, stepConcurrency.get(i), (int) stepSeconds});
    }
    List<Long> refusedUntil = new ArrayList<>();
    int inFlight = 0;
    int seenTokens = 0;
    long time = 0;
    for (int[] phase : phases) {
      long end = time + phase[2] * 1_000_000L;
      long now = time;
      while (true) {
        refusedUntil.removeIf(t -> t <= driver.nowMicros());
        while (inFlight + refusedUntil.size() < phase[1] && now < end) {
          int id = arrivals.size();
          boolean accepted = driver.submit("r" + id, prompt, output);
          arrivals.add(new long[] {now, phase[0], accepted ? 1 : 0});
          labels.add(String.format(Locale.ROOT, "step %d · %d users", phase[0], phase[1]));
          levels.add(phase[1]);
          if (accepted) {
            inFlight++;
          } else {
            refusedUntil.add(now + TTFB_MICROS);
          }
        }
        long next =
            driver.scheduler().stepInProgress()
                ? driver.scheduler().stepEndMicros()
                : Long.MAX_VALUE;
        for (long t : refusedUntil) {
          next = Math.min(next, t);
        }
        if (next >= end) {
          driver.advanceTo(end);
          break;
        }
        driver.advanceTo(next);
        now = driver.nowMicros();
        List<VirtualTimeDriver.Token> tokens = driver.tokens();
        for (; seenTokens < tokens.size(); seenTokens++) {
          if (tokens.get(seenTokens).last()) {
            inFlight--;
          }
        }
      }
      time = end;
    }
    driver.runUntilIdle();
    List<Double> noRates = new ArrayList<>();
    levels.forEach(level -> noRates.add(null));
    return toRecords(driver, arrivals, labels, noRates, levels);
  }

  private List<RequestRecord> toRecords(
      VirtualTimeDriver driver,
      List<long[]> arrivals,
      List<String> labels,
      List<Double> rates,
      List<Integer> concurrency) {
    int prompt = profile.defaultPromptTokens();
    int output = profile.defaultOutputTokens();
    Map<String, List<Long>> tokenMicros = new HashMap<>();
    for (VirtualTimeDriver.Token token : driver.tokens()) {
      tokenMicros.computeIfAbsent(token.sequenceId(), k -> new ArrayList<>()).add(token.micros());
    }
    List<RequestRecord> records = new ArrayList<>();
    for (int i = 0; i < arrivals.size(); i++) {
      int n = i;
      long[] arrival = arrivals.get(i);
      int step = (int) arrival[1];
      RequestPhase phase = step == 0 ? RequestPhase.WARMUP : RequestPhase.STEP;
      long start = EPOCH_START + arrival[0] / 1000;
      long ttfb = TTFB_MICROS / 1000;
      RequestRecordBuilder request =
          TestRecords.builder()
              .identity(id -> id.run("engine").userId(n))
              .level(
                  lv ->
                      lv.phase(phase)
                          .step(step)
                          .stepLabel(labels.get(n))
                          .offeredRate(rates.get(n))
                          .concurrency(concurrency == null ? null : concurrency.get(n)))
              .input(in -> in.model(profile.name()).promptTokens(prompt).maxTokens(output))
              .timings(t -> t.startEpochMillis(start).ttfbMillis(ttfb));
      if (arrival[2] == 0) {
        records.add(TestRecords.queueFull(request).build());
        continue;
      }
      List<Long> micros = tokenMicros.get("r" + i);
      long ttft = millis(micros.get(0) - arrival[0]);
      long e2e = millis(micros.get(micros.size() - 1) - arrival[0]);
      List<Long> itl = new ArrayList<>();
      for (int k = 1; k < micros.size(); k++) {
        itl.add(millis(micros.get(k) - micros.get(k - 1)));
      }
      records.add(
          TestRecords.streamed(
                  request.identity(id -> id.requestId("chatcmpl-" + n)),
                  ttft,
                  e2e,
                  itl,
                  micros.size())
              .build());
    }
    return records;
  }

  private static long millis(long micros) {
    return Math.round(micros / 1000.0);
  }
}
