package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Handler tests on an {@link io.netty.channel.embedded.EmbeddedChannel}: wire format and faults.
 */
class ChatStreamTest {
  private static final String CHAT = "/v1/chat/completions";
  private EngineChannels engine;

  private EngineChannels start(EngineConfig config) {
    engine = new EngineChannels(config);
    return engine;
  }

  private EngineChannels start() {
    return start(EngineConfig.defaults().withProfile("tiny-fast"));
  }

  @AfterEach
  void noLeaks() {
    engine.output();
    assertThat(engine.channel.finishAndReleaseAll())
        .as("no unread message left in the channel")
        .isFalse();
  }

  private static String body(int maxTokens, String extra) {
    return StreamProbe.chat("tiny-fast", "hello", maxTokens, true, extra);
  }

  /**
   * What the engine wrote first, whenever it comes: what is out already, or else the output once
   * something is. (Checking that nothing is out at one instant fails on a starved machine, where
   * the test thread may wake to find the whole stream written.)
   */
  private String firstBytesOut() throws InterruptedException {
    String out = engine.output();
    return out.isEmpty() ? engine.pumpUntil(o -> !o.isEmpty(), 5_000) : out;
  }

  private static List<String> dataLines(String out) {
    Matcher matcher = Pattern.compile("(?m)^(data: .*)$").matcher(out);
    return matcher.results().map(r -> r.group(1).stripTrailing()).toList();
  }

  private static long contentChunks(String out) {
    return dataLines(out).stream()
        .filter(l -> l.contains("\"content\":\" ") || l.matches(".*\"content\":\"[^\"].*"))
        .count();
  }

  @Test
  void atAcceptWritesHeadersAndRoleChunkBeforeAnyToken() throws Exception {
    start().request("POST", CHAT, "", body(3, ""));

    String accepted = engine.output();

    assertThat(accepted).startsWith("HTTP/1.1 200 OK").contains("text/event-stream");
    assertThat(dataLines(accepted)).singleElement().asString().contains("\"role\":\"assistant\"");
    String out = engine.pumpUntil(EngineChannels::ended, 5_000);
    List<String> data = dataLines(out);
    assertThat(data).hasSize(1 + 3 + 1 + 1);
    assertThat(data.get(4)).contains("\"finish_reason\":\"length\"");
    assertThat(data.get(5)).isEqualTo("data: [DONE]");
    assertThat(engine.channel.isOpen()).as("keep-alive connection stays open").isTrue();
  }

  @Test
  void withFirstTokenWritesNothingUntilTheFirstToken() throws Exception {
    start(
            EngineConfig.defaults()
                .withProfile("tiny-fast")
                .withHeaderMode(HeaderMode.WITH_FIRST_TOKEN))
        .request("POST", CHAT, "", body(2, ""));

    // the head and the role chunk never come out without the first token
    String first = firstBytesOut();
    assertThat(first).as("the first bytes written").startsWith("HTTP/1.1 200 OK");
    assertThat(dataLines(first))
        .as("nothing before the first token: the role chunk comes with it")
        .hasSizeGreaterThanOrEqualTo(2)
        .element(1)
        .asString()
        .contains("\"content\":\"");
    String out = engine.pumpUntil(EngineChannels::ended, 5_000);
    assertThat(out).startsWith("HTTP/1.1 200 OK");
    assertThat(dataLines(out).get(0)).contains("\"role\":\"assistant\"");
    assertThat(dataLines(out)).last().isEqualTo("data: [DONE]");
  }

  @Test
  void bufferedWritesOneSizedResponseAtTheEnd() throws Exception {
    start(EngineConfig.defaults().withProfile("tiny-fast").withHeaderMode(HeaderMode.BUFFERED))
        .request("POST", CHAT, "", body(2, ""));

    String out = firstBytesOut();
    assertThat(out)
        .as("the first bytes out are the whole response, sized")
        .contains("content-length:")
        .doesNotContain("transfer-encoding")
        .endsWith("data: [DONE]\n\n");
    assertThat(dataLines(out)).hasSize(1 + 2 + 1 + 1);
  }

  @Test
  void errorAfterSendsAnErrorEventAndEndsWithoutDone() throws Exception {
    start().request("POST", CHAT, "", body(8, "\"sim_fault\":\"error-after:2\""));

    String out = engine.pumpUntil(EngineChannels::ended, 5_000);

    List<String> data = dataLines(out);
    assertThat(contentChunks(out)).isEqualTo(2);
    assertThat(data).last().asString().startsWith("data: {\"error\":{").contains("\"message\"");
    assertThat(out).doesNotContain("[DONE]").doesNotContain("finish_reason\":\"length");
    assertOutcome(GroundTruth.FAULT, 2);
  }

  @Test
  void dropAfterClosesTheConnectionWithoutTerminatingChunk() throws Exception {
    start().request("POST", CHAT, "", body(8, "\"sim_fault\":\"drop-after:3\""));

    String out = engine.pumpUntil(o -> !engine.channel.isOpen(), 5_000);

    assertThat(engine.channel.isOpen()).as("connection closed").isFalse();
    assertThat(contentChunks(out)).isEqualTo(3);
    assertThat(EngineChannels.ended(out)).as("no terminating chunk").isFalse();
    assertOutcome(GroundTruth.FAULT, 3);
  }

