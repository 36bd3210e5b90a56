package dev.ttftgap.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ttftgap.analysis.Slo;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Request classes: their requests and SLOs laid over the profile's, validated, knob-filtered. */
class ClassesProfileTest {
  private static final Path SIMULATIONS = Path.of("simulations");

  private static final String CLASSES =
      """
      [
        {"name": "chat", "share": 0.8, "request": {"promptTokens": 100},
         "slo": {"ttftP95Millis": 1000}},
        {"name": "rag", "share": 0.2,
         "request": {"prompt": "Summarise this", "maxTokens": 128,
                     "extraBody": {"top_p": 0.5}},
         "slo": {"ttftP95Millis": 5000}}
      ]
      """;

  private static String profile(String request, String classes, String slo) {
    return "{\"name\": \"mix\","
        + (request == null ? "" : " \"request\": " + request + ",")
        + " \"classes\": "
        + classes
        + ", \"load\": {\"steps\": [1, 2], \"stepDurationSeconds\": 10}"
        + (slo == null ? "" : ", \"slo\": " + slo)
        + "}";
  }

  private static LoadProfile parse(String request, String classes, String slo) {
    return LoadProfiles.parse(profile(request, classes, slo), "mix.json");
  }

  private static String error(String request, String classes, String slo) {
    try {
      parse(request, classes, slo);
    } catch (ProfileException e) {
      return e.getMessage();
    }
    throw new AssertionError("no error");
  }

  @Test
  void classesLayTheirFieldsOverTheProfilesRequestAndSlo() {
    LoadProfile mix =
        parse(
            "{\"prompt\": \"Hello\", \"maxTokens\": 32, \"temperature\": 0.5,"
                + " \"extraBody\": {\"seed\": 7, \"top_k\": 3}}",
            CLASSES,
            "{\"errorRatePercent\": 1, \"ttftP95Millis\": 3000, \"assertUpToLevel\": 1}");

    assertThat(mix.hasClasses()).isTrue();
    assertThat(mix.classes()).extracting(RequestClass::name).containsExactly("chat", "rag");
    assertThat(mix.classes()).extracting(RequestClass::share).containsExactly(0.8, 0.2);
    RequestShape chat = mix.classes().get(0).request();
    assertThat(chat.prompt().tokens())
        .as("promptTokens replaces the profile's prompt")
        .contains(100);
    assertThat(chat.prompt().text()).isEmpty();
    assertThat(chat.output().maxTokens()).as("the profile's maxTokens").isEqualTo(32);
    assertThat(chat.output().temperature()).isEqualTo(0.5);
    RequestShape rag = mix.classes().get(1).request();
    assertThat(rag.prompt().text()).contains("Summarise this");
    assertThat(rag.output().maxTokens()).isEqualTo(128);
    assertThat(rag.extras().extraBody().orElseThrow().toString())
        .as("a nested object is replaced whole")
        .isEqualTo("{\"top_p\":0.5}");
    assertThat(mix.request()).as("run-wide request = the first class's").isEqualTo(chat);

    Slo chatSlo = mix.classes().get(0).slo().orElseThrow();
    assertThat(chatSlo.ttftP95Millis()).as("the class's limit wins").contains(1000.0);
    assertThat(chatSlo.errorRatePercent()).as("the profile's limit stays").contains(1.0);
    assertThat(chatSlo.assertUpToLevel()).as("the profile's assertion level").contains(1.0);
    assertThat(mix.classes().get(1).slo().flatMap(Slo::ttftP95Millis)).contains(5000.0);
    assertThat(mix.slo().flatMap(Slo::ttftP95Millis)).as("the profile's own").contains(3000.0);
  }

  @Test
  void aClassWithoutSloGetsTheProfilesAndTheProfileRequestMayBeAbsent() {
    LoadProfile mix =
        parse(
            null,
            "[{\"name\": \"a\", \"share\": 0.5, \"request\": {\"promptTokens\": 10}},"
                + " {\"name\": \"b\", \"share\": 0.5, \"request\": {\"promptTokens\": 20},"
                + " \"slo\": {\"gapP95Millis\": 900}}]",
            "{\"ttftP95Millis\": 3000}");

    assertThat(mix.classes().get(0).slo()).isEqualTo(mix.slo());
    assertThat(mix.classes().get(1).slo().flatMap(Slo::gapP95Millis)).contains(900.0);
    assertThat(mix.classes().get(1).slo().flatMap(Slo::ttftP95Millis)).contains(3000.0);
    assertThat(mix.request().prompt().tokens()).contains(10);
  }

