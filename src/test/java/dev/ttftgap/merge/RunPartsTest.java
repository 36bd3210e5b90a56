package dev.ttftgap.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ttftgap.analysis.RecordsFixture;
import dev.ttftgap.analysis.SyntheticRuns;
import dev.ttftgap.record.InjectorPart;
import dev.ttftgap.record.RequestRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunPartsTest {
  private static final List<RequestRecord> RUN = SyntheticRuns.hockeyStick(false);

  @Test
  void thePartsOfOneRunAreFoundInAnyOrderAndCheckedComplete(@TempDir Path dir) {
    List<Path> folders = SplitRuns.write(dir, RUN, 3, "abc");

    RunParts parts =
        RunParts.detect(List.of(folders.get(2), folders.get(0), folders.get(1))).orElseThrow();

    assertThat(parts.runId()).isEqualTo(SplitRuns.RUN_ID);
    assertThat(parts.count()).isEqualTo(3);
    assertThat(parts.parts().stream().map(RunParts.Part::injector).toList())
        .as("in part order")
        .containsExactly(1, 2, 3);
    assertThat(parts.parts().stream().map(RunParts.Part::host).toList())
        .containsExactly("host-1", "host-2", "host-3");
    assertThat(parts.parts().stream().mapToInt(p -> p.records().size()).sum())
        .as("every record of the run, once")
        .isEqualTo(RUN.size());
    assertThat(parts.unchecked()).as("every part has its manifest").isEmpty();
    assertThat(RunParts.detect(List.of(dir)))
        .as("the folder above the parts finds the same parts")
        .contains(parts);
  }

  @Test
  void recordsOfAWholeRunAreNoSplitRun(@TempDir Path dir) {
    Path file = dir.resolve("records.jsonl");
    RecordsFixture.write(file, SplitRuns.whole(RUN));

    assertThat(RunParts.detect(List.of(file)))
        .as("analysed as before: one set of samples")
        .isEmpty();
  }

  @Test
  void aMissingPartIsNamed(@TempDir Path dir) {
    List<Path> folders = SplitRuns.write(dir, RUN, 3, "abc");

    assertThatThrownBy(() -> RunParts.detect(List.of(folders.get(0), folders.get(2))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "records: part 2/3 of run "
                + SplitRuns.RUN_ID
                + " is missing (given: 1/3 in "
                + folders.get(0).toAbsolutePath()
                + ", 3/3 in "
                + folders.get(2).toAbsolutePath()
                + "); pass the run folders of all 3 injectors");
  }

  @Test
  void aPartOfAnotherRunIsNamedAsForeign(@TempDir Path dir) {
    List<Path> folders = SplitRuns.write(dir.resolve("a"), RUN, 2, "abc");
    Path other =
        SplitRuns.writePart(
            dir.resolve("b"),
            SplitRuns.part(RUN, 2, 2).stream()
                .map(r -> r.withPart(new InjectorPart(2, 2, "host-2", "another-run")))
                .toList(),
            2,
            2,
            null);

    assertThatThrownBy(() -> RunParts.detect(List.of(folders.get(0), other)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "records: "
                + other.resolve("records.jsonl")
                + " is a part of run another-run, not of run "
                + SplitRuns.RUN_ID
                + "; pass the run folders of the 2 parts of run "
                + SplitRuns.RUN_ID
                + " only");
  }

  @Test
  void aWholeRunAmongThePartsIsForeign(@TempDir Path dir) throws Exception {
    List<Path> folders = SplitRuns.write(dir, RUN, 2, "abc");
    Path whole = Files.createDirectories(dir.resolve("whole")).resolve("records.jsonl");
    RecordsFixture.write(whole, SplitRuns.whole(RUN));

    assertThatThrownBy(() -> RunParts.detect(List.of(folders.get(0), folders.get(1), whole)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "records: " + whole + " is a whole run (no -Dinjector), not a part of run");
  }

  @Test
  void aPartGivenTwiceIsNamed(@TempDir Path dir) throws Exception {
    List<Path> folders = SplitRuns.write(dir, RUN, 2, "abc");
    Path copy = Files.createDirectories(dir.resolve("copy"));
    Files.copy(folders.get(1).resolve("records.jsonl"), copy.resolve("records.jsonl"));

    assertThatThrownBy(() -> RunParts.detect(List.of(folders.get(0), folders.get(1), copy)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("records: part 2/2 of run " + SplitRuns.RUN_ID + " is given twice")
        .hasMessageEndingWith("; pass each part's run folder once");
  }

  @Test
  void partsThatRanDifferentProfilesAreRefused(@TempDir Path dir) {
    Path first = SplitRuns.writePart(dir, SplitRuns.part(RUN, 1, 2), 1, 2, "aaaaaaaaaaaaaaaa");
    Path second = SplitRuns.writePart(dir, SplitRuns.part(RUN, 2, 2), 2, 2, "bbbbbbbbbbbbbbbb");

    assertThatThrownBy(() -> RunParts.detect(List.of(first, second)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "records: part 2/2 of run "
                + SplitRuns.RUN_ID
                + " ("
                + second.toAbsolutePath()
                + ") ran profile rising-rate (sha256 bbbbbbbbbbbb), part 1/2 ran rising-rate"
                + " (sha256 aaaaaaaaaaaa); every part of a run must run the same profile file");
  }

  @Test
  void aPartWithoutManifestIsMergedWithItsProfileUnchecked(@TempDir Path dir) {
    Path first = SplitRuns.writePart(dir, SplitRuns.part(RUN, 1, 2), 1, 2, "abc");
    Path second = SplitRuns.writePart(dir, SplitRuns.part(RUN, 2, 2), 2, 2, null);

    RunParts parts = RunParts.detect(List.of(first, second)).orElseThrow();

    assertThat(parts.unchecked()).as("records copied alone").containsExactly("2/2");
    assertThat(parts.parts().get(1).manifest()).isEqualTo(Optional.empty());
  }

  @Test
  void theMergedReportGoesBesideThePartsUnlessAnotherFolderIsAsked(@TempDir Path dir) {
    List<Path> folders = SplitRuns.write(dir, RUN, 2, "abc");
    RunParts parts = RunParts.detect(new ArrayList<>(folders)).orElseThrow();

    assertThat(parts.outDir(folders.get(0)))
        .as("never into a part's own folder (the default: the first input's)")
        .isEqualTo(dir.toAbsolutePath().resolve(SplitRuns.RUN_ID + "-merged"));
    assertThat(parts.outDir(dir.resolve("elsewhere"))).isEqualTo(dir.resolve("elsewhere"));
  }
}
