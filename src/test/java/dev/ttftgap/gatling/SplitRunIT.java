package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.CapacityAnalysis;
import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.StepStats;
import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.merge.PartManifest;
import dev.ttftgap.merge.RunParts;
import dev.ttftgap.record.RecordReader;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.report.MergedReports;
import dev.ttftgap.simulations.RisingRateSimulation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A small version of a split run: two forked Gatling JVMs ({@code -Dinjector=1/2} and {@code 2/2},
 * the same {@code run.startAt}) against one loopback engine the test starts, merged, then compared
 * with one injector running the whole profile against the same engine.
 */
class SplitRunIT {
  /** Below, then above the engine's capacity (7.9 req/s for 100 → 64 tokens). */
  private static final String PROFILE =
      """
      {
        "name": "split",
        "request": { "promptTokens": 100, "maxTokens": 64, "temperature": 0.0 },
        "load": { "model": "open", "arrivals": "uniform",
                  "warmup": { "level": 1, "durationSeconds": 2 },
                  "steps": [3, 10], "stepDurationSeconds": 5 },
        "timeouts": { "firstTokenSeconds": 30, "idleSeconds": 30, "streamSeconds": 60 },
        "slo": { "ttftP95Millis": 60000, "gapP95Millis": 60000, "errorRatePercent": 100 }
      }
      """;

  @Test
  void twoInjectorsMergedOfferWhatOneInjectorOffersAndSeeTheSameServer(@TempDir Path dir)
      throws Exception {
    Path profile = Files.writeString(dir.resolve("split.json"), PROFILE);
    try (EmbeddedEngine engine = EmbeddedEngine.start(EngineConfig.defaults().withPort(0))) {
      Map<String, String> env =
          Map.of("LLM_BASE_URL", engine.baseUrl(), "LLM_MODEL", "qwen3-8b-like");
      // far enough ahead for both JVMs to start and pass their preflight on a busy machine
      String startAt = Instant.now().plusSeconds(60).truncatedTo(ChronoUnit.SECONDS).toString();
      CompletableFuture<GatlingFork.Result> first =
          CompletableFuture.supplyAsync(() -> part(1, startAt, profile, dir, env));
      CompletableFuture<GatlingFork.Result> second =
          CompletableFuture.supplyAsync(() -> part(2, startAt, profile, dir, env));
      GatlingFork.Result one = first.get();
      GatlingFork.Result two = second.get();
      assertThat(one.exitCode()).as("injector 1/2; output:\n%s", one.output()).isZero();
      assertThat(two.exitCode()).as("injector 2/2; output:\n%s", two.output()).isZero();
      GatlingFork.Result whole =
          GatlingFork.run(
              RisingRateSimulation.class,
              dir.resolve("whole"),
              Map.of("profile", profile.toString()),
              env,
              false,
              Duration.ofSeconds(120));
      assertThat(whole.exitCode()).as("whole run; output:\n%s", whole.output()).isZero();

      assertThat(PartManifest.readIn(two.runFolder()).orElseThrow())
          .as("part 2's manifest")
          .extracting(PartManifest::injector, PartManifest::injectorCount, PartManifest::host)
          .containsExactly(2, 2, "injector-2");
      List<RequestRecord> partTwo = RecordReader.read(two.records());
      assertThat(partTwo)
          .as("part 2's records carry its part, host and the run id both parts share")
          .allSatisfy(
              r -> {
                assertThat(r.part().injector()).isEqualTo(2);
                assertThat(r.part().injectorCount()).isEqualTo(2);
                assertThat(r.part().host()).isEqualTo("injector-2");
                assertThat(r.part().runId()).isEqualTo("split-" + compact(startAt));
              });

      long start = Instant.parse(startAt).toEpochMilli();
      for (GatlingFork.Result part : List.of(one, two)) {
        assertThat(
                RecordReader.read(part.records()).stream()
                    .mapToLong(r -> r.timings().startEpochMillis())
                    .min()
                    .orElseThrow())
            .as("a part sends nothing before run.startAt")
            .isGreaterThanOrEqualTo(start);
      }

      CapacityOptions options = CapacityOptions.defaults();
      RunParts parts = RunParts.detect(List.of(one.runFolder(), two.runFolder())).orElseThrow();
      CapacityReport merged = MergedReports.writeAll(parts, dir.resolve("merged"), options);
      List<RequestRecord> single = RecordReader.read(whole.records());
      CapacityReport alone = CapacityAnalysis.analyzeFiles(List.of(whole.records()), options, null);

      assertThat(merged.input().requests())
          .as(
              "the parts together sent every arrival of the schedule once, as one injector does"
                  + " (requests count the warm-up's)")
          .isEqualTo(single.size());
      for (RunParts.Part part : parts.parts()) {
        assertThat(part.records().size())
            .as("part %d/2 sent every other arrival", part.injector())
            .isBetween(single.size() / 2 - 1, single.size() / 2 + 1);
      }
      assertThat(merged.steps().stream().map(StepStats::offeredRate).toList())
          .as("the merged steps offer the profile's rates")
          .isEqualTo(alone.steps().stream().map(StepStats::offeredRate).toList());
      StepStats mergedTop = merged.steps().get(merged.steps().size() - 1);
      StepStats aloneTop = alone.steps().get(alone.steps().size() - 1);
      assertThat(mergedTop.rates().achievedRate())
          .as("the overloaded step's throughput: the engine's capacity either way")
          .isCloseTo(
              aloneTop.rates().achievedRate(), org.assertj.core.data.Percentage.withPercentage(25));
    }
  }

  private static GatlingFork.Result part(
      int injector, String startAt, Path profile, Path dir, Map<String, String> env) {
    return GatlingFork.run(
        RisingRateSimulation.class,
        dir.resolve("part-" + injector),
        Map.of(
            "profile",
            profile.toString(),
            "injector",
            injector + "/2",
            "run.startAt",
            startAt,
            "run.host",
            "injector-" + injector),
        env,
        false,
        Duration.ofSeconds(150));
  }

  private static String compact(String instant) {
    return instant.replace("-", "").replace(":", "");
  }
}
