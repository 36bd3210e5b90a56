package dev.ttftgap.record;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a {@code records.jsonl} file written by {@link RecordWriter}.
 *
 * <p>Each non-blank line must be one {@link RequestRecord} with {@code outcome} {@code "ok"} or
 * {@code "ko"} and, when present, a known {@link FailureReason} code and a known {@link
 * RequestPhase} code; otherwise an {@link IllegalArgumentException} names {@code file:line} and
 * what is wrong. One exception: an unreadable <em>last</em> line without a final newline is what an
 * interrupted write leaves, so it is skipped with a warning (counted in {@link
 * Result#truncatedLinesSkipped()}). Unknown fields are ignored, so files from newer versions still
 * read.
 */
public final class RecordReader {
  private static final Logger LOG = LoggerFactory.getLogger(RecordReader.class);

  /**
   * All records of a file, and how many truncated last lines were skipped (0 or 1).
   *
   * @param records the records in file order
   * @param truncatedLinesSkipped 1 when the last line was cut by an interrupted write, else 0
   */
  public record Result(List<RequestRecord> records, int truncatedLinesSkipped) {}

  private RecordReader() {}

  /** All records of {@code file}, in file order. */
  public static List<RequestRecord> read(Path file) {
    return readAll(file).records();
  }

  /** All records of {@code file} and the count of skipped truncated lines. */
  public static Result readAll(Path file) {
    try (Lines lines = new Lines(file)) {
      List<RequestRecord> records = new ArrayList<>();
      while (lines.hasNext()) {
        records.add(lines.next());
      }
      return new Result(List.copyOf(records), lines.truncated);
    }
  }

  /**
   * The records of {@code file}, read lazily; close the stream (try-with-resources) to close the
   * file. A skipped truncated last line is logged.
   */
  public static Stream<RequestRecord> stream(Path file) {
    Lines lines = new Lines(file);
    return StreamSupport.stream(
            Spliterators.spliteratorUnknownSize(lines, Spliterator.ORDERED | Spliterator.NONNULL),
            false)
        .onClose(lines::close);
  }

  /** Parses one line; {@code where} is {@code file:line} for the error message. */
  static RequestRecord parse(String line, String where) {
    RequestRecord record;
    try {
      record = RecordJson.MAPPER.readValue(line, RequestRecord.class);
    } catch (ValueInstantiationException e) {
      // a code's @JsonCreator refused the value: its message names the field and the fix
      throw new IllegalArgumentException(
          oneLine(
              where
                  + ": "
                  + (e.getCause() instanceof IllegalArgumentException unknownCode
                      ? unknownCode.getMessage()
                      : "not a request record (" + firstLine(e.getOriginalMessage()) + ")")),
          e);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          oneLine(where + ": not a request record (" + firstLine(e.getOriginalMessage()) + ")"), e);
    }
    if (record == null) {
      throw new IllegalArgumentException(where + ": null is not a request record");
    }
    if (record.result().outcome() == null) {
      throw new IllegalArgumentException(where + ": " + Outcome.mismatch(null));
    }
    return record;
  }

  /** A value quoted in a message may hold a line break ("st\nep"): control characters show as ?. */
  private static String oneLine(String message) {
    return message.replaceAll("\\p{Cntrl}", "?");
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "unreadable JSON";
    }
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }

  /** Parsed records of a file, one line of look-ahead to know which line is the last. */
  private static final class Lines implements Iterator<RequestRecord>, AutoCloseable {
    private final Path file;
    private final BufferedReader reader;
    private final boolean endsWithNewline;
    private String pending;
    private int pendingNumber;
    private int lineNumber;
    private RequestRecord next;
    private final RecordCanon canon = new RecordCanon();
    int truncated;

    Lines(Path file) {
      this.file = file;
      try {
        this.endsWithNewline = endsWithNewline(file);
        // replaces bad bytes instead of failing, so a write cut inside a character reads as a
        // truncated line rather than an I/O error
        this.reader =
            new BufferedReader(
                new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new UncheckedIOException("records file " + file + ": cannot read it (" + e + ")", e);
      }
      pending = readLine();
      pendingNumber = lineNumber;
    }

    @Override
    public boolean hasNext() {
      while (next == null && pending != null) {
        String line = pending;
        int number = pendingNumber;
        pending = readLine();
        pendingNumber = lineNumber;
        if (line.isBlank()) {
          continue;
        }
        try {
          next = canon.of(parse(line, file + ":" + number));
        } catch (IllegalArgumentException e) {
          if (pending != null || endsWithNewline) {
            throw e;
          }
          truncated++;
          LOG.warn("{}:{}: skipped a truncated last line (interrupted write)", file, number);
        }
      }
      return next != null;
    }

    @Override
    public RequestRecord next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      RequestRecord record = next;
      next = null;
      return record;
    }

    private String readLine() {
      try {
        String line = reader.readLine();
        if (line != null) {
          lineNumber++;
        }
        return line;
      } catch (IOException e) {
        throw new UncheckedIOException(
            "records file " + file + ": read failed after line " + lineNumber + " (" + e + ")", e);
      }
    }

    private static boolean endsWithNewline(Path file) throws IOException {
      try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
        long size = channel.size();
        if (size == 0) {
          return true;
        }
        ByteBuffer last = ByteBuffer.allocate(1);
        channel.read(last, size - 1);
        return last.get(0) == '\n';
      }
    }

    @Override
    public void close() {
      try {
        reader.close();
      } catch (IOException e) {
        throw new UncheckedIOException("records file " + file + ": close failed (" + e + ")", e);
      }
    }
  }
}
