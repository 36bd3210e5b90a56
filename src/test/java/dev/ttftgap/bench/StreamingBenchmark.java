package dev.ttftgap.bench;

import dev.ttftgap.bench.StreamingFigures.Accuracy;
import dev.ttftgap.bench.StreamingFigures.Concurrency;
import dev.ttftgap.bench.StreamingFigures.Events;
import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.engine.GroundTruth;
import dev.ttftgap.engine.ModelProfile;
import dev.ttftgap.health.LoadGeneratorAnalysis;
import dev.ttftgap.health.LoadGeneratorHealth;
import dev.ttftgap.health.LoadGeneratorLog;
import dev.ttftgap.health.LoadGeneratorStep;
import dev.ttftgap.profile.LoadProfile;
import dev.ttftgap.profile.LoadProfiles;
import dev.ttftgap.profile.Step;
import dev.ttftgap.profile.StepSchedule;
import dev.ttftgap.record.Outcome;
import dev.ttftgap.record.RecordReader;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.RequestRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The load-generator benchmark of issue 6: runs a closed-model stress profile against the embedded
 * engine and prints what the client achieved, what it cost, and how accurate its clock was.
 *
 * <pre>
 * mvn -q -o test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.ttftgap.bench.StreamingBenchmark
 * </pre>
 *
 * <p>The engine runs in this JVM (so its ground truth is at hand); Gatling runs in a forked JVM
 * ({@link SampledGatlingMain}) pointed at it with {@code -Dllm.baseUrl}, sampling its own CPU and
 * heap. Settings (system properties, defaults): {@code bench.profile} ({@code stress}), {@code
 * bench.engineProfile} ({@code stress}), {@code bench.engineProfiles} (none: a JSON file of model
 * profiles the engine serves instead of the built-ins, e.g. {@code
 * src/test/resources/dev/ttftgap/bench/paced-profiles.json}), {@code bench.engineThreads} (1),
 * {@code bench.clientHeap} ({@code 2g}), {@code bench.clientGc} ({@value #CLIENT_COLLECTOR}, the
 * pom's; empty: the JVM's own choice), {@code bench.clientJvmArgs} (none; space separated; {@code
 * -Dttftgap.loadGeneratorProbes=off} runs the client without its health probes), {@code
 * bench.engineCpus} and {@code bench.clientCpus} (none: a CPU list for {@code taskset -c}, e.g.
 * {@code 0} and {@code 1}, to pin the engine's JVM and the client's apart), {@code
 * bench.windowSeconds} (60: the capacity window, the last seconds of the last step), {@code
 * bench.out} ({@code target/bench}).
 */
public final class StreamingBenchmark {
  private static final String SIMULATION = "dev.ttftgap.simulations.RisingRateSimulation";

  /**
   * The collector the client runs unless {@code bench.clientGc} says otherwise: the one the pom
   * gives {@code gatling:test} ({@code StreamingBenchmarkTest} holds the two together), so the
   * benchmark measures the client users run.
   */
  static final String CLIENT_COLLECTOR = "-XX:+UseZGC";

  /** A step whose precise |Δ| p99 exceeds this, ms, must be one the health verdict flags. */
  static final double INACCURATE_P99_MILLIS = 5.0;

  private StreamingBenchmark() {}

  public static void main(String[] args) throws Exception {
    String profileName = System.getProperty("bench.profile", "stress");
    String engineProfile = System.getProperty("bench.engineProfile", "stress");
    int engineThreads = Integer.parseInt(System.getProperty("bench.engineThreads", "1"));
    String clientHeap = System.getProperty("bench.clientHeap", "2g");
    String clientJvmArgs =
        (System.getProperty("bench.clientGc", CLIENT_COLLECTOR)
                + " "
                + System.getProperty("bench.clientJvmArgs", ""))
            .trim();
    String engineCpus = System.getProperty("bench.engineCpus", "").trim();
    String clientCpus = System.getProperty("bench.clientCpus", "").trim();
    if (!engineCpus.isEmpty()) {
      pinThisProcess(engineCpus);
    }
    long windowMillis = Long.parseLong(System.getProperty("bench.windowSeconds", "60")) * 1000;
    Path out = Path.of(System.getProperty("bench.out", "target/bench")).toAbsolutePath();
    Files.createDirectories(out);

    LoadProfile profile = LoadProfiles.load(profileName, Path.of("simulations"));
    StepSchedule schedule = profile.schedule();
    int cores = Runtime.getRuntime().availableProcessors();
    System.out.println(
        "streaming benchmark: "
            + profile.summary()
            + "; engine profile "
            + engineProfile
            + ", engine event-loop threads "
            + engineThreads
            + ", client heap "
            + clientHeap
            + (clientJvmArgs.isEmpty() ? "" : ", client JVM args " + clientJvmArgs)
            + (engineCpus.isEmpty() ? "" : ", engine pinned to CPUs " + engineCpus)
            + (clientCpus.isEmpty() ? "" : ", client pinned to CPUs " + clientCpus)
            + ", "
            + cores
            + " cores");

    EngineConfig config = EngineConfig.defaults();
    String engineProfiles = System.getProperty("bench.engineProfiles", "").trim();
    if (!engineProfiles.isEmpty()) {
      config = config.withProfiles(ModelProfile.load(Path.of(engineProfiles)));
    }
    config =
        config
            .withPort(0)
            .withProfile(engineProfile)
            .withEventLoopThreads(engineThreads)
            .withGroundTruthCapacity(1_000_000)
            .withTraceFile(out.resolve("ground-truth.jsonl"));
    try (EmbeddedEngine engine = EmbeddedEngine.start(config)) {
      EngineSampler engineSampler = EngineSampler.start(engine, engineProfile);
      Path samples = out.resolve("client-samples.csv");
      Path results = out.resolve("gatling");
      long forkStart = System.currentTimeMillis();
      int exit =
          fork(
              engine.baseUrl(),
              engineProfile,
              profileName,
              clientHeap,
              clientJvmArgs,
              clientCpus,
              samples,
              results,
              out.resolve("gatling.log"),
              schedule.totalDurationMillis() + TimeUnit.MINUTES.toMillis(4));
      engineSampler.stop();
      org.HdrHistogram.Histogram writeLag = engine.writeLagMicros();
      Path recordsFile = newestRecords(results);
      System.out.println(
          "gatling exit "
              + exit
              + ", "
              + (System.currentTimeMillis() - forkStart) / 1000
              + " s; records "
              + recordsFile
              + "; log "
              + out.resolve("gatling.log"));
      List<RequestRecord> records = RecordReader.read(recordsFile);
      List<GroundTruth> truths = engine.groundTruths();
      report(
          profile,
          schedule,
          recordsFile,
          records,
          truths,
          ClientSamples.read(samples),
          engineSampler,
          windowMillis,
          cores);
      System.out.printf(
          Locale.ROOT,
          "  engine write lag (token written - its step's planned end, whole run): p50 %.3f ms, p99"
              + " %.3f ms, max %.3f ms%n",
          writeLag.getValueAtPercentile(50) / 1000.0,
          writeLag.getValueAtPercentile(99) / 1000.0,
          writeLag.getMaxValue() / 1000.0);
    }
  }

  private static void report(
      LoadProfile profile,
      StepSchedule schedule,
      Path recordsFile,
      List<RequestRecord> records,
      List<GroundTruth> truths,
      ClientSamples client,
      EngineSampler engine,
      long windowMillis,
      int cores) {
    long t0 = records.stream().mapToLong(r -> r.timings().startEpochMillis()).min().orElseThrow();
    List<Step> steps = schedule.measuredSteps();
    Step top = steps.get(steps.size() - 1);
    long rampMillis = profile.load().rampSeconds() * 1000L;
    long to = t0 + top.endMillis();
    long from = Math.max(t0 + top.startMillis() + rampMillis, to - windowMillis);
    int target = (int) Math.round(top.level());

    Concurrency streams =
        StreamingFigures.concurrency(records, from, to, target, t0 + top.startMillis());
    Events events = StreamingFigures.events(records, from, to);
    double seconds = (to - from) / 1000.0;
    long plannedFull = t0 + top.startMillis() + rampMillis;
    System.out.printf(
        Locale.ROOT,
        "%ncapacity window: %s, %.0f s (the step's last seconds)%n",
        top.label(),
        seconds);
    System.out.printf(
        Locale.ROOT,
        "  concurrent streams (client: headers -> [DONE]): min %d, mean %.1f, max %d; engine"
            + " running: %s%n",
        streams.min(),
        streams.mean(),
        streams.max(),
        engine.runningSummary(from, to));
    System.out.println(
        "  "
            + target
            + " streams first reached: "
            + (streams.firstAtOrAboveMillis() < 0
                ? "never"
                : (streams.firstAtOrAboveMillis() - plannedFull)
                    + " ms after the ramp's planned end"));
    System.out.printf(
        Locale.ROOT,
        "  SSE events/s: %,.0f (content events %,.0f/s)%n",
        events.all() / seconds,
        events.content() / seconds);

    List<Double> lags =
        StreamingFigures.closedLoopLagMillis(records, t0 + steps.get(0).startMillis(), to);
    double[] lag = StreamingFigures.sorted(lags);
    System.out.printf(
        Locale.ROOT,
        "  injection lag (closed loop: next request's start - previous [DONE]), %d requests: p50"
            + " %.0f ms, p99 %.0f ms, max %.0f ms%n",
        lag.length,
        StreamingFigures.percentile(lag, 50),
        StreamingFigures.percentile(lag, 99),
        lag.length == 0 ? Double.NaN : lag[lag.length - 1]);

    double clientCores = client.cpuCores(from, to);
    double engineCores = engine.cpuCores(from, to);
    double busy = engine.machineBusy(from, to);
    System.out.printf(
        Locale.ROOT,
        "  client CPU: %.2f cores = %.0f %% of %d cores, %.1f µs per SSE event, %.0f µs/s per open"
            + " stream; engine JVM: %.2f cores; machine busy %.0f %% (other processes %.2f"
            + " cores)%n",
        clientCores,
        100 * clientCores / cores,
        cores,
        clientCores * seconds * 1e6 / Math.max(1, events.all()),
        clientCores * 1e6 / Math.max(1, streams.mean()),
        engineCores,
        100 * busy,
        busy * cores - clientCores - engineCores);
    // baseline: the last collection before the first measured step (warm-up load, if any)
    long baseAt = t0 + steps.get(0).startMillis();
    double baseHeap = client.lastHeapAfterGcBefore(baseAt);
    double baseStreams = StreamingFigures.concurrency(records, baseAt - 1000, baseAt, 0, 0).mean();
    double peakHeap = client.medianHeapAfterGc(from, to);
    System.out.printf(
        Locale.ROOT,
        "  client heap after GC: %.0f MiB at %.0f streams (before the first step), median %.0f MiB"
            + " at %.0f streams: %.1f KiB per open stream (%d GCs in the window, %.0f ms paused)%n",
        baseHeap / (1 << 20),
        baseStreams,
        peakHeap / (1 << 20),
        streams.mean(),
        (peakHeap - baseHeap) / 1024 / (streams.mean() - baseStreams),
        client.gcCount(from, to),
        client.pausedMillis(from, to));
    Map<String, GroundTruth> truthById =
        truths.stream().collect(Collectors.toMap(GroundTruth::requestId, g -> g, (a, b) -> a));
    List<RequestRecord> measured =
        records.stream().filter(r -> r.level().phase() != RequestPhase.WARMUP).toList();
    List<RequestRecord> failed =
        measured.stream().filter(r -> r.result().outcome() != Outcome.OK).toList();
    long engineOk =
        failed.stream()
            .filter(r -> r.identity().requestId() != null)
            .map(r -> truthById.get(r.identity().requestId()))
            .filter(g -> g != null && GroundTruth.OK.equals(g.outcome()))
            .count();
    Map<String, Long> reasons =
        failed.stream()
            .collect(
                Collectors.groupingBy(
                    r -> r.result().reason() == null ? "null" : r.result().reason().code(),
                    TreeMap::new,
                    Collectors.counting()));
    System.out.println(
        "  requests: "
            + measured.size()
            + " measured, KO "
            + failed.size()
            + (failed.isEmpty() ? "" : " " + reasons)
            + "; KO that the engine served to the end "
            + "(client-caused): "
            + engineOk);

    Step accuracyStep =
        steps.stream().filter(s -> Math.round(s.level()) == 1000).findFirst().orElse(steps.get(0));
    long accFrom = t0 + accuracyStep.startMillis() + rampMillis + 5000;
    long accTo = t0 + accuracyStep.endMillis();
    Concurrency accStreams = StreamingFigures.concurrency(records, accFrom, accTo, 0, 0);
    Accuracy accuracy = StreamingFigures.accuracy(records, truths, accFrom, accTo);
    double anchor = accuracy.anchorMillis();
    System.out.printf(
        Locale.ROOT,
        "%naccuracy at %s (%.0f streams mean), %d requests joined with the engine's ground truth by"
            + " id:%n",
        accuracyStep.label(),
        accStreams.mean(),
        accuracy.joined());
    printDelta("TTFB  |client headers - engine headersWritten|   ", accuracy.ttfbDelta(), 0);
    printDelta("TTFT  |client 1st token - engine firstContentWritten|", accuracy.ttftDelta(), 0);
    System.out.printf(
        Locale.ROOT,
        "  Gatling's clock anchor (floor of currentTimeMillis at its start), estimated: %.3f ms;"
            + " corrected (+anchor +0.5 ms):%n",
        anchor);
    printDelta("TTFB  corrected", accuracy.ttfbDelta(), anchor + 0.5);
    printDelta("TTFT  corrected", accuracy.ttftDelta(), anchor + 0.5);
    printDelta("gap   |client gap - engine gap| (durations, no anchor)", accuracy.gapDelta(), 0);
    Accuracy precise = StreamingFigures.preciseAccuracy(records, truths, accFrom, accTo, null);
    System.out.printf(
        Locale.ROOT,
        "  precise (the records' nanoTime stamps, startEpochMicros + ttfbMicros / ttftMicros), %d"
            + " requests:%n",
        precise.joined());
    printDelta("TTFB  precise", precise.ttfbDelta(), 0);
    printDelta("TTFT  precise", precise.ttftDelta(), 0);
    printDelta("gap   precise", precise.gapDelta(), 0);
    vouchedSteps(records, truths, recordsFile, steps, t0, rampMillis);
  }

  /**
   * Per measured step: the precise |Δ| p99 against the engine, and whether the load generator's
   * health flagged the step. The target: no step with a |Δ| p99 above {@value
   * #INACCURATE_P99_MILLIS} ms goes unflagged.
   */
  private static void vouchedSteps(
      List<RequestRecord> records,
      List<GroundTruth> truths,
      Path recordsFile,
      List<Step> steps,
      long t0,
      long rampMillis) {
    LoadGeneratorHealth health =
        LoadGeneratorAnalysis.analyze(LoadGeneratorLog.readBeside(List.of(recordsFile)), records);
    if (health == null) {
      System.out.println("\nload generator health: not measured (probes off)");
      return;
    }
    System.out.println("\nload generator health per step vs precise accuracy:");
    boolean unflaggedInaccurate = false;
    for (Step step : steps) {
      Accuracy acc =
          StreamingFigures.preciseAccuracy(
              records, truths, t0 + step.startMillis(), t0 + step.endMillis(), step.index());
      double ttfbP99 =
          StreamingFigures.percentile(
              StreamingFigures.sorted(Accuracy.abs(acc.ttfbDelta(), 0)), 99);
      double ttftP99 =
          StreamingFigures.percentile(
              StreamingFigures.sorted(Accuracy.abs(acc.ttftDelta(), 0)), 99);
      LoadGeneratorStep h = health.step(step.index());
      boolean flagged = h != null && h.unvouched();
      boolean inaccurate = Math.max(ttfbP99, ttftP99) > INACCURATE_P99_MILLIS;
      unflaggedInaccurate |= inaccurate && !flagged;
      System.out.printf(
          Locale.ROOT,
          "  %s: |Δ TTFB| p99 %.3f ms, |Δ TTFT| p99 %.3f ms (n %d); event-loop delay p50 %s ms,"
              + " p99 %s ms, max %s ms; stamp delay p99 %s ms; injection lag p99 %s ms; CPU %s %%;"
              + " GC %d pauses, max %s ms; %s%n",
          step.label(),
          ttfbP99,
          ttftP99,
          acc.ttftDelta().size(),
          h == null ? "-" : h.eventLoopDelayP50Millis(),
          h == null ? "-" : h.eventLoopDelayP99Millis(),
          h == null ? "-" : h.eventLoopDelayMaxMillis(),
          h == null ? "-" : h.stampDelayP99Millis(),
          h == null ? "-" : h.injectionLagP99Millis(),
          h == null || h.cpuSharePercent() == null
              ? "-"
              : String.format(Locale.ROOT, "%.0f", h.cpuSharePercent()),
          h == null ? 0 : h.gcPauses(),
          h == null ? "-" : h.gcPauseMaxMillis(),
          flagged ? "FLAGGED (" + h.reason() + ")" : "vouched");
    }
    System.out.println(
        "  every step with |Δ| p99 > "
            + INACCURATE_P99_MILLIS
            + " ms flagged: "
            + (unflaggedInaccurate ? "NO (an inaccurate step went unflagged)" : "yes"));
  }

  private static void printDelta(String label, List<Double> deltas, double shift) {
    double[] abs = StreamingFigures.sorted(Accuracy.abs(deltas, shift));
    double[] signed = StreamingFigures.sorted(deltas.stream().map(d -> d + shift).toList());
    System.out.printf(
        Locale.ROOT,
        "  %s: p50 %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms (signed: min %.3f, p50 %.3f, p99"
            + " %.3f; n %d)%n",
        label,
        StreamingFigures.percentile(abs, 50),
        StreamingFigures.percentile(abs, 90),
        StreamingFigures.percentile(abs, 99),
        abs.length == 0 ? Double.NaN : abs[abs.length - 1],
        signed.length == 0 ? Double.NaN : signed[0],
        StreamingFigures.percentile(signed, 50),
        StreamingFigures.percentile(signed, 99),
        abs.length);
  }

  private static int fork(
      String baseUrl,
      String model,
      String profile,
      String heap,
      String jvmArgs,
      String cpus,
      Path samples,
      Path results,
      Path log,
      long timeoutMillis)
      throws IOException, InterruptedException {
    Files.createDirectories(results);
    List<String> command = new ArrayList<>();
    if (!cpus.isEmpty()) {
      command.addAll(List.of("taskset", "-c", cpus));
    }
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(dev.ttftgap.gatling.GatlingFork.PLUGIN_JVM_OPTIONS);
    command.add("-Xms" + heap);
    command.add("-Xmx" + heap);
    command.add("-Xlog:gc:file=" + log.resolveSibling("client-gc.log") + ":utctime,uptime");
    if (!jvmArgs.isEmpty()) {
      command.addAll(Arrays.asList(jvmArgs.split("\\s+")));
    }
    command.add("-cp");
    command.add(ClassPaths.of(StreamingBenchmark.class));
    command.add("-Dttftgap.reportsDir=" + results);
    command.add("-Dttftgap.simulationsDir=" + Path.of("simulations").toAbsolutePath());
    command.add("-Dprofile=" + profile);
    command.add("-Dllm.baseUrl=" + baseUrl);
    command.add("-Dllm.model=" + model);
    command.add("-Dttftgap.bench.samples=" + samples);
    command.add(SampledGatlingMain.class.getName());
    command.add("--simulation");
    command.add(SIMULATION);
    command.add("--results-folder");
    command.add(results.toString());
    command.add("--no-reports");
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.redirectOutput(log.toFile());
    builder.environment().keySet().removeIf(k -> k.startsWith("LLM_") || k.startsWith("OPENAI_"));
    Process process = builder.start();
    if (!process.waitFor(timeoutMillis, TimeUnit.MILLISECONDS)) {
      process.destroyForcibly().waitFor();
      throw new IllegalStateException(
          "the Gatling run exceeded " + timeoutMillis + " ms; see " + log);
    }
    return process.exitValue();
  }

  /** Pins every thread of this JVM (the engine's) to {@code cpus}, with {@code taskset -a -p}. */
  private static void pinThisProcess(String cpus) throws IOException, InterruptedException {
    long pid = ProcessHandle.current().pid();
    Process taskset =
        new ProcessBuilder("taskset", "-a", "-p", "-c", cpus, String.valueOf(pid))
            .redirectErrorStream(true)
            .start();
    String said = new String(taskset.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (taskset.waitFor() != 0) {
      throw new IllegalStateException("bench.engineCpus=" + cpus + ": taskset failed: " + said);
    }
  }

  private static Path newestRecords(Path results) throws IOException {
    try (Stream<Path> runs = Files.list(results)) {
      return runs.map(p -> p.resolve("records.jsonl"))
          .filter(Files::exists)
          .max(Comparator.comparing(p -> p.getParent().getFileName().toString()))
          .orElseThrow(() -> new IllegalStateException("no records.jsonl under " + results));
    }
  }

  /** The forked client's samples ({@link ProcessSampler}'s CSV). */
  record ClientSamples(List<long[]> cpu, List<long[]> gc) {
    static ClientSamples read(Path file) {
      List<long[]> cpu = new ArrayList<>();
      List<long[]> gc = new ArrayList<>();
      try {
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
          String[] f = line.split(",");
          if (f[0].equals("cpu") && f.length == 4) {
            cpu.add(new long[] {Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3])});
          } else if (f[0].equals("gc") && f.length == 4) {
            gc.add(new long[] {Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3])});
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return new ClientSamples(cpu, gc);
    }

    double cpuCores(long from, long to) {
      return coresBetween(cpu, from, to);
    }

    double medianHeapAfterGc(long from, long to) {
      double[] heaps =
          gc.stream()
              .filter(s -> s[0] >= from && s[0] < to && s[1] >= 0)
              .mapToDouble(s -> s[1])
              .sorted()
              .toArray();
      return StreamingFigures.percentile(heaps, 50);
    }

    double lastHeapAfterGcBefore(long at) {
      return gc.stream()
          .filter(s -> s[0] < at && s[1] >= 0)
          .reduce((a, b) -> b)
          .map(s -> (double) s[1])
          .orElse(Double.NaN);
    }

    double pausedMillis(long from, long to) {
      return gc.stream().filter(s -> s[0] >= from && s[0] < to).mapToLong(s -> s[2]).sum();
    }

    long gcCount(long from, long to) {
      return gc.stream().filter(s -> s[0] >= from && s[0] < to && s[1] >= 0).count();
    }
  }

  /**
   * The first of time-ordered samples at or after {@code from} and the last at or before {@code
   * to}; a sample's column 0 is its time.
   */
  record SampleWindow(long[] first, long[] last) {
    static Optional<SampleWindow> of(List<long[]> samples, long from, long to) {
      long[] first = null;
      long[] last = null;
      for (long[] s : samples) {
        if (s[0] >= from && first == null) {
          first = s;
        }
        if (s[0] <= to) {
          last = s;
        }
      }
      return first == null || last == null
          ? Optional.empty()
          : Optional.of(new SampleWindow(first, last));
    }

    /** How much the counter in {@code column} rose from the first sample to the last. */
    long rise(int column) {
      return last[column] - first[column];
    }
  }

  /** CPU cores used between the samples nearest to {@code from} and {@code to}. */
  static double coresBetween(List<long[]> samples, long from, long to) {
    return SampleWindow.of(samples, from, to)
        .filter(w -> w.rise(0) > 0)
        .map(w -> w.rise(1) / 1e6 / w.rise(0))
        .orElse(Double.NaN);
  }

  /** Samples, every second, the engine's batch, this JVM's CPU time and the machine's CPU. */
  static final class EngineSampler {
    private final List<long[]> samples = new ArrayList<>();
    private final Thread thread;
    private volatile boolean running = true;

    private EngineSampler(EmbeddedEngine engine, String model) {
      com.sun.management.OperatingSystemMXBean os =
          (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
      thread =
          new Thread(
              () -> {
                while (running) {
                  long[] machine = machineJiffies();
                  long[] sample = {
                    System.currentTimeMillis(),
                    os.getProcessCpuTime(),
                    engine.runningCount(model),
                    machine[0],
                    machine[1]
                  };
                  synchronized (samples) {
                    samples.add(sample);
                  }
                  try {
                    Thread.sleep(1000);
                  } catch (InterruptedException e) {
                    return;
                  }
                }
              },
              "ttftgap-engine-sampler");
      thread.setDaemon(true);
    }

    static EngineSampler start(EmbeddedEngine engine, String model) {
      EngineSampler sampler = new EngineSampler(engine, model);
      sampler.thread.start();
      return sampler;
    }

    void stop() throws InterruptedException {
      running = false;
      thread.interrupt();
      thread.join();
    }

    private List<long[]> snapshot() {
      synchronized (samples) {
        return List.copyOf(samples);
      }
    }

    double cpuCores(long from, long to) {
      return coresBetween(snapshot(), from, to);
    }

    String runningSummary(long from, long to) {
      double[] running =
          snapshot().stream()
              .filter(s -> s[0] >= from && s[0] < to)
              .mapToDouble(s -> s[2])
              .sorted()
              .toArray();
      if (running.length == 0) {
        return "no samples";
      }
      return String.format(
          Locale.ROOT,
          "min %.0f, median %.0f, max %.0f (1-s samples)",
          running[0],
          StreamingFigures.percentile(running, 50),
          running[running.length - 1]);
    }

    /** Busy share of all cores between the samples nearest to the window, from /proc/stat. */
    double machineBusy(long from, long to) {
      return SampleWindow.of(snapshot(), from, to)
          .filter(w -> w.rise(4) > 0)
          .map(w -> 1.0 - (double) w.rise(3) / w.rise(4))
          .orElse(Double.NaN);
    }

    /** {idle, total} jiffies of all cores; zeros where /proc/stat is absent. */
    private static long[] machineJiffies() {
      try {
        String cpu = Files.readAllLines(Path.of("/proc/stat")).get(0);
        long[] f =
            Arrays.stream(cpu.trim().split("\\s+")).skip(1).mapToLong(Long::parseLong).toArray();
        long total = Arrays.stream(f).sum();
        return new long[] {f[3] + f[4], total};
      } catch (IOException | RuntimeException e) {
        return new long[] {0, 0};
      }
    }
  }
}
