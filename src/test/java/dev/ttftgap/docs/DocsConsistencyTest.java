package dev.ttftgap.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README and the manual name only what exists: settings, variables, profiles, files, links, and
 * Maven commands that work on a fresh clone ({@link DocsScanner} says each rule). A finding names
 * {@code file:line}; fix the page, or, for another tool's property, add it to {@link
 * KnownNames#OTHER_TOOLS_PROPERTIES}.
 */
class DocsConsistencyTest {
  /** The README is an entry, not the manual (issue 29). */
  static final int README_MAX_LINES = 250;

  private static final Path ROOT = Path.of("");

  @Test
  void theDocsNameOnlySettingsProfilesFilesAndCommandsThatExist() throws IOException {
    DocsScanner scanner = new DocsScanner(KnownNames.of(ROOT.toAbsolutePath()));
    List<String> findings = new ArrayList<>();
    for (Path page : pages()) {
      findings.addAll(scanner.scan(MarkdownDoc.of(page.toString(), Files.readString(page))));
    }
    assertThat(findings).as("what the docs name that the code does not have").isEmpty();
  }

  /** Fails on main until the README rewrite of issue 29 (H1) lands. */
  @Test
  void readmeIsAnEntryOfAtMost250Lines() throws IOException {
    assertThat(Files.readAllLines(Path.of("README.md")).size())
        .as("README.md's lines: it is the entry, the rest goes in docs/")
        .isLessThanOrEqualTo(README_MAX_LINES);
  }

  /** README.md, every Markdown page under docs/, simulations/ and reports/. */
  private static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(Path.of("README.md")));
    for (String folder : List.of("docs", "simulations", "reports")) {
      try (Stream<Path> files = Files.list(Path.of(folder))) {
        files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
      }
    }
    return pages;
  }
}
