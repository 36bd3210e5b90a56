package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityAnalysis;
import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.PreviousRunStep;
import dev.ttftgap.merge.PartsMerger;
import dev.ttftgap.merge.RunParts;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The capacity report of a split run: its parts merged ({@link PartsMerger}), analysed as one run,
 * with a run note naming the parts and one per injector saying whether it kept up.
 */
public final class MergedReports {
  private MergedReports() {}

  /** Merges {@code parts}, analyses them as one run and writes the three files into {@code out}. */
  public static CapacityReport writeAll(RunParts parts, Path outDir, CapacityOptions options) {
    PartsMerger.Merged merged = PartsMerger.merge(parts);
    List<PreviousRunStep> baseline =
        options.baseline().map(CapacityJson::readBaseline).orElse(null);
    CapacityReport report =
        CapacityAnalysis.analyze(
            merged.records(),
            merged.sources(),
            options,
            baseline,
            merged.scrapes(),
            merged.health(),
            notes(parts, merged));
    CapacityReports.write(report, outDir);
    return report;
  }

  /**
   * "Merged 2 parts of run R: …" then one sentence per injector, e.g. "Injector 2/2 (host-b, 612
   * requests): the load generator kept up at every step (…): the latencies are the server's."
   */
  static List<String> notes(RunParts parts, PartsMerger.Merged merged) {
    List<String> notes = new ArrayList<>();
    StringBuilder first =
        new StringBuilder("Merged ")
            .append(parts.count())
            .append(" parts of run ")
            .append(parts.runId())
            .append(" (")
            .append(merged.records().size())
            .append(" requests): the union of their records, at the run's levels; a step's load")
            .append(" generator verdict is its worst injector's");
    if (!parts.unchecked().isEmpty()) {
      first
          .append("; the profile of part")
          .append(parts.unchecked().size() > 1 ? "s " : " ")
          .append(String.join(", ", parts.unchecked()))
          .append(" was not checked (no injector.json beside its records)");
    }
    notes.add(first.append('.').toString());
    for (PartsMerger.PartHealth part : merged.parts()) {
      String verdict = LoadGeneratorSentences.verdict(part.health());
      notes.add(
          "Injector "
              + part.injector()
              + "/"
              + part.count()
              + " ("
              + (part.host() == null ? "host unknown" : part.host())
              + ", "
              + part.requests()
              + " requests): "
              + (verdict == null
                  ? "no load-generator.jsonl beside its records, so no health verdict."
                  : Character.toLowerCase(verdict.charAt(0)) + verdict.substring(1)));
    }
    return notes;
  }
}