  @Test
  void aProfileWithoutClassesHasNone() {
    LoadProfile rising = LoadProfiles.load("rising-rate", SIMULATIONS);

    assertThat(rising.hasClasses()).isFalse();
    assertThat(rising.classes()).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          bad length | [{"name": "a", "share": 1, "request": {"promptTokens": 0}}] | mix.json: classes[0].request.promptTokens: 0 is not
          no request | [{"name": "a", "share": 1}] | mix.json: classes[0].request: missing, and the profile has no request
          no name | [{"share": 1, "request": {"promptTokens": 5}}] | mix.json: classes[0].name: missing
          bad name | [{"name": "a b", "share": 1, "request": {"promptTokens": 5}}] | mix.json: classes[0].name: "a b" is not a class name
          share 0 | [{"name": "a", "share": 0, "request": {"promptTokens": 5}}] | mix.json: classes[0].share: 0 is not a share
          share 1.5 | [{"name": "a", "share": 1.5, "request": {"promptTokens": 5}}] | mix.json: classes[0].share: 1.5 is not a share
          duplicate | [{"name": "a", "share": 0.5, "request": {"promptTokens": 5}}, {"name": "a", "share": 0.5, "request": {"promptTokens": 5}}] | mix.json: classes[1].name: "a" names an earlier class too
          sum | [{"name": "a", "share": 0.8, "request": {"promptTokens": 5}}, {"name": "b", "share": 0.3, "request": {"promptTokens": 5}}] | mix.json: classes: shares a 0.8, b 0.3 add up to 1.1; make them add up to 1
          unknown field | [{"name": "a", "share": 1, "weight": 2}] | mix.json: classes[0].weight: unknown field; allowed: name, share, request, slo
          class assertUpToLevel | [{"name": "a", "share": 1, "request": {"promptTokens": 5}, "slo": {"assertUpToLevel": 1}}] | mix.json: classes[0].slo.assertUpToLevel: is the profile's, not a class's
          empty | [] | mix.json: classes: 0 classes; use a list of 1 to 32
          not a list | {"name": "a"} | mix.json: classes: {"name":"a"}; use a list of 1 to 32
          unknown request field | [{"name": "a", "share": 1, "request": {"promptTokens": 5, "max_tokens": 3}}] | mix.json: classes[0].request.max_tokens: unknown field
          """)
  void everyWrongClassFailsWithOneLineNamingIt(String what, String classes, String message) {
    String error = error(null, classes, null);

    assertThat(error).as(what).startsWith(message).doesNotContain("\n");
  }

  @Test
  void theProfilesRequestFieldNamesAreCheckedAndItsValuesOnlyInTheClasses() {
    assertThat(error("{\"promptTokens\": 5, \"maxTokenz\": 3}", CLASSES, null))
        .startsWith("mix.json: request.maxTokenz: unknown field");
    assertThat(parse("{\"maxTokens\": 16}", CLASSES, null).classes())
        .as("a partial request is fine when each class completes it")
        .hasSize(2);
  }

  @Test
  void summaryNamesTheClassesAndTheirObjectives() {
    assertThat(LoadProfiles.load("chat-and-rag", SIMULATIONS).summary())
        .endsWith(
            "; classes chat 80 % (p95 TTFT ≤ 1000 ms, errors ≤ 1 %), rag 20 % (p95 TTFT ≤ 5000"
                + " ms, errors ≤ 1 %)");
  }

  @Test
  void theShippedMixHasTheAgreedClasses() {
    LoadProfile mix = LoadProfiles.load("chat-and-rag", SIMULATIONS);

    RequestClass chat = mix.classes().get(0);
    RequestClass rag = mix.classes().get(1);
    assertThat(chat.name()).isEqualTo("chat");
    assertThat(chat.share()).isEqualTo(0.8);
    assertThat(chat.request().prompt().tokens()).contains(100);
    assertThat(chat.request().output().maxTokens()).isEqualTo(64);
    assertThat(chat.slo().flatMap(Slo::ttftP95Millis)).contains(1000.0);
    assertThat(chat.slo().flatMap(Slo::errorRatePercent)).contains(1.0);
    assertThat(rag.share()).isEqualTo(0.2);
    assertThat(rag.request().prompt().tokens()).contains(2000);
    assertThat(rag.request().output().maxTokens()).isEqualTo(128);
    assertThat(rag.slo().flatMap(Slo::ttftP95Millis)).contains(5000.0);
    assertThat(mix.load().steps()).containsExactly(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);
    assertThat(mix.load().stepDurationSeconds()).isEqualTo(30);
    assertThat(mix.load().warmup()).contains(new Warmup(0.5, 5));
    assertThat(mix.slo().flatMap(Slo::assertUpToLevel)).contains(1.0);
  }

  @Test
  void classesOnlyKeepsTheNamedClassesWithRenormalisedShares() {
    LoadProfile rag = withKnob("classes.only=rag");
    assertThat(rag.classes()).extracting(RequestClass::name).containsExactly("rag");
    assertThat(rag.classes().get(0).share()).isEqualTo(1.0);
    assertThat(rag.request().prompt().tokens()).as("the run-wide request follows").contains(2000);

    LoadProfile both = withKnob("classes.only=rag, chat");
    assertThat(both.classes()).extracting(RequestClass::name).containsExactly("chat", "rag");
    assertThat(both.classes()).extracting(RequestClass::share).containsExactly(0.8, 0.2);
  }

  @Test
  void classesOnlyRefusesAnUnknownNameAndAProfileWithoutClasses() {
    assertThatThrownBy(() -> withKnob("classes.only=chat,video"))
        .isInstanceOf(ProfileException.class)
        .hasMessage(
            "-Dclasses.only=chat,video: classes.only: no class \"video\"; the profile's classes"
                + " are chat, rag (fix -Dclasses.only, or unset it)");
    ProfileOverrides knob = overrides("classes.only=chat");
    assertThatThrownBy(() -> LoadProfiles.load("rising-rate", SIMULATIONS, knob))
        .hasMessageStartingWith("-Dclasses.only=chat: classes.only: the profile has no classes");
    assertThatThrownBy(() -> overrides("classes.only=chat,,rag"))
        .hasMessageStartingWith("-Dclasses.only: \"chat,,rag\" has an empty name");
    assertThat(
            LoadProfiles.load(
                    "chat-and-rag",
                    SIMULATIONS,
                    ProfileOverrides.load(Map.of("TTFTGAP_CLASSES_ONLY", "chat"), new Properties()))
                .classes())
        .extracting(RequestClass::name)
        .as("the environment twin")
        .containsExactly("chat");
  }

  @Test
  void requestAndSloKnobsReachEveryClass() {
    LoadProfile mix =
        LoadProfiles.load(
            "chat-and-rag",
            SIMULATIONS,
            ProfileOverrides.load(
                Map.of(), props("request.maxTokens", "16", "slo.ttftP95Millis", "2000")));

    assertThat(mix.classes())
        .extracting(c -> c.request().output().maxTokens())
        .as("each class's own maxTokens is replaced")
        .containsExactly(16, 16);
    assertThat(mix.classes())
        .extracting(c -> c.slo().flatMap(Slo::ttftP95Millis).orElseThrow())
        .containsExactly(2000.0, 2000.0);
    assertThat(mix.classes().get(1).request().prompt().tokens()).contains(2000);
  }

  private static Properties props(String... keysAndValues) {
    Properties props = new Properties();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      props.setProperty(keysAndValues[i], keysAndValues[i + 1]);
    }
    return props;
  }

  @Test
  void layOverReplacesFieldsWholeAndTheMessageSourcesEachOther() {
    var base =
        Optional.of(
            (com.fasterxml.jackson.databind.JsonNode)
                LoadProfiles.MAPPER.createObjectNode().put("prompt", "x").put("maxTokens", 3));
    var over =
        Optional.of(
            (com.fasterxml.jackson.databind.JsonNode)
                LoadProfiles.MAPPER
                    .createObjectNode()
                    .put("dataset", "d.jsonl")
                    .putNull("maxTokens"));

    assertThat(
            ClassesProfile.layOver(
                    base, over, java.util.List.of("prompt", "promptTokens", "dataset"))
                .toString())
        .isEqualTo("{\"maxTokens\":null,\"dataset\":\"d.jsonl\"}");
    assertThat(base.get().toString()).as("the base is not changed").contains("\"prompt\":\"x\"");
  }

  private static LoadProfile withKnob(String assignment) {
    return LoadProfiles.load("chat-and-rag", SIMULATIONS, overrides(assignment));
  }

  private static ProfileOverrides overrides(String assignment) {
    int eq = assignment.indexOf('=');
    return ProfileOverrides.load(
        Map.of(), props(assignment.substring(0, eq), assignment.substring(eq + 1)));
  }
}
