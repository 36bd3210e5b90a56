package dev.ttftgap.docs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds what a Markdown page names that the code does not have, each finding as {@code
 * file:line: what is wrong}.
 *
 * <p>Rules: every {@code -Dname} is a declared setting or a {@linkplain KnownNames known} other
 * tool's; every environment variable of the tool's prefixes ({@code LLM_}, {@code TTFTGAP_}, ...)
 * and every {@code NAME=} assignment in code is a declared variable; every {@code -Dprofile=NAME}
 * is in {@code simulations/}; every repository path in code ({@code src/...}, {@code
 * simulations/...}, {@code docs/...}, {@code .github/...}, {@code .ci/...}, {@code pom.xml}) and
 * every relative link or image exists; every Maven command running {@code exec:java} or {@code
 * exec:exec} compiles first ({@code compile}, or {@code test-compile} for {@code
 * -Dexec.classpathScope=test}), so that it works on a fresh clone.
 *
 * <p>Placeholders are not names: a path or profile with {@code <}, {@code {}, {@code $}, {@code
 * *}, {@code …}, an upper-case word such as {@code NAME} or a one-letter file such as {@code
 * x.json} is skipped, and so is a profile path outside {@code simulations/} (the reader's own
 * file). Assignments count in commands only (a line with {@code mvn}, {@code java} or {@code
 * export}), so that {@code CN=localhost} is not a variable.
 *
 * <p>Usage:
 *
 * <pre>{@code
 * List<String> findings = new DocsScanner(KnownNames.of(Path.of("."))).scan(doc);
 * }</pre>
 */
final class DocsScanner {
  private static final Pattern PROPERTY =
      Pattern.compile("(?<![\\w-])-D([a-zA-Z][\\w.-]*\\w)(\\.\\*)?");
  private static final Pattern PREFIXED_VARIABLE =
      Pattern.compile(
          "(?<![\\w.])((?:LLM|OPENAI|TTFTGAP|ENGINE|RUN|JOB|PROMPTS)_[A-Z0-9_]*[A-Z0-9]"
              + "|INJECTOR(?:_[A-Z0-9_]*[A-Z0-9])?)(?!\\w|\\.\\w)");
  private static final Pattern ASSIGNMENT =
      Pattern.compile("(?:^|[\\s;(])(?:export\\s+)?([A-Z][A-Z0-9_]*)=");
  private static final Pattern COMMAND = Pattern.compile("\\b(?:mvn|java|export)\\s");
  private static final Pattern PROFILE = Pattern.compile("-Dprofile=([^\\s\"'`|)]+)");
  private static final Pattern PATH =
      Pattern.compile(
          "(?<![\\w/.-])((?:src|simulations|docs|\\.github|\\.ci)/[\\w./-]*[\\w]|pom\\.xml)"
              + "([*<{$…]?)");
  private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)[^)]*\\)");
  private static final Pattern PLACEHOLDER =
      Pattern.compile(
          "[<{$*…]|(?:^|[/.-])(?!README|CHANGELOG|LICENSE)[A-Z]+(?:$|[/.])|/[a-zA-Z]\\.json$");
  private static final Pattern EXEC_GOAL = Pattern.compile("\\bexec:(?:java|exec)\\b");
  private static final Set<String> COMPILES =
      Set.of("compile", "test-compile", "process-classes", "test", "package", "verify", "install");
  private static final Set<String> COMPILES_TESTS =
      Set.of("test-compile", "process-test-classes", "test", "package", "verify", "install");

  private final KnownNames known;

  DocsScanner(KnownNames known) {
    this.known = known;
  }

  /** Every finding of every rule on {@code doc}, in rule order. */
  List<String> scan(MarkdownDoc doc) {
    List<String> findings = new ArrayList<>();
    findings.addAll(properties(doc));
    findings.addAll(variables(doc));
    findings.addAll(profiles(doc));
    findings.addAll(paths(doc));
    findings.addAll(links(doc));
    findings.addAll(execCommands(doc));
    return findings;
  }

  List<String> properties(MarkdownDoc doc) {
    return eachMatch(doc, PROPERTY, this::unknownProperty);
  }

  private Optional<String> unknownProperty(Matcher m) {
    String name = m.group(1);
    boolean wildcard = m.group(2) != null;
    boolean exists =
        wildcard
            ? known.properties().stream().anyMatch(p -> p.startsWith(name + "."))
            : known.properties().contains(name);
    return exists
        ? Optional.empty()
        : Optional.of(
            "-D" + name + (wildcard ? ".*" : "") + " is not a Setting nor a known tool's property");
  }

  List<String> variables(MarkdownDoc doc) {
    List<String> findings =
        new ArrayList<>(eachMatch(doc, PREFIXED_VARIABLE, m -> undeclared(m.group(1))));
    for (MarkdownDoc.Code code : doc.commands()) {
      if (!COMMAND.matcher(code.text()).find()) {
        continue;
      }
      Matcher m = ASSIGNMENT.matcher(code.text());
      while (m.find()) {
        if (!PREFIXED_VARIABLE.matcher(m.group(1)).matches()) {
          undeclared(m.group(1)).ifPresent(what -> findings.add(at(doc, code.line(), what)));
        }
      }
    }
    return findings;
  }

  List<String> profiles(MarkdownDoc doc) {
    return eachMatch(doc, PROFILE, m -> unknownProfile(m.group(1)));
  }

  private Optional<String> unknownProfile(String value) {
    if (PLACEHOLDER.matcher(value).find()) {
      return Optional.empty();
    }
    if (value.contains("/") || value.endsWith(".json")) {
      return value.startsWith("simulations/") && !known.exists().test(value)
          ? Optional.of("profile " + value + " does not exist")
          : Optional.empty();
    }
    return known.profiles().contains(value)
        ? Optional.empty()
        : Optional.of("profile " + value + " is not in simulations/");
  }

  List<String> paths(MarkdownDoc doc) {
    List<String> findings = new ArrayList<>();
    for (MarkdownDoc.Code code : doc.code()) {
      Matcher m = PATH.matcher(code.text());
      while (m.find()) {
        String path = m.group(1);
        if (m.group(2).isEmpty()
            && !PLACEHOLDER.matcher(path).find()
            && !known.exists().test(path)) {
          findings.add(at(doc, code.line(), path + " does not exist"));
        }
      }
    }
    return findings;
  }

  List<String> links(MarkdownDoc doc) {
    List<String> findings = new ArrayList<>();
    boolean fenced = false;
    for (int i = 0; i < doc.lines().size(); i++) {
      if (doc.lines().get(i).strip().startsWith("```")) {
        fenced = !fenced;
        continue;
      }
      if (fenced) {
        continue;
      }
      Matcher m = LINK.matcher(doc.lineWithoutSpans(i));
      while (m.find()) {
        String target = m.group(1).replaceFirst("#.*", "");
        if (target.isEmpty() || target.matches("^[a-zA-Z][a-zA-Z+.-]*:.*")) {
          continue;
        }
        String resolved = Path.of(doc.directory()).resolve(target).normalize().toString();
        if (resolved.startsWith("..") || !known.exists().test(resolved)) {
          findings.add(at(doc, i + 1, "link " + m.group(1) + " points to a missing file"));
        }
      }
    }
    return findings;
  }

  List<String> execCommands(MarkdownDoc doc) {
    List<String> findings = new ArrayList<>();
    for (MarkdownDoc.Code command : doc.commands()) {
      Matcher goal = EXEC_GOAL.matcher(command.text());
      if (!goal.find() || !command.text().contains("mvn")) {
        continue;
      }
      List<String> before =
          Arrays.asList(command.text().substring(0, goal.start()).trim().split("\\s+"));
      boolean tests = command.text().contains("-Dexec.classpathScope=test");
      Set<String> needed = tests ? COMPILES_TESTS : COMPILES;
      if (before.stream().noneMatch(needed::contains)) {
        findings.add(
            at(
                doc,
                command.line(),
                goal.group()
                    + " without "
                    + (tests ? "test-compile" : "compile")
                    + " before it fails on a fresh clone"));
      }
    }
    return findings;
  }

  private Optional<String> undeclared(String variable) {
    return known.variables().contains(variable)
        ? Optional.empty()
        : Optional.of(variable + " is not a Setting's environment variable");
  }

  /** What {@code finding} says of each match of {@code pattern}, on each line, as file:line. */
  private static List<String> eachMatch(
      MarkdownDoc doc, Pattern pattern, Function<Matcher, Optional<String>> finding) {
    List<String> findings = new ArrayList<>();
    for (int i = 0; i < doc.lines().size(); i++) {
      Matcher m = pattern.matcher(doc.lines().get(i));
      while (m.find()) {
        int line = i + 1;
        finding.apply(m).ifPresent(what -> findings.add(at(doc, line, what)));
      }
    }
    return findings;
  }

  private static String at(MarkdownDoc doc, int line, String what) {
    return doc.name() + ":" + line + ": " + what;
  }
}
