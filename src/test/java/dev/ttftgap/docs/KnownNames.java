package dev.ttftgap.docs;

import dev.ttftgap.config.Setting;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What the docs may name: the declared settings ({@link Setting}), the properties that the
 * benchmarks and tests in {@code src/test} read themselves, a short list of other tools' names, the
 * load profiles in {@code simulations/}, and the repository's files.
 *
 * @param properties {@code -D} names that exist
 * @param variables environment variables that exist
 * @param profiles load profile names ({@code simulations/NAME.json})
 * @param exists whether a path relative to the repository root names a file or folder
 */
record KnownNames(
    Set<String> properties, Set<String> variables, Set<String> profiles, Predicate<String> exists) {

  /** Maven's, its plugins', Gatling's and the JVM's properties that the docs use. */
  static final Set<String> OTHER_TOOLS_PROPERTIES =
      Set.of(
          "exec.args",
          "exec.classpathScope",
          "exec.executable",
          "exec.mainClass",
          "gatling.reportsOnly",
          "gatling.simulationClass",
          "it.test",
          "test",
          "skipTests",
          "skipITs",
          "spotless.check.skip",
          "surefire.failIfNoSpecifiedTests");

  /**
   * Other tools' variables, and words of our prefixes that are not variables ({@code RUN_ON} is
   * {@code DisconnectPolicy.RUN_ON}).
   */
  static final Set<String> OTHER_VARIABLES =
      Set.of("CI", "JAVA_HOME", "MAVEN_OPTS", "PATH", "HOME", "RUN_ON");

  private static final Pattern READ_IN_TESTS =
      Pattern.compile(
          "(?:System\\.getProperty|Long\\.getLong|Integer\\.getInteger|Boolean\\.getBoolean)"
              + "\\(\\s*\"([^\"]+)\"");

  /** The names of the repository at {@code root}. */
  static KnownNames of(Path root) {
    Set<String> properties = new TreeSet<>(OTHER_TOOLS_PROPERTIES);
    Set<String> variables = new TreeSet<>(OTHER_VARIABLES);
    for (Setting s : Setting.values()) {
      s.property().ifPresent(properties::add);
      variables.addAll(s.environment());
    }
    properties.addAll(readInTests(root.resolve("src/test/java")));
    Set<String> profiles = new TreeSet<>();
    try (Stream<Path> files = Files.list(root.resolve("simulations"))) {
      files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".json"))
          .forEach(n -> profiles.add(n.substring(0, n.length() - ".json".length())));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new KnownNames(
        properties, variables, profiles, path -> Files.exists(root.resolve(path)));
  }

  /** Properties that benchmarks and tests read with {@code System.getProperty("name", ...)}. */
  private static Set<String> readInTests(Path sources) {
    Set<String> names = new TreeSet<>();
    try (Stream<Path> files = Files.walk(sources)) {
      for (Path file : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        Matcher m = READ_IN_TESTS.matcher(Files.readString(file));
        while (m.find()) {
          names.add(m.group(1));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return names;
  }
}
