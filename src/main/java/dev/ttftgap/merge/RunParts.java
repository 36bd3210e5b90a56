package dev.ttftgap.merge;

import dev.ttftgap.analysis.RecordsFiles;
import dev.ttftgap.record.RecordReader;
import dev.ttftgap.record.RequestRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The parts of one split run, as given to the capacity report: checked to be all the parts of one
 * run, each once, or refused with one line naming the part that is missing, doubled or foreign.
 *
 * <p>A part is identified by its records ({@code runId}, {@code injector}, {@code injectorCount},
 * {@code run}), so run folders and records files copied alone both work; the {@value
 * PartManifest#FILE_NAME} beside a part's records adds the profile's SHA-256, which must be the
 * same for every part.
 *
 * <pre>
 * Optional&lt;RunParts&gt; parts = RunParts.detect(List.of(Path.of("reports/a"), Path.of("reports/b")));
 * // empty: not a split run (analyse the records as before); present: every part, checked
 * </pre>
 *
 * @param runId the id the parts share
 * @param count how many parts the run has
 * @param parts the parts, by injector
 * @param unchecked parts whose profile could not be checked (no manifest), e.g. {@code "2/2"}
 */
public record RunParts(String runId, int count, List<Part> parts, List<String> unchecked) {

  /**
   * One injector's part.
   *
   * @param injector 1-based
   * @param host the load generator's host name (from its records)
   * @param files the records files it wrote
   * @param records its records, as written (their levels are its share), in a list of its own:
   *     {@link PartsMerger#merge} puts them at the run's levels in place
   * @param manifest its {@value PartManifest#FILE_NAME}, when there is one
   */
  public record Part(
      int injector,
      String host,
      List<Path> files,
      List<RequestRecord> records,
      Optional<PartManifest> manifest) {
    /** The folder its records are in. */
    public Path folder() {
      return files.get(0).toAbsolutePath().normalize().getParent();
    }
  }

  public RunParts {
    parts = List.copyOf(parts);
    unchecked = List.copyOf(unchecked);
  }

  /**
   * The parts of the split run the inputs hold; empty when no record of theirs belongs to a split
   * run (the inputs are then analysed as one set of samples, as before).
   *
   * @param inputs records files or run folders, as given to {@code CapacityMain}
   * @throws IllegalArgumentException with one line when a part is missing, given twice, or belongs
   *     to another run or profile
   */
  public static Optional<RunParts> detect(List<Path> inputs) {
    List<Path> files = RecordsFiles.resolve(inputs);
    if (!files.stream().anyMatch(RunParts::holdsSplitRecords)) {
      return Optional.empty();
    }
    Map<Path, List<RequestRecord>> byFile = new LinkedHashMap<>();
    for (Path file : files) {
      byFile.put(file, RecordsFiles.read(List.of(file)));
    }
    return Optional.of(check(byFile));
  }

  /**
   * Whether a record of {@code file} belongs to a split run: read as a stream, up to the first such
   * record, so that a run that is not split is not held in memory twice.
   */
  private static boolean holdsSplitRecords(Path file) {
    try (Stream<RequestRecord> records = RecordReader.stream(file)) {
      return records.anyMatch(
          r -> r.part().injectorCount() != null && r.part().injectorCount() > 1);
    }
  }

  /** Checks that {@code byFile} holds every part of one run, each once. */
  static RunParts check(Map<Path, List<RequestRecord>> byFile) {
    RequestRecord reference =
        byFile.values().stream()
            .flatMap(List::stream)
            .filter(r -> r.part().injectorCount() != null && r.part().injectorCount() > 1)
            .findFirst()
            .orElseThrow();
    String runId = reference.part().runId();
    int count = reference.part().injectorCount();
    Map<Integer, List<Path>> filesByPart = new TreeMap<>();
    Map<Integer, List<RequestRecord>> recordsByPart = new TreeMap<>();
    for (Map.Entry<Path, List<RequestRecord>> entry : byFile.entrySet()) {
      Path file = entry.getKey();
      for (RequestRecord record : entry.getValue()) {
        String foreign = foreign(record, reference);
        if (foreign != null) {
          throw new IllegalArgumentException(
              "records: "
                  + file
                  + " "
                  + foreign
                  + "; pass the run folders of the "
                  + count
                  + " parts of run "
                  + runId
                  + " only");
        }
        List<Path> files =
            filesByPart.computeIfAbsent(record.part().injector(), i -> new ArrayList<>());
        if (!files.contains(file)) {
          files.add(file);
        }
        recordsByPart.computeIfAbsent(record.part().injector(), i -> new ArrayList<>()).add(record);
      }
    }
    checkEachOnce(filesByPart, count, runId);
    checkNoneMissing(filesByPart, count, runId);
    List<Part> parts = new ArrayList<>();
    for (int i = 1; i <= count; i++) {
      List<RequestRecord> records = recordsByPart.get(i);
      List<Path> files = filesByPart.get(i);
      Path folder = files.get(0).toAbsolutePath().normalize().getParent();
      parts.add(
          new Part(
              i,
              records.stream()
                  .map(x -> x.part().host())
                  .filter(Objects::nonNull)
                  .findFirst()
                  .orElse(null),
              files,
              records,
              PartManifest.readIn(folder)));
    }
    return new RunParts(runId, count, parts, PartProfiles.check(runId, count, parts));
  }

  /** Throws when a part's records come from more than one file. */
  private static void checkEachOnce(Map<Integer, List<Path>> filesByPart, int count, String runId) {
    filesByPart.forEach(
        (injector, files) -> {
          if (files.size() > 1) {
            throw new IllegalArgumentException(
                "records: part "
                    + injector
                    + "/"
                    + count
                    + " of run "
                    + runId
                    + " is given twice ("
                    + files.stream().map(Path::toString).collect(Collectors.joining(", "))
                    + "); pass each part's run folder once");
          }
        });
  }

  /** Throws when a part of the {@code count} is missing, naming the folders given. */
  private static void checkNoneMissing(
      Map<Integer, List<Path>> filesByPart, int count, String runId) {
    List<String> missing = new ArrayList<>();
    for (int i = 1; i <= count; i++) {
      if (!filesByPart.containsKey(i)) {
        missing.add(i + "/" + count);
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException(
          "records: "
              + (missing.size() == 1 ? "part " : "parts ")
              + String.join(", ", missing)
              + " of run "
              + runId
              + (missing.size() == 1 ? " is" : " are")
              + " missing (given: "
              + filesByPart.entrySet().stream()
                  .map(
                      e ->
                          e.getKey()
                              + "/"
                              + count
                              + " in "
                              + e.getValue().get(0).toAbsolutePath().normalize().getParent())
                  .collect(Collectors.joining(", "))
              + "); pass the run folders of all "
              + count
              + " injectors");
    }
  }

  /**
   * Where the merged report goes: {@code requested}, unless that is one of the parts' folders (the
   * default, the first input's folder), then a folder {@code RUNID-merged} beside the first part.
   */
  public Path outDir(Path requested) {
    Path normalized = requested.toAbsolutePath().normalize();
    boolean aPart = parts.stream().anyMatch(p -> p.folder().equals(normalized));
    if (!aPart) {
      return requested;
    }
    Path parent = parts.get(0).folder().getParent();
    return (parent == null ? Path.of(".") : parent).resolve(runId + "-merged");
  }

  /** Why {@code record} is not a part of {@code reference}'s run; null when it is. */
  private static String foreign(RequestRecord record, RequestRecord reference) {
    if (record.part().injectorCount() == null || record.part().injectorCount() <= 1) {
      return "is a whole run (no -Dinjector), not a part of run " + reference.part().runId();
    }
    if (!Objects.equals(record.part().runId(), reference.part().runId())) {
      return "is a part of run "
          + record.part().runId()
          + ", not of run "
          + reference.part().runId();
    }
    if (!record.part().injectorCount().equals(reference.part().injectorCount())) {
      return "is a part of a run in "
          + record.part().injectorCount()
          + " parts, run "
          + reference.part().runId()
          + " has "
          + reference.part().injectorCount();
    }
    if (record.part().injector() == null
        || record.part().injector() < 1
        || record.part().injector() > reference.part().injectorCount()) {
      return "has a record of part "
          + record.part().injector()
          + ", which run "
          + reference.part().runId()
          + " has not";
    }
    // the run names differ by design (each part's folder says its part and its own start time);
    // the run id above and the profile hash of the manifests tie the parts together
    return null;
  }
}
