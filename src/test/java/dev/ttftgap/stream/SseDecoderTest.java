package dev.ttftgap.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.stream.SampleStreams.Expected;
import dev.ttftgap.stream.SampleStreams.Sample;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SseDecoderTest {

  static Stream<Sample> samples() {
    return SampleStreams.ALL.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("samples")
  void everySplitPositionGivesTheSameChunks(Sample sample) {
    byte[] body = sample.body().getBytes(StandardCharsets.UTF_8);
    List<SseEvent> whole = new SseDecoder().feed(body);

    for (int split = 0; split <= body.length; split++) {
      SseDecoder decoder = new SseDecoder();
      List<SseEvent> events = new ArrayList<>(decoder.feed(body, 0, split));
      events.addAll(decoder.feed(ByteBuffer.wrap(body, split, body.length - split)));

      assertThat(events)
          .as("%s split at byte %d of %d", sample.name(), split, body.length)
          .isEqualTo(whole);
      assertThat(kindsAndTexts(sample, events))
          .as("%s split at byte %d: chunk kinds and texts", sample.name(), split)
          .isEqualTo(sample.expected());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("samples")
  void byteAtATimeAndRandomSplitsGiveTheSameEvents(Sample sample) {
    byte[] body = sample.body().getBytes(StandardCharsets.UTF_8);
    List<SseEvent> whole = new SseDecoder().feed(body);

    SseDecoder single = new SseDecoder();
    List<SseEvent> oneByOne = new ArrayList<>();
    for (byte b : body) {
      oneByOne.addAll(single.feed(new byte[] {b}));
    }
    assertThat(oneByOne).as("%s fed one byte at a time", sample.name()).isEqualTo(whole);

    Random random = new Random(42);
    for (int round = 0; round < 200; round++) {
      SseDecoder decoder = new SseDecoder();
      List<SseEvent> events = new ArrayList<>();
      int at = 0;
      while (at < body.length) {
        int length = Math.min(body.length - at, 1 + random.nextInt(7));
        events.addAll(decoder.feed(body, at, length));
        at += length;
      }
      assertThat(events)
          .as("%s in random pieces, round %d (seed 42)", sample.name(), round)
          .isEqualTo(whole);
    }
  }

  static Stream<Arguments> wholeBodies() {
    return Stream.of(
        Arguments.of(
            "joins multi-line data with newlines",
            "data lines joined with \\n; one leading space dropped; a bare field is an empty line",
            "data: first\ndata:second\ndata\ndata:  indented\n\n",
            List.of(SseEvent.data("first\nsecond\n\n indented"))),
        Arguments.of(
            "accepts CRLF, CR and LF line ends",
            "CRLF, CR and LF each end a line",
            "data: a\r\n\r\ndata: b\r\rdata: c\n\ndata: d\r\n\n",
            List.of(
                SseEvent.data("a"), SseEvent.data("b"), SseEvent.data("c"), SseEvent.data("d"))),
        Arguments.of(
            "ignores comments and unknown fields",
            "comments and unknown fields are ignored",
            ": ping\n:\nfoo: bar\ndata: x\n: between\n\n: trailing\n\n",
            List.of(SseEvent.data("x"))),
        Arguments.of(
            "reads event, id and retry of each event",
            "fields belong to their own event; a non-digit retry and an id with NUL are ignored",
            "event: delta\nid: 41\nretry: 2500\ndata: x\n\ndata: y\nretry: 1s\nid: a\0b\n\n",
            List.of(new SseEvent("delta", "x", "41", 2500L), SseEvent.data("y"))),
        Arguments.of(
            "does not dispatch an event without data",
            "a block without data is not an event, and its fields do not leak into the next",
            "event: ping\nid: 3\n\ndata: x\n\n",
            List.of(SseEvent.data("x"))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("wholeBodies")
  void decodesAWholeBodyByTheSseRules(
      String name, String rule, String body, List<SseEvent> expected) {
    assertThat(decode(body)).as(rule).containsExactlyElementsOf(expected);
  }

  @Test
  void crAtTheEndOfOneChunkAndLfAtTheStartOfTheNextAreOneLineEnd() {
    SseDecoder decoder = new SseDecoder();
    List<SseEvent> events = new ArrayList<>(decoder.feed(bytes("data: a\r")));
    events.addAll(decoder.feed(bytes("\ndata: b\r\n\r")));
    events.addAll(decoder.feed(bytes("\n")));

    assertThat(events)
        .as("a split CRLF must not add an empty line (which would dispatch early)")
        .containsExactly(SseEvent.data("a\nb"));
  }

  @Test
  void dropsALeadingByteOrderMarkEvenWhenSplit() {
    byte[] body = bytes("\uFEFFdata: x\n\n");
    SseDecoder decoder = new SseDecoder();
    List<SseEvent> events = new ArrayList<>(decoder.feed(body, 0, 1));
    events.addAll(decoder.feed(body, 1, 1));
    events.addAll(decoder.feed(body, 2, body.length - 2));

    assertThat(events)
        .as("the BOM is not part of the first field name")
        .containsExactly(SseEvent.data("x"));
  }

  @Test
  void keepsBytesThatOnlyStartLikeAByteOrderMark() {
    byte[] body = {
      (byte) 0xEF, (byte) 0xBB, 'x', ':', ' ', '1', '\n', 'd', 'a', 't', 'a', ':', '2', '\n', '\n'
    };

    assertThat(new SseDecoder().feed(body))
        .as("a partial BOM is content (here of an unknown field), not silently dropped")
        .containsExactly(SseEvent.data("2"));
  }

  @Test
  void decodesInvalidUtf8AsReplacementCharacters() {
    byte[] body = {'d', 'a', 't', 'a', ':', ' ', (byte) 0xC3, '\n', '\n'};

    assertThat(new SseDecoder().feed(body))
        .as("a lone lead byte becomes U+FFFD instead of failing")
        .containsExactly(SseEvent.data("\uFFFD"));
  }

  @Test
  void finishReportsAnUnterminatedEvent() {
    SseDecoder complete = new SseDecoder();
    complete.feed(bytes("data: x\n\n"));
    SseDecoder cut = new SseDecoder();
    List<SseEvent> events = cut.feed(bytes("data: x\n\ndata: {\"choices\":[{\"de"));

    assertThat(complete.finish()).as("a body ending on an event boundary").isFalse();
    assertThat(events)
        .as("only the terminated event is dispatched")
        .containsExactly(SseEvent.data("x"));
    assertThat(cut.finish()).as("a body cut mid-event").isTrue();
  }

  private static List<Expected> kindsAndTexts(Sample sample, List<SseEvent> events) {
    return events.stream().map(event -> Expected.of(sample.classify(event))).toList();
  }

  private static List<SseEvent> decode(String body) {
    return new SseDecoder().feed(bytes(body));
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
