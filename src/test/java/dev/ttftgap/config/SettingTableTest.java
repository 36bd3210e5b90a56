package dev.ttftgap.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The documentation of the settings is the declaration: {@code docs/settings.md} holds {@link
 * SettingTable.markdown()}, and every {@code -D} property or tool variable that a table of the
 * README or the docs names is declared.
 */
class SettingTableTest {
  private static final Path TABLE = Path.of("docs/settings.md");
  private static final Pattern PROPERTY = Pattern.compile("-D([a-zA-Z][a-zA-Z0-9._]*[a-zA-Z0-9])");
  private static final Pattern VARIABLE =
      Pattern.compile(
          "`((?:LLM|OPENAI|TTFTGAP|RUN|INJECTOR|PROMPTS|JOB|GITHUB)_[A-Z0-9_]*[A-Z0-9]"
              + "|INJECTOR|HOSTNAME)[`=]");

  /** Properties of other tools: Maven's, Maven plugins' and the benchmarks' in src/test. */
  private static final Set<String> NOT_OURS =
      Set.of(
          "it.test",
          "exec.args",
          "exec.classpathScope",
          "exec.executable",
          "exec.mainClass",
          "engine.transport");

  @Test
  void docsSettingsHoldsTheDeclaredTable() throws IOException {
    assertThat(Files.readString(TABLE))
        .as(
            "docs/settings.md lists every declared Setting; paste SettingTable.markdown() there"
                + " (this message's expected value)")
        .contains(SettingTable.markdown());
  }

  @Test
  void everySettingTheDocsTablesNameIsDeclared() throws IOException {
    Set<String> declared = new TreeSet<>();
    for (Setting s : Setting.values()) {
      s.property().ifPresent(declared::add);
      declared.addAll(s.environment());
    }
    List<String> undeclared = new ArrayList<>();
    for (Path doc : documents()) {
      for (String row : Files.readAllLines(doc)) {
        if (!row.startsWith("|")) {
          continue;
        }
        names(PROPERTY, row).stream()
            .filter(name -> !NOT_OURS.contains(name) && !name.startsWith("bench."))
            .filter(name -> !declared.contains(name))
            .forEach(name -> undeclared.add(doc + ": -D" + name));
        names(VARIABLE, row).stream()
            .filter(name -> !declared.contains(name))
            .forEach(name -> undeclared.add(doc + ": " + name));
      }
    }
    assertThat(undeclared)
        .as("settings named in a docs table but not declared in Setting")
        .isEmpty();
  }

  @Test
  void everyDeclaredPropertyIsNamedOnce() {
    List<String> properties =
        Arrays.stream(Setting.values()).flatMap(s -> s.property().stream()).toList();
    assertThat(new TreeSet<>(properties))
        .as("no property declared twice")
        .hasSize(properties.size());
  }

  private static List<String> names(Pattern pattern, String row) {
    List<String> names = new ArrayList<>();
    Matcher m = pattern.matcher(row);
    while (m.find()) {
      names.add(m.group(1));
    }
    return names;
  }

  private static List<Path> documents() throws IOException {
    try (Stream<Path> docs = Files.list(Path.of("docs"))) {
      return Stream.concat(
              Stream.of(Path.of("README.md"), Path.of("simulations/README.md")),
              docs.filter(p -> p.toString().endsWith(".md")).sorted())
          .toList();
    }
  }
}
