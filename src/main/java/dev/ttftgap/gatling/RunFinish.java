package dev.ttftgap.gatling;

import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.breaker.BreakerTrip;
import dev.ttftgap.config.RunPart;
import dev.ttftgap.merge.PartManifest;
import dev.ttftgap.profile.LoadProfile;
import dev.ttftgap.profile.ProfileOverrides;
import dev.ttftgap.report.CapacityConsole;
import dev.ttftgap.report.CapacityMarkdown;
import dev.ttftgap.report.CapacityReports;
import dev.ttftgap.report.RunHeader;
import dev.ttftgap.report.RunJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The end of a {@link LoadRun} once its records are closed: the run folder (records, scrapes,
 * header, probes, part manifest, {@code run.json}), the capacity report, and the closing block
 * printed after Gatling's summary.
 */
final class RunFinish {
  private final RunCommon run;
  private final ModeSteps mode;
  private final Optional<BreakerTrip> trip;

  /**
   * @param run the finished run
   * @param mode its mode, for its notes and {@code run.json} fields
   * @param trip the circuit breaker's trip, if it stopped the run
   */
  RunFinish(RunCommon run, ModeSteps mode, Optional<BreakerTrip> trip) {
    this.run = run;
    this.mode = mode;
    this.trip = trip;
  }

  /**
   * Places the records into Gatling's run folder ({@code own}, when found) and writes everything
   * else there; the closing block is printed at exit.
   */
  void write(Optional<Path> own, LoadGeneratorProbes probes) {
    RunSetup setup = run.setup();
    LoadProfile profile = setup.profile();
    RunPart part = setup.part();
    Path gatlingDir =
        RunOutputs.placeRecords(
            run.simulationName(), run.runName(), run.recordsFile(), setup.settings(), own);
    Path runDir = RunEnding.rename(gatlingDir, run.runName(), System.out);
    RunOutputs.placeScrapes(run.scrapeFile(), runDir);
    new RunHeader(
            run.runName(),
            profile.name(),
            setup.target().endpoint(),
            setup.target().model(),
            run.startedAt().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString())
        .writeInto(runDir);
    probes.finish(runDir);
    new PartManifest(
            part.runId(),
            part.injector(),
            part.injectorCount(),
            part.host(),
            run.simulationName(),
            profile.name(),
            profileSha256(profile),
            part.startAt().map(Object::toString).orElse(null))
        .write(runDir);
    List<String> notes = notes(profile);
    CapacityOptions options = setup.capacityOptions(run.requests());
    RunJson.write(runDir, profile.name(), profile.source().toString(), options);
    mode.writeInto(runDir);
    CapacityReport report =
        CapacityReports.writeAll(
            List.of(runDir.resolve(RunOutputs.RECORDS_FILE)), runDir, options, notes);
    CapacityMarkdown.appendToStepSummary(report);
    System.out.println(
        "ttft-gap: run "
            + run.runName()
            + " done; the verdict follows Gatling's summary ("
            + runDir.resolve(CapacityReports.HTML_FILE).toUri()
            + ")");
    RunEnding.atExit(
        gatlingDir,
        runDir,
        folder -> closingBlock(folder, report),
        trip.isPresent() ? BreakerGate.EXIT_BREAKER : 0);
  }

  /** The saturation stop's, the breaker's, the overrides', then the mode's. */
  private List<String> notes(LoadProfile profile) {
    List<String> notes = new ArrayList<>();
    run.gate().saturationVerdict().ifPresent(v -> notes.add(v.note()));
    trip.ifPresent(t -> notes.add("Circuit breaker: " + t.sentence() + "."));
    ProfileOverrides overrides = ProfileOverrides.load(); // validated by prepare()
    if (!overrides.isEmpty()) {
      notes.add("Load profile " + profile.name() + " " + overrides.describe() + ".");
    }
    notes.addAll(mode.runNotes());
    return notes;
  }

  /**
   * The block printed last, after Gatling's own summary and assertions: what ran, where its reports
   * are, then the step table and the verdicts, so that the verdict is the last thing on screen.
   */
  private String closingBlock(Path runDir, CapacityReport report) {
    String rule = "=".repeat(100);
    StringBuilder block = new StringBuilder("\n").append(rule).append('\n');
    block
        .append("ttft-gap: run ")
        .append(run.runName())
        .append(" · load profile ")
        .append(run.setup().profile().name())
        .append(" · target ")
        .append(run.setup().target().endpoint())
        .append(" · model ")
        .append(run.setup().target().model())
        .append('\n');
    block
        .append("ttft-gap: capacity report ")
        .append(runDir.resolve(CapacityReports.HTML_FILE).toUri())
        .append('\n');
    if (java.nio.file.Files.exists(runDir.resolve("index.html"))) {
      block
          .append("ttft-gap: Gatling's report ")
          .append(runDir.resolve("index.html").toUri())
          .append(" (one request row per request, named ttft: its time is the TTFT)\n");
    }
    trip.ifPresent(
        t ->
            block
                .append("ttft-gap: circuit breaker: ")
                .append(t.sentence())
                .append("; exit status ")
                .append(BreakerGate.EXIT_BREAKER)
                .append(" (tune or switch it off in the profile's \"breaker\" object)\n"));
    block.append(CapacityConsole.render(report));
    return block.append(rule).toString();
  }

  /** SHA-256 of the profile file as read (of the parsed profile when it came from no file). */
  private static String profileSha256(LoadProfile profile) {
    try {
      return PartManifest.sha256(
          java.nio.file.Files.isRegularFile(profile.source())
              ? java.nio.file.Files.readAllBytes(profile.source())
              : profile.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
