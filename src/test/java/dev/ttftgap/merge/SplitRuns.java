package dev.ttftgap.merge;

import dev.ttftgap.analysis.RecordsFixture;
import dev.ttftgap.record.InjectorPart;
import dev.ttftgap.record.RequestRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A whole run's records cut into the parts N injectors would have written: the k-th start of the
 * run (in time order) to part ((k − 1) mod N) + 1, as {@code LoadSplit} sends uniform arrivals, its
 * offered rate the part's share.
 */
public final class SplitRuns {
  public static final String RUN_ID = "rising-rate-20261201T060000Z";

  private SplitRuns() {}

  /** The whole run as one injector (1/1) would have stamped it. */
  public static List<RequestRecord> whole(List<RequestRecord> records) {
    return records.stream()
        .map(r -> r.withPart(new InjectorPart(1, 1, "host-0", "whole-run")))
        .toList();
  }

  /** Part {@code injector} of {@code count} of {@code records}. */
  public static List<RequestRecord> part(List<RequestRecord> records, int injector, int count) {
    List<RequestRecord> sorted = new ArrayList<>(records);
    sorted.sort(Comparator.comparingLong(r -> r.timings().startEpochMillis()));
    List<RequestRecord> part = new ArrayList<>();
    for (int k = 0; k < sorted.size(); k++) {
      if (k % count == injector - 1) {
        RequestRecord r = sorted.get(k);
        part.add(
            // as a real part names its run: after the profile, its part and its own start
            r.withLevel(
                    r.identity().run() + "-part" + injector + "of" + count,
                    r.level().toBuilder()
                        .offeredRate(
                            r.level().offeredRate() == null
                                ? null
                                : r.level().offeredRate() / count)
                        .build())
                .withPart(new InjectorPart(injector, count, "host-" + injector, RUN_ID)));
      }
    }
    return part;
  }

  /**
   * Writes each part of {@code records} into {@code dir/part-I/records.jsonl}, with an {@code
   * injector.json} of profile hash {@code hash}; returns the part folders.
   */
  public static List<Path> write(Path dir, List<RequestRecord> records, int count, String hash) {
    List<Path> folders = new ArrayList<>();
    for (int i = 1; i <= count; i++) {
      folders.add(writePart(dir, part(records, i, count), i, count, hash));
    }
    return folders;
  }

  /** Writes one part's records (and its manifest, unless {@code hash} is null) into a folder. */
  public static Path writePart(
      Path dir, List<RequestRecord> records, int injector, int count, String hash) {
    try {
      Path folder = Files.createDirectories(dir.resolve("part-" + injector));
      RecordsFixture.write(folder.resolve("records.jsonl"), records);
      if (hash != null) {
        new PartManifest(
                RUN_ID,
                injector,
                count,
                "host-" + injector,
                "risingratesimulation",
                "rising-rate",
                hash,
                "2026-12-01T06:00:00Z")
            .write(folder);
      }
      return folder;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
