package dev.ttftgap.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Each rule of {@link DocsScanner} catches a bad page, naming its line, and passes a good one. */
class DocsScannerTest {
  private static final DocsScanner SCANNER =
      new DocsScanner(
          new KnownNames(
              Set.of("profile", "llm.baseUrl", "exec.args", "exec.classpathScope", "bench.profile"),
              Set.of("LLM_BASE_URL", "JAVA_HOME"),
              Set.of("smoke", "rising-rate"),
              Set.of("docs/engine.md", "docs/capacity.png", "simulations/smoke.json", "pom.xml")
                  ::contains));

  /**
   * One rule's case, on a page {@code docs/a.md}.
   *
   * @param rule what the rule requires
   * @param bad a page breaking it
   * @param findings what the scanner says of {@code bad}
   * @param good a page keeping it, placeholders and other tools' names included
   */
  record Case(String rule, String bad, List<String> findings, String good) {
    @Override
    public String toString() {
      return rule;
    }
  }

  static Stream<Case> rules() {
    return Stream.of(
        new Case(
            "a -D property is a Setting or a known tool's",
            "intro\nset `-Dllm.baseURL=x` here",
            List.of("docs/a.md:2: -Dllm.baseURL is not a Setting nor a known tool's property"),
            "set `-Dllm.baseUrl=x` or -Dbench.* or -Dexec.args=\"1\""),
        new Case(
            "a variable of the tool's prefixes is declared",
            "use `LLM_BASE_URI` or TTFTGAP_NOPE.",
            List.of(
                "docs/a.md:1: LLM_BASE_URI is not a Setting's environment variable",
                "docs/a.md:1: TTFTGAP_NOPE is not a Setting's environment variable"),
            "`LLM_BASE_URL=http://h JAVA_HOME=/j mvn gatling:test`, `CN=localhost`, VLLM_X"),
        new Case(
            "a variable assigned in a command is declared",
            "```bash\nFOO_HOME=/x mvn -q gatling:test\n```",
            List.of("docs/a.md:2: FOO_HOME is not a Setting's environment variable"),
            "```bash\nJAVA_HOME=/x mvn -q gatling:test\n```"),
        new Case(
            "a profile name is in simulations/",
            "`mvn gatling:test -Dprofile=rising-rates`",
            List.of("docs/a.md:1: profile rising-rates is not in simulations/"),
            "`-Dprofile=smoke`, `-Dprofile=NAME`, `-Dprofile=/tmp/mine.json`"),
        new Case(
            "a profile path in simulations/ exists",
            "`-Dprofile=simulations/gone.json`",
            List.of(
                "docs/a.md:1: profile simulations/gone.json does not exist",
                "docs/a.md:1: simulations/gone.json does not exist"),
            "`-Dprofile=simulations/smoke.json`"),
        new Case(
            "a repository path in code exists",
            "see `docs/engin.md` and\n```\ncat src/main/Gone.java\n```",
            List.of(
                "docs/a.md:1: docs/engin.md does not exist",
                "docs/a.md:3: src/main/Gone.java does not exist"),
            "`docs/engine.md`, `pom.xml`, `simulations/NAME.json`, `docs/*.md`, `src/…`,"
                + " docs/prose.md outside code"),
        new Case(
            "a relative link or image points to a file",
            "[the engine](engin.md) ![shot](../docs/capacity.jpg)\n[up](../../x.md)",
            List.of(
                "docs/a.md:1: link engin.md points to a missing file",
                "docs/a.md:1: link ../docs/capacity.jpg points to a missing file",
                "docs/a.md:2: link ../../x.md points to a missing file"),
            "[e](engine.md#tls) ![s](capacity.png) [p](../pom.xml) [w](https://x.org/y)"
                + " [h](#here) `[not](a-link.md)`"),
        new Case(
            "exec:java compiles first",
            "run `mvn -q exec:java -Dexec.args=\"--help\"`",
            List.of("docs/a.md:1: exec:java without compile before it fails on a fresh clone"),
            "`mvn -q compile exec:java`, the `exec:java` goal"),
        new Case(
            "exec:java on the test class path compiles the tests first, across continued lines",
            "```\nmvn -q compile \\\n  exec:java -Dexec.classpathScope=test \\\n  -Dexec.args=x\n```",
            List.of("docs/a.md:2: exec:java without test-compile before it fails on a fresh clone"),
            "```\nmvn -q -o test-compile \\\n  exec:exec -Dexec.classpathScope=test\n```"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rules")
  void eachRuleCatchesABadPageAndPassesAGoodOne(Case c) {
    assertThat(scan(c.bad())).as("findings on the bad page").isEqualTo(c.findings());
    assertThat(scan(c.good())).as("findings on the good page").isEmpty();
  }

  private static List<String> scan(String text) {
    return SCANNER.scan(MarkdownDoc.of("docs/a.md", text));
  }
}
