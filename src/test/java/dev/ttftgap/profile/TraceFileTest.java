package dev.ttftgap.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading an arrival trace: formats, comments, order, speed-up, and bad lines as file:line. */
class TraceFileTest {
  @TempDir Path dir;

  private Path file(String text) throws IOException {
    Path file = dir.resolve("arrivals.txt");
    Files.writeString(file, text);
    return file;
  }

  @Test
  void decimalSecondsInAnyOrderBecomeSortedOffsetsFromTheFirst() throws IOException {
    Path trace = file("# exported 2026-12-02\n\n1733120002.5\n1733120000.000\n  1733120001.25  \n");

    assertThat(TraceFile.offsetsMillis(trace, 1)).containsExactly(0, 1250, 2500);
    assertThat(TraceFile.offsetsMillis(trace, 2)).as("speedup 2").containsExactly(0, 625, 1250);
    assertThat(TraceFile.offsetsMillis(trace, 0.5)).containsExactly(0, 2500, 5000);
  }

  @Test
  void isoInstantsAndCsvLinesWithAHeaderAreRead() throws IOException {
    Path iso = file("2026-12-02T06:00:01.500Z\n2026-12-02T06:00:00Z\n");
    assertThat(TraceFile.offsetsMillis(iso, 1)).containsExactly(0, 1500);

    Path csv =
        file(
            "timestamp,prompt_tokens,model\n"
                + "\"2026-12-02T06:00:00Z\",120,m\n"
                + "# a comment between rows\n"
                + "2026-12-02T06:00:03.001Z, 80, m\n"
                + "10.5,1,m\n");
    assertThat(TraceFile.readMicros(csv))
        .as("header skipped; relative seconds and instants read alike")
        .hasSize(3)
        .contains(10_500_000L);
    assertThat(TraceFile.offsetsMillis(file("0,a\n3.001,b\n"), 1)).containsExactly(0, 3001);
  }

  @Test
  void aBadLineFailsNamingTheFileAndTheLine() throws IOException {
    Path trace = file("# header\n1.0\n\nnoon\n2.0\n");

    assertThatThrownBy(() -> TraceFile.offsetsMillis(trace, 1))
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith(trace + ":4: \"noon\" is not a time; use seconds")
        .hasMessageNotContaining("\n");
    Path badCsv = file("1.0,x\n2026-13-45T00:00:00Z,y\n");
    assertThatThrownBy(() -> TraceFile.offsetsMillis(badCsv, 1))
        .hasMessageStartingWith(badCsv + ":2: \"2026-13-45T00:00:00Z\" is not a time");
    Path wordAfterData = file("1.0\ntimestamp,x\n");
    assertThatThrownBy(() -> TraceFile.offsetsMillis(wordAfterData, 1))
        .as("only the first data line may be a header")
        .hasMessageStartingWith(wordAfterData + ":2: \"timestamp\" is not a time");
  }

  @Test
  void aTraceNeedsTwoArrivalsAtDifferentInstants() throws IOException {
    Path one = file("# only one\n5\n");
    assertThatThrownBy(() -> TraceFile.offsetsMillis(one, 1))
        .hasMessage(
            one
                + ": 1 arrival(s); a trace needs at least two, one time per line (seconds or"
                + " ISO-8601)");
    Path same = file("5\n5.0\n");
    assertThatThrownBy(() -> TraceFile.offsetsMillis(same, 1))
        .hasMessageStartingWith(same + ": every arrival is at the same instant");
    Path missing = dir.resolve("nope.txt");
    assertThatThrownBy(() -> TraceFile.offsetsMillis(missing, 1))
        .hasMessageStartingWith(missing + ": cannot read");
  }

  @Test
  void atMostAMillionArrivals() throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i <= TraceFile.MAX_ARRIVALS; i++) {
      text.append(i).append('\n');
    }
    Path big = file(text.toString());

    assertThatThrownBy(() -> TraceFile.readMicros(big))
        .hasMessage(
            big
                + ":"
                + (TraceFile.MAX_ARRIVALS + 1)
                + ": more than 1000000 arrivals; replay a part of it");
  }
}
