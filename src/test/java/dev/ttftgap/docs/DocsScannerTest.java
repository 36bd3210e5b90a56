package dev.ttftgap.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Each rule of {@link DocsScanner} catches a bad page and passes a good one. */
class DocsScannerTest {
  private static final DocsScanner SCANNER =
      new DocsScanner(
          new KnownNames(
              Set.of("profile", "llm.baseUrl", "exec.args", "exec.classpathScope", "bench.profile"),
              Set.of("LLM_BASE_URL", "JAVA_HOME"),
              Set.of("smoke", "rising-rate"),
              Set.of("docs/engine.md", "docs/capacity.png", "simulations/smoke.json", "pom.xml")
                  ::contains));

  private static List<String> scan(String name, String text) {
    return SCANNER.scan(MarkdownDoc.of(name, text));
  }

  @Test
  void aPropertyThatIsNotASettingIsNamedWithItsLine() {
    assertThat(scan("docs/a.md", "intro\nset `-Dllm.baseURL=x` here"))
        .containsExactly("docs/a.md:2: -Dllm.baseURL is not a Setting nor a known tool's property");
    assertThat(scan("docs/a.md", "set `-Dllm.baseUrl=x` or -Dbench.* or -Dexec.args=\"1\""))
        .isEmpty();
  }

  @Test
  void aVariableOfTheToolsPrefixesOrAnAssignedOneMustBeDeclared() {
    assertThat(scan("a.md", "use `LLM_BASE_URI` or TTFTGAP_NOPE."))
        .containsExactly(
            "a.md:1: LLM_BASE_URI is not a Setting's environment variable",
            "a.md:1: TTFTGAP_NOPE is not a Setting's environment variable");
    assertThat(scan("a.md", "```bash\nFOO_HOME=/x mvn -q gatling:test\n```"))
        .containsExactly("a.md:2: FOO_HOME is not a Setting's environment variable");
    assertThat(
            scan(
                "a.md",
                "`LLM_BASE_URL=http://h JAVA_HOME=/j mvn gatling:test`, `CN=localhost`, VLLM_X"))
        .isEmpty();
  }

  @Test
  void aProfileMustBeInSimulations() {
    assertThat(scan("a.md", "`mvn gatling:test -Dprofile=rising-rates`"))
        .containsExactly("a.md:1: profile rising-rates is not in simulations/");
    assertThat(scan("a.md", "`-Dprofile=simulations/gone.json`"))
        .containsExactly(
            "a.md:1: profile simulations/gone.json does not exist",
            "a.md:1: simulations/gone.json does not exist");
    assertThat(
            scan(
                "a.md",
                "`-Dprofile=smoke`, `-Dprofile=NAME`, `-Dprofile=/tmp/mine.json`,"
                    + " `-Dprofile=simulations/smoke.json`"))
        .isEmpty();
  }

  @Test
  void aRepositoryPathInCodeMustExist() {
    assertThat(scan("a.md", "see `docs/engin.md` and\n```\ncat src/main/Gone.java\n```"))
        .containsExactly(
            "a.md:1: docs/engin.md does not exist", "a.md:3: src/main/Gone.java does not exist");
    assertThat(
            scan(
                "a.md",
                "`docs/engine.md`, `pom.xml`, `simulations/NAME.json`, `docs/*.md`, `src/…`,"
                    + " docs/prose.md outside code"))
        .isEmpty();
  }

  @Test
  void aRelativeLinkOrImageMustPointToAFile() {
    assertThat(scan("docs/a.md", "[the engine](engin.md) ![shot](../docs/capacity.jpg)"))
        .containsExactly(
            "docs/a.md:1: link engin.md points to a missing file",
            "docs/a.md:1: link ../docs/capacity.jpg points to a missing file");
    assertThat(scan("docs/a.md", "[up](../../x.md)"))
        .containsExactly("docs/a.md:1: link ../../x.md points to a missing file");
    assertThat(
            scan(
                "docs/a.md",
                "[e](engine.md#tls) ![s](capacity.png) [p](../pom.xml) [w](https://x.org/y)"
                    + " [h](#here) `[not](a-link.md)`"))
        .isEmpty();
  }

  @Test
  void anExecGoalWithoutCompileBeforeItIsCaught() {
    assertThat(scan("a.md", "run `mvn -q exec:java -Dexec.args=\"--help\"`"))
        .containsExactly("a.md:1: exec:java without compile before it fails on a fresh clone");
    assertThat(
            scan(
                "a.md",
                "```\nmvn -q compile \\\n  exec:java -Dexec.classpathScope=test \\\n  -Dexec.args=x\n```"))
        .containsExactly("a.md:2: exec:java without test-compile before it fails on a fresh clone");
    assertThat(
            scan(
                "a.md",
                "`mvn -q compile exec:java`, `mvn -q -o test-compile exec:exec"
                    + " -Dexec.classpathScope=test`, the `exec:java` goal"))
        .isEmpty();
  }
}
