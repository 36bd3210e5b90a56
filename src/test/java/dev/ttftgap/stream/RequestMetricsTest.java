package dev.ttftgap.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ttftgap.tokens.TokenCounter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestMetricsTest {

  private static Chunk data(String singleQuotedJson) {
    return ChunkClassifier.classifyData(singleQuotedJson.replace('\'', '"'));
  }

  private static Chunk content(String id, String text) {
    return data("{'id':'" + id + "','choices':[{'delta':{'content':'" + text + "'}}]}");
  }

  private static final Chunk ROLE = data("{'id':'c1','choices':[{'delta':{'role':'assistant'}}]}");
  private static final Chunk REASONING =
      data("{'id':'c1','choices':[{'delta':{'reasoning_content':'Let'}}]}");
  private static final Chunk FINISH =
      data("{'id':'c1','choices':[{'delta':{},'finish_reason':'stop'}]}");
  private static final Chunk USAGE =
      data("{'id':'c1','choices':[],'usage':{'prompt_tokens':17,'completion_tokens':4}}");
  private static final Chunk DONE = ChunkClassifier.classifyData("[DONE]");

  /** The worked example of {@link RequestMetrics}' Javadoc. */
  private static StreamTimeline workedExample() {
    return new StreamTimeline(1000)
        .headers(1120)
        .event(1150, ROLE)
        .event(1400, REASONING)
        .event(1430, content("c1", "Hi"))
        .event(1460, content("c1", " there"))
        .event(1500, FINISH)
        .event(1505, USAGE)
        .event(1510, DONE)
        .end(1512);
  }

  @Test
  void computesTheWorkedExample() {
    RequestMetrics m = RequestMetrics.of(workedExample());

    assertThat(m.ttfbMillis()).as("ttfb = 1120 − 1000").hasValue(120);
    assertThat(m.ttftMillis()).as("ttft = first reasoning at 1400 − 1000").hasValue(400);
    assertThat(m.gapMillis()).as("gap = 400 − 120").hasValue(280);
    assertThat(m.firstReasoningMillis()).as("first reasoning").hasValue(400);
    assertThat(m.firstContentMillis()).as("first content at 1430").hasValue(430);
    assertThat(m.e2eMillis()).as("e2e = [DONE] at 1510 − 1000, not end").hasValue(510);
    assertThat(m.itlMillis())
        .as("intervals between the three token events")
        .containsExactly(30L, 30L);
    assertThat(m.outputTokens()).as("usage.completion_tokens").hasValue(4);
    assertThat(m.outputTokensSource()).as("source of the token count").isEqualTo("usage");
    assertThat(m.tpotMillis().getAsDouble())
        .as("tpot = (510 − 400) / (4 − 1)")
        .isCloseTo(36.667, within(0.001));
    assertThat(m.promptTokens()).as("usage.prompt_tokens").hasValue(17);
    assertThat(m.tokenEvents()).as("reasoning + two contents").isEqualTo(3);
    assertThat(m.maxIdleMillis())
        .as("largest interval: role-only 1150 → reasoning 1400")
        .isEqualTo(250);
    assertThat(m.requestId()).as("first chunk id").hasValue("c1");
    assertThat(m.chunkIds()).as("one id in one stream").containsExactly("c1");
    assertThat(m.sawDone()).as("[DONE] arrived").isTrue();
    assertThat(m.firstError()).as("no error chunk").isEmpty();
    assertThat(m.malformedEvents()).as("no malformed chunk").isZero();
  }

  @Test
  void nonTokenChunksNeverCountAsTheFirstToken() {
    StreamTimeline timeline =
        new StreamTimeline(0)
            .headers(10)
            .event(20, ROLE)
            .event(30, data("{'choices':[{'delta':{'content':''}}]}"))
            .event(40, data("{'choices':[{'delta':{'content':null}}]}"))
            .event(50, ChunkClassifier.classifyData("not json"))
            .event(60, data("{'choices':[],'usage':{'prompt_tokens':3}}"))
            .event(70, data("{'error':{'message':'later'}}"))
            .event(80, content("c", " "))
            .event(90, DONE);

    RequestMetrics m = RequestMetrics.of(timeline);

    assertThat(m.ttftMillis())
        .as(
            "role-only, empty, null, malformed, usage and error chunks are skipped; whitespace"
                + " counts")
        .hasValue(80);
    assertThat(m.gapMillis()).as("gap = 80 − 10").hasValue(70);
    assertThat(m.malformedEvents()).as("the non-JSON payload").isEqualTo(1);
    assertThat(m.firstError().map(Chunk::errorMessage)).as("first error chunk").hasValue("later");
  }

  @Test
  void aPauseOfTenMedianIntervalsAndAtLeast100MillisIsAStall() {
    StreamTimeline timeline = new StreamTimeline(0).headers(10);
    long at = 100;
    // 12-ms steps, a 2.5-s pause (a preempted sequence waiting for blocks), a 110-ms one (< 10 ×)
    long[] intervals = {12, 12, 12, 2500, 12, 12, 110, 12, 12};
    timeline.event(at, content("c1", "a"));
    for (long interval : intervals) {
      at += interval;
      timeline.event(at, content("c1", "b"));
    }

    RequestMetrics m = RequestMetrics.of(timeline);

    assertThat(m.stallCount())
        .as("only the 2.5-s interval reaches 10 × 12 ms = 120 ms")
        .hasValue(1);
    assertThat(m.longestStallMillis()).hasValue(2500);
  }

  @Test
  void fastStreamsNeedAtLeast100MillisForAStall() {
    StreamTimeline timeline = new StreamTimeline(0).headers(10);
    timeline.event(100, content("c1", "a"));
    timeline.event(102, content("c1", "b"));
    timeline.event(104, content("c1", "c"));
    timeline.event(180, content("c1", "d"));

    RequestMetrics m = RequestMetrics.of(timeline);

    assertThat(m.stallCount()).as("76 ms is 38 × the median but under 100 ms").hasValue(0);
    assertThat(m.longestStallMillis()).as("no stall, no longest").isEmpty();
    assertThat(RequestMetrics.of(workedExample()).stallCount()).hasValue(0);
  }

  @Test
  void everythingIsUndefinedForARequestThatGotNoHeaders() {
    RequestMetrics m = RequestMetrics.of(new StreamTimeline(5000));

    assertThat(m.ttfbMillis()).as("no headers, no ttfb").isEmpty();
    assertThat(m.ttftMillis()).as("no token, no ttft").isEmpty();
    assertThat(m.gapMillis()).as("no gap").isEmpty();
    assertThat(m.e2eMillis()).as("no end, no e2e").isEmpty();
    assertThat(m.tpotMillis()).as("no tpot").isEmpty();
    assertThat(m.outputTokens()).as("no tokens counted").isEmpty();
    assertThat(m.outputTokensSource()).as("no source without a count").isNull();
    assertThat(m.promptTokens()).as("no usage").isEmpty();
    assertThat(m.itlMillis()).as("no intervals").isEmpty();
    assertThat(m.stallCount()).as("no intervals, no stall count").isEmpty();
    assertThat(m.longestStallMillis()).isEmpty();
    assertThat(m.requestId()).as("no chunk id").isEmpty();
    assertThat(m.serverTimings()).as("no timings").isEmpty();
    assertThat(m.sawDone()).as("no [DONE]").isFalse();
    assertThat(m.maxIdleMillis()).as("no two marks").isZero();
  }

  @Test
  void headersButNoTokenLeaveTtftAndGapUndefined() {
    RequestMetrics m =
        RequestMetrics.of(new StreamTimeline(0).headers(40).event(90, ROLE).event(95, DONE));

    assertThat(m.ttfbMillis()).as("ttfb").hasValue(40);
    assertThat(m.ttftMillis()).as("no content or reasoning event").isEmpty();
    assertThat(m.gapMillis()).as("gap needs a ttft").isEmpty();
    assertThat(m.e2eMillis()).as("e2e at [DONE]").hasValue(95);
    assertThat(m.maxIdleMillis()).as("headers 40 → role-only 90").isEqualTo(50);
  }

  @Test
  void countsOutputTokensWithTheTokenizerWithoutUsage() {
    StreamTimeline timeline =
        new StreamTimeline(0)
            .headers(10)
            .event(100, content("c", "Hello"))
            .event(120, content("c", " world"))
            .event(140, content("c", ", how are you?"))
            .event(150, DONE);
    int expected = TokenCounter.count("Hello world, how are you?");

    RequestMetrics m = RequestMetrics.of(timeline);

    assertThat(m.outputTokensSource()).as("no usage chunk").isEqualTo("tokenizer");
    assertThat(m.outputTokens()).as("tokens of the concatenated texts").hasValue(expected);
    assertThat(expected).as("cl100k splits this text into several tokens").isGreaterThan(2);
    assertThat(m.tpotMillis().getAsDouble())
        .as("tpot = (150 − 100) / (tokens − 1)")
        .isCloseTo(50.0 / (expected - 1), within(1e-9));
  }

  @Test
  void tpotIsUndefinedBelowTwoOutputTokens() {
    StreamTimeline one =
        new StreamTimeline(0)
            .event(10, content("c", "A"))
            .event(20, data("{'choices':[],'usage':{'completion_tokens':1}}"))
            .event(30, DONE);

    RequestMetrics m = RequestMetrics.of(one);

    assertThat(m.outputTokens()).as("usage says one token").hasValue(1);
    assertThat(m.tpotMillis()).as("(e2e − ttft) / 0 is undefined, not 0 or infinity").isEmpty();
  }

  @Test
  void usageWinsOverTheTokenizerAndTheLastUsageCounts() {
    StreamTimeline timeline =
        new StreamTimeline(0)
            .event(10, content("c", "Hello world"))
            .event(20, data("{'choices':[{'delta':{}}],'usage':{'completion_tokens':1}}"))
            .event(30, data("{'choices':[],'usage':{'completion_tokens':9}}"))
            .event(40, DONE);

    RequestMetrics m = RequestMetrics.of(timeline);

    assertThat(m.outputTokens()).as("the last reported usage (cumulative)").hasValue(9);
    assertThat(m.outputTokensSource()).as("server usage").isEqualTo("usage");
  }

  @Test
  void e2eFallsBackToTheCleanEndWithoutDone() {
    RequestMetrics withEnd =
        RequestMetrics.of(new StreamTimeline(100).event(150, content("c", "x")).end(180));
    RequestMetrics cut = RequestMetrics.of(new StreamTimeline(100).event(150, content("c", "x")));

    assertThat(withEnd.e2eMillis()).as("e2e = end − send without [DONE]").hasValue(80);
    assertThat(withEnd.sawDone()).as("no [DONE]").isFalse();
    assertThat(cut.e2eMillis()).as("neither [DONE] nor end: undefined").isEmpty();
  }

  @Test
  void eventsReadTogetherGiveZeroIntervals() {
    RequestMetrics m =
        RequestMetrics.of(
            new StreamTimeline(0)
                .event(50, content("c", "a"))
                .event(50, content("c", "b"))
                .event(75, content("c", "c"))
                .event(75, DONE));

    assertThat(m.itlMillis()).as("a shared timestamp gives a 0 interval").containsExactly(0L, 25L);
  }

  @Test
  void aSecondChunkIdRevealsARestartedStream() {
    RequestMetrics m =
        RequestMetrics.of(
            new StreamTimeline(0)
                .headers(5)
                .event(10, content("chatcmpl-a", "x"))
                .event(3020, content("chatcmpl-b", "x"))
                .event(3030, content("chatcmpl-b", "y")));

    assertThat(m.requestId()).as("first id").hasValue("chatcmpl-a");
    assertThat(m.chunkIds())
        .as("distinct ids in order")
        .containsExactly("chatcmpl-a", "chatcmpl-b");
    assertThat(m.maxIdleMillis()).as("the 3 s reconnect pause").isEqualTo(3010);
  }

  @Test
  void mergesServerTimingsOfAllChunks() {
    RequestMetrics m =
        RequestMetrics.of(
            new StreamTimeline(0)
                .event(10, data("{'choices':[{'delta':{}}],'metrics':{'queue_time_ms':5,'a':1}}"))
                .event(20, data("{'choices':[],'timings':{'prompt_ms':2.5,'a':3}}")));

    assertThat(m.serverTimings())
        .as("later values win; names kept")
        .containsExactlyInAnyOrderEntriesOf(
            Map.of("queue_time_ms", 5.0, "a", 3.0, "prompt_ms", 2.5));
  }

  @Test
  void measuresADecodedSampleStream() {
    List<SseEvent> events =
        new SseDecoder().feed(SampleStreams.VLLM.body().getBytes(StandardCharsets.UTF_8));
    StreamTimeline timeline = new StreamTimeline(0).headers(12);
    long at = 500;
    for (SseEvent event : events) {
      timeline.event(at, ChunkClassifier.classifyData(event.data()));
      at += 20;
    }

    RequestMetrics m = RequestMetrics.of(timeline.end(at));

    assertThat(m.ttftMillis()).as("the role-only chunk at 500 is skipped").hasValue(520);
    assertThat(m.itlMillis()).as("three content chunks 20 ms apart").containsExactly(20L, 20L);
    assertThat(m.outputTokens()).as("vLLM usage").hasValue(5);
    assertThat(m.serverTimings()).as("vLLM metrics").containsEntry("queue_time_ms", 812.5);
    assertThat(m.e2eMillis()).as("[DONE] is the 7th event, at 620").hasValue(620);
  }
}
