package dev.ttftgap.analysis;

import dev.ttftgap.servermetrics.Scrape;
import dev.ttftgap.servermetrics.ScrapeFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Finds the {@code server-metrics.jsonl} a run left beside its records files. */
final class ServerMetricsFiles {
  private ServerMetricsFiles() {}

  /** Every scrape of the files named {@value ScrapeFile#NAME} beside {@code recordsFiles}. */
  static List<Scrape> besides(List<Path> recordsFiles) {
    List<Scrape> scrapes = new ArrayList<>();
    recordsFiles.stream()
        .map(f -> f.toAbsolutePath().getParent())
        .filter(dir -> dir != null)
        .distinct()
        .map(dir -> dir.resolve(ScrapeFile.NAME))
        .filter(Files::isRegularFile)
        .forEach(file -> scrapes.addAll(ScrapeFile.read(file)));
    return scrapes;
  }
}
