package dev.ttftgap.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The soak benchmark: one long run at a constant arrival rate against the embedded engine (in the
 * load generator's JVM, as {@code mvn gatling:test} runs it), printing the heap after a full GC at
 * the start and the end, so a leak shows as growth that no collection gives back.
 *
 * <p>Usage ({@code minutes} default 10, {@code rate} default 5.5 requests/s, about 70 % of the
 * {@code qwen3-8b-like} engine's 7.9 req/s):
 *
 * <pre>
 * nice -n 15 mvn -q -o test-compile exec:java -Dexec.classpathScope=test \
 *   -Dexec.mainClass=dev.ttftgap.bench.SoakBenchmark -Dexec.args="10 5.5"
 * </pre>
 *
 * <p>The forked JVM ({@link SoakGatlingMain}, {@code -Xmx1g} like the plugin's default run) calls
 * {@link System#gc()} every minute and prints {@code ttft-gap soak:} lines: heap used right after
 * that collection and the process's resident memory. This JVM prints those lines as they come and,
 * at the end, the first and last heap-after-GC figures and their change.
 */
public final class SoakBenchmark {
  static final String SAMPLE_PREFIX = "ttft-gap soak: ";

  private SoakBenchmark() {}

  public static void main(String[] args) throws IOException, InterruptedException {
    int minutes = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    double rate = args.length > 1 ? Double.parseDouble(args[1]) : 5.5;
    Path work = Files.createTempDirectory("ttftgap-soak-");
    Path profile = work.resolve("soak.json");
    Files.writeString(profile, profileJson(minutes, rate), StandardCharsets.UTF_8);
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(dev.ttftgap.gatling.GatlingFork.PLUGIN_JVM_OPTIONS);
    command.add("-Xmx1g");
    command.add("-cp");
    command.add(ClassPaths.of(SoakBenchmark.class));
    command.add("-Dttftgap.reportsDir=" + work.resolve("reports"));
    command.add("-Dprofile=" + profile);
    command.add(SoakGatlingMain.class.getName());
    command.add("--simulation");
    command.add("dev.ttftgap.simulations.RisingRateSimulation");
    command.add("--results-folder");
    command.add(work.resolve("reports").toString());
    command.add("--no-reports");
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().keySet().removeIf(k -> k.startsWith("LLM_") || k.startsWith("OPENAI_"));
    System.out.printf(
        Locale.ROOT,
        "soak: %d min at %.1f requests/s against the embedded engine, work dir %s%n",
        minutes,
        rate,
        work);
    Process process = builder.start();
    List<String> samples = new ArrayList<>();
    try (BufferedReader out =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null) {
        if (line.startsWith(SAMPLE_PREFIX)) {
          samples.add(line);
          System.out.println(line);
        } else if (line.startsWith("ttft-gap:") || line.startsWith("> ") && !line.contains("|")) {
          System.out.println(line);
        }
      }
    }
    int exit = process.waitFor();
    System.out.println("soak: load generator exited with " + exit);
    if (samples.size() >= 2) {
      double first = heapMiB(samples.get(0));
      double last = heapMiB(samples.get(samples.size() - 1));
      System.out.printf(
          Locale.ROOT,
          "soak: heap after GC %.1f MiB at the start, %.1f MiB at the end (%+.1f %%)%n",
          first,
          last,
          100 * (last - first) / first);
    }
  }

  /** The heap figure of a sample line: {@code ... heap after GC 42.1 MiB ...}. */
  static double heapMiB(String line) {
    String marker = "heap after GC ";
    int from = line.indexOf(marker) + marker.length();
    return Double.parseDouble(line.substring(from, line.indexOf(" MiB", from)));
  }

  private static String profileJson(int minutes, double rate) {
    return String.format(
        Locale.ROOT,
        """
        {
          "name": "soak",
          "description": "constant %.1f requests/s for %d minutes",
          "request": {"promptTokens": 100, "maxTokens": 64, "temperature": 0.0},
          "load": {"model": "open", "arrivals": "uniform", "steps": [%.1f],
                   "stepDurationSeconds": %d}
        }
        """,
        rate,
        minutes,
        rate,
        minutes * 60);
  }
}
