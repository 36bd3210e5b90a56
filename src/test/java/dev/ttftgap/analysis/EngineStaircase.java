package dev.ttftgap.analysis;

import dev.ttftgap.engine.ModelProfile;
import dev.ttftgap.engine.scheduler.VirtualTimeDriver;
import dev.ttftgap.record.RequestRecord;
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
 */
final class EngineStaircase {
  static final long EPOCH_START = 1_767_225_600_000L;
  private static final long TTFB_MICROS = 1_000;

  ModelProfile profile = ModelProfile.builtIn("qwen3-8b-like");
  List<Double> stepRates = List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0);
  double stepSeconds = 60;
  double warmupSeconds = 0;
  long seed = 1;

  /** Evenly spaced arrivals (Gatling's incrementUsersPerSec) instead of Poisson. */
  boolean uniformArrivals;

  List<RequestRecord> records() {
    VirtualTimeDriver driver = new VirtualTimeDriver(profile.costModel());
    Random random = new Random(seed);
    int prompt = profile.defaultPromptTokens();
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
    Map<String, List<Long>> tokenMicros = new HashMap<>();
    for (VirtualTimeDriver.Token token : driver.tokens()) {
      tokenMicros.computeIfAbsent(token.sequenceId(), k -> new ArrayList<>()).add(token.micros());
    }
    List<RequestRecord> records = new ArrayList<>();
    for (int i = 0; i < arrivals.size(); i++) {
      long[] arrival = arrivals.get(i);
      int step = (int) arrival[1];
      String phase = step == 0 ? RequestRecord.WARMUP : RequestRecord.STEP;
      long start = EPOCH_START + arrival[0] / 1000;
      long ttfb = TTFB_MICROS / 1000;
      if (arrival[2] == 0) {
        records.add(
            new RequestRecord(
                "engine",
                i,
                null,
                phase,
                step,
                labels.get(i),
                rates.get(i),
                null,
                profile.name(),
                prompt,
                output,
                start,
                ttfb,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                RequestRecord.KO,
                "http_status",
                429,
                "queue full"));
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
          new RequestRecord(
              "engine",
              i,
              "chatcmpl-" + i,
              phase,
              step,
              labels.get(i),
              rates.get(i),
              null,
              profile.name(),
              prompt,
              output,
              start,
              ttfb,
              ttft,
              ttft - ttfb,
              ttft,
              null,
              e2e,
              itl,
              (e2e - ttft) / (double) (micros.size() - 1),
              micros.size(),
              "usage",
              micros.size(),
              null,
              null,
              RequestRecord.OK,
              null,
              200,
              null));
    }
    return records;
  }

  private static long millis(long micros) {
    return Math.round(micros / 1000.0);
  }
}