  @Test
  void stallAfterHoldsTheNextTokenForTheGivenTime() throws Exception {
    start().request("POST", CHAT, "X-Sim-Fault: stall-after:1:300\r\n", body(4, ""));
    long start = System.nanoTime();

    engine.pumpUntil(o -> contentChunks(o) >= 1, 5_000);
    long first = System.nanoTime();
    String out = engine.pumpUntil(o -> contentChunks(o) >= 2, 5_000);
    long second = System.nanoTime();
    out = engine.pumpUntil(EngineChannels::ended, 5_000);

    assertThat((second - first) / 1e6).as("stall between token 1 and 2, ms").isGreaterThan(250);
    assertThat((first - start) / 1e6).as("no stall before token 1").isLessThan(250);
    assertThat(dataLines(out)).last().isEqualTo("data: [DONE]");
    assertOutcome(GroundTruth.FAULT, 4);
  }

  @Test
  void malformedAfterWritesOneLineThatIsNotJson() throws Exception {
    start().request("POST", CHAT, "", body(3, "\"sim_fault\":\"malformed-after:1\""));

    String out = engine.pumpUntil(EngineChannels::ended, 5_000);

    List<String> data = dataLines(out);
    assertThat(data.get(2))
        .as("after role + 1 token")
        .isEqualTo("data: {\"choices\":[{\"delta\":{\"content\":");
    assertThat(contentChunks(out)).isEqualTo(3);
    assertThat(data).last().isEqualTo("data: [DONE]");
  }

  @Test
  void statusFaultAnswersBeforeStreaming() throws Exception {
    start().request("POST", CHAT, "X-Sim-Fault: status:503\r\n", body(3, ""));

    String out = engine.output();

    assertThat(out).startsWith("HTTP/1.1 503").contains("\"type\":\"server_error\"");
    assertOutcome(GroundTruth.REJECTED, 0);
  }

  @Test
  void noDoneEndsCleanlyWithoutDone() throws Exception {
    start().request("POST", CHAT, "", body(2, "\"sim_fault\":\"no-done\""));

    String out = engine.pumpUntil(EngineChannels::ended, 5_000);

    assertThat(dataLines(out)).last().asString().contains("finish_reason");
    assertThat(out).doesNotContain("[DONE]");
  }

  @Test
  void profileFaultsApplyByProbability() throws Exception {
    ModelProfile faulty =
        ModelProfile.builtIn("tiny-fast").withFaults(List.of(new FaultRule("error-after:1", 1.0)));
    start(EngineConfig.defaults().withProfiles(List.of(faulty)))
        .request("POST", CHAT, "", body(5, ""));

    String out = engine.pumpUntil(EngineChannels::ended, 5_000);

    assertThat(contentChunks(out)).isEqualTo(1);
    assertThat(dataLines(out)).last().asString().contains("\"error\"");
  }

  @Test
  void closingTheChannelMidStreamAbortsTheSequence() throws Exception {
    start().request("POST", CHAT, "", body(5000, ""));
    engine.pumpUntil(o -> contentChunks(o) >= 2, 5_000);
    assertThat(engine.context.model("tiny-fast").scheduler().runningCount()).isEqualTo(1);

    engine.channel.close();
    engine.channel.runPendingTasks();

    assertThat(engine.context.model("tiny-fast").scheduler().runningCount()).isZero();
    assertThat(engine.context.groundTruth().all())
        .singleElement()
        .extracting(GroundTruth::outcome)
        .isEqualTo(GroundTruth.CLIENT_DISCONNECTED);
  }

  @Test
  void aPipelinedRequestWaitsForTheRunningStreamAndIsAnsweredAfterIt() throws Exception {
    start().request("POST", CHAT, "", body(20, ""));

    engine.request("POST", CHAT, "", body(1, ""));
    String out = engine.pumpUntil(o -> o.split("data: \\[DONE\\]", -1).length == 3, 10_000);

    assertThat(engine.channel.isOpen()).as("connection kept").isTrue();
    assertThat(out.indexOf("data: [DONE]"))
        .as("the first stream ends before the second answer's headers")
        .isLessThan(out.lastIndexOf("HTTP/1.1 200"));
    assertThat(out.split("HTTP/1.1 200", -1)).as("both answered").hasSize(3);
  }

  @Test
  void multiByteWordsAreWrittenAsUtf8() throws Exception {
    start().request("POST", CHAT, "", body(48, ""));

    String out = engine.pumpUntil(EngineChannels::ended, 10_000);

    assertThat(out).as("accented, CJK and emoji tokens").contains(" café", " 日本", " 🙂");
  }

  private void assertOutcome(String outcome, int tokens) {
    assertThat(engine.context.groundTruth().all())
        .singleElement()
        .satisfies(
            t -> {
              assertThat(t.outcome()).isEqualTo(outcome);
              assertThat(t.completionTokens()).isEqualTo(tokens);
            });
  }
}
