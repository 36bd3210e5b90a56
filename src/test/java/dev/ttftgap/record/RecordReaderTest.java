package dev.ttftgap.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RecordReaderTest {
  @TempDir Path dir;

  private Path write(String name, String content) throws Exception {
    Path file = dir.resolve(name);
    Files.writeString(file, content, StandardCharsets.UTF_8);
    return file;
  }

  /** Every field of {@code records.jsonl}, in the order it is written. */
  private static final List<String> FIELD_ORDER =
      List.of(
          "run",
          "userId",
          "requestId",
          "phase",
          "step",
          "stepLabel",
          "offeredRate",
          "concurrency",
          "model",
          "promptTokens",
          "maxTokens",
          "startEpochMillis",
          "ttfbMillis",
          "ttftMillis",
          "gapMillis",
          "firstContentMillis",
          "firstReasoningMillis",
          "e2eMillis",
          "itlMillis",
          "tpotMillis",
          "outputTokens",
          "outputTokensSource",
          "contentEvents",
          "serverTimings",
          "newConnection",
          "outcome",
          "reason",
          "httpStatus",
          "message",
          "prompts",
          "sharedPrefixTokens",
          "conversationId",
          "turn",
          "malformedChunks",
          "stalls",
          "longestStallMillis",
          "ttfbMicros",
          "ttftMicros",
          "gapMicros",
          "startEpochMicros",
          "injector",
          "injectorCount",
          "host",
          "runId",
          "askedPromptTokens",
          "servedPromptTokens",
          "api",
          "firstToolCallMillis",
          "toolCalls",
          "finishReason");

  private static String line(RequestRecord record) throws Exception {
    return RecordJson.MAPPER.writeValueAsString(record);
  }

  private static List<String> fieldNames(String json) throws Exception {
    List<String> names = new ArrayList<>();
    RecordJson.MAPPER.readTree(json).fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void roundTripsEveryFieldIncludingNulls() {
    Path file = dir.resolve("round.jsonl");
    List<RequestRecord> records =
        List.of(
            TestRecords.full(1),
            TestRecords.minimal(2),
            TestRecords.inFlight(3),
            TestRecords.precise(4),
            TestRecords.toolCallTurn(5));
    try (RecordWriter writer = RecordWriter.open(file)) {
      records.forEach(writer::append);
    }

    assertThat(RecordReader.read(file)).as("records read back equal").isEqualTo(records);
  }

  @Test
  void leavesNullFieldsOutOfTheLine() throws Exception {
    String json = line(TestRecords.minimal(2));

    assertThat(json)
        .as("null means undefined and is not written")
        .doesNotContain("null")
        .doesNotContain("ttftMillis")
        .contains("\"reason\":\"connection_failed\"");
  }

  /** Files whose line 2 is broken: why that is an error rather than a skip, and the content. */
  static Stream<Arguments> brokenSecondLines() throws Exception {
    return Stream.of(
        Arguments.of(
            "a broken line in the middle is an error, not a skip",
            line(TestRecords.full(1)) + "\n{\"userId\":2,\n" + line(TestRecords.full(3)) + "\n"),
        Arguments.of(
            "a broken last line that ends in a newline was written complete: not an interrupted write",
            line(TestRecords.full(1)) + "\n{\"userId\":\n"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("brokenSecondLines")
  void namesFileAndLineOfAMalformedLine(String why, String content) throws Exception {
    Path file = write("bad.jsonl", content);

    assertThatThrownBy(() -> RecordReader.read(file))
        .as(why)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(file + ":2: not a request record");
  }

  @Test
  void writesFieldsInTheirDocumentedOrderAndCodesAsTheirStrings() throws Exception {
    List<String> full = fieldNames(line(TestRecords.precise(1)));
    String minimal = line(TestRecords.minimal(2));

    assertThat(FIELD_ORDER)
        .as("the fields of a full record, in the order records.jsonl has always had")
        .containsSubsequence(full);
    assertThat(full).as("a full record has most fields").hasSizeGreaterThan(30);
    assertThat(line(TestRecords.full(1)))
        .as("a step's ok record")
        .contains("\"phase\":\"step\"")
        .contains("\"outcome\":\"ok\"");
    assertThat(minimal)
        .as("a warm-up's failed record")
        .contains("\"phase\":\"warmup\"")
        .contains("\"outcome\":\"ko\"")
        .contains("\"reason\":\"connection_failed\"");
  }

  @Test
  void writesTheFieldsOfIssue25AtTheEndOfTheLine() throws Exception {
    String json = line(TestRecords.toolCallTurn(5));

    assertThat(FIELD_ORDER)
        .as("a tool-call turn's fields, in the documented order")
        .containsSubsequence(fieldNames(json));
    assertThat(fieldNames(json))
        .as("the new fields last, as records.jsonl grows only at its end")
        .endsWith("api", "firstToolCallMillis", "toolCalls", "finishReason");
    assertThat(json)
        .contains("\"api\":\"messages\"")
        .contains("\"firstToolCallMillis\":350")
        .contains("\"toolCalls\":2")
        .contains("\"finishReason\":\"tool_use\"")
        .as("no TTFT: the run waited for content, the turn answered with tool calls")
        .doesNotContain("ttftMillis");
  }

  @Test
  void aRecordOfAnOlderRunHasNoApiAndReadsAsChat() throws Exception {
    RequestRecord older = RecordReader.parse(line(TestRecords.full(1)), "line");
    RequestRecord messages = RecordReader.parse(line(TestRecords.toolCallTurn(2)), "line");

    assertThat(older.input().api()).as("older runs wrote no api").isNull();
    assertThat(older.input().apiOrChat()).as("and were all chat").isEqualTo("chat");
    assertThat(older.output().toolCalls()).as("nor tool calls: undefined, not 0").isNull();
    assertThat(messages.input().apiOrChat()).as("a named API is kept").isEqualTo("messages");
  }

  @Test
  void everyCodeIsWrittenAsItsStringAndReadBack() throws Exception {
    List<Enum<?>> codes = new ArrayList<>();
    codes.addAll(Arrays.asList(Outcome.values()));
    codes.addAll(Arrays.asList(RequestPhase.values()));
    codes.addAll(Arrays.asList(FailureReason.values()));

    for (Enum<?> code : codes) {
      String json = RecordJson.MAPPER.writeValueAsString(code);
      assertThat(json)
          .as("%s is written as its lower-case code", code)
          .isEqualTo("\"" + code.name().toLowerCase(Locale.ROOT) + "\"");
      assertThat(RecordJson.MAPPER.readValue(json, code.getDeclaringClass()))
          .as("%s read back", code)
          .isEqualTo(code);
    }
  }

  /** Files with a code that is not one: what must hold, the content, the line's complaint. */
  static Stream<Arguments> unknownCodes() {
    return Stream.of(
        Arguments.of(
            "outcome must be ok or ko",
            "{\"userId\":1,\"outcome\":\"fine\"}\n",
            ":1: outcome must be \"ok\" or \"ko\", got \"fine\""),
        Arguments.of(
            "a missing outcome, on line 2 after a blank line",
            "\n{\"userId\":1}\n",
            ":2: outcome must be \"ok\" or \"ko\", got nothing"),
        Arguments.of(
            "reason must be a FailureReason code",
            "{\"userId\":1,\"outcome\":\"ko\",\"reason\":\"oops\"}\n",
            ":1: reason \"oops\" is not a known failure reason code"),
        Arguments.of(
            "phase must be a RequestPhase code",
            "{\"userId\":1,\"phase\":\"probe\",\"outcome\":\"ok\"}\n",
            ":1: phase must be \"warmup\", \"step\", \"hold\" or \"calibration\", got \"probe\""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("unknownCodes")
  void rejectsAnUnknownOutcomeReasonOrPhase(String why, String content, String complaint)
      throws Exception {
    Path file = write("codes.jsonl", content);

    assertThatThrownBy(() -> RecordReader.read(file)).as(why).hasMessage(file + complaint);
  }

  @Test
  void skipsATruncatedLastLine() throws Exception {
    String complete = line(TestRecords.full(1)) + "\n" + line(TestRecords.full(2)) + "\n";
    String cut = line(TestRecords.full(3));
    Path file = write("cut.jsonl", complete + cut.substring(0, cut.length() / 2));

    RecordReader.Result result = RecordReader.readAll(file);

    assertThat(result.records()).as("the complete lines").hasSize(2);
    assertThat(result.truncatedLinesSkipped()).as("one truncated line").isEqualTo(1);
  }

  @Test
  void skipsALastLineCutInsideAMultiByteCharacter() throws Exception {
    byte[] complete = (line(TestRecords.full(1)) + "\n").getBytes(StandardCharsets.UTF_8);
    byte[] cut = line(TestRecords.full(2)).getBytes(StandardCharsets.UTF_8);
    int middleOfDot = indexOf(cut, "·".getBytes(StandardCharsets.UTF_8)) + 1;
    byte[] content = Arrays.copyOf(complete, complete.length + middleOfDot);
    System.arraycopy(cut, 0, content, complete.length, middleOfDot);
    Path file = dir.resolve("cut-utf8.jsonl");
    Files.write(file, content);

    RecordReader.Result result = RecordReader.readAll(file);

    assertThat(result.records()).as("the complete line").hasSize(1);
    assertThat(result.truncatedLinesSkipped()).as("the cut line, not an I/O error").isEqualTo(1);
  }

  @Test
  void streamsLazilyAndSkipsBlankLines() throws Exception {
    Path file =
        write(
            "stream.jsonl",
            line(TestRecords.full(1)) + "\n\n" + line(TestRecords.full(2)) + "\n   \n");

    try (Stream<RequestRecord> records = RecordReader.stream(file)) {
      assertThat(records.map(r -> r.identity().userId()))
          .as("blank lines skipped")
          .containsExactly(1L, 2L);
    }
  }

  @Test
  void ignoresUnknownFields() throws Exception {
    Path file =
        write("newer.jsonl", "{\"userId\":9,\"outcome\":\"ok\",\"futureField\":{\"x\":[1]}}\n");

    assertThat(TestRecords.userIdsIn(file))
        .as("a field added by a newer version does not break reading")
        .containsExactly(9L);
  }

  @Test
  void emptyFileHasNoRecords() throws Exception {
    assertThat(RecordReader.readAll(write("empty.jsonl", "")))
        .as("no records, nothing skipped")
        .isEqualTo(new RecordReader.Result(List.of(), 0));
  }

  @Test
  void missingFileNamesTheFile() {
    Path file = dir.resolve("nope.jsonl");

    assertThatThrownBy(() -> RecordReader.read(file))
        .as("the error names the file")
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining(file.toString());
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    throw new AssertionError("not found");
  }
}
