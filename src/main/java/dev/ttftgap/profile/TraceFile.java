package dev.ttftgap.profile;

import java.io.BufferedReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * The arrivals of a trace file, one per line: seconds as a decimal number (epoch or relative: only
 * differences matter), an ISO-8601 instant ({@code 2026-12-02T06:00:00.250Z}), or a CSV line whose
 * first field is one of those (so a log export can be used as it is). Blank lines and lines
 * starting with {@code #} are skipped; a first CSV line whose first field is a word is taken as a
 * header and skipped too. The order is free: the arrivals are sorted.
 *
 * <p>A bad line fails with one line, {@code file:line: "noon" is not a time; ...}. At most {@link
 * #MAX_ARRIVALS} arrivals, and at least two at different times (a replay needs a length).
 */
final class TraceFile {
  static final int MAX_ARRIVALS = 1_000_000;
  private static final long MICROS_PER_SECOND = 1_000_000;
  private static final Pattern HEADER = Pattern.compile("\"?[A-Za-z_][A-Za-z0-9_ .-]*\"?");

  private TraceFile() {}

  /**
   * Every arrival's offset from the first one, ms of replay time ({@code (t − t0) / speedup}),
   * ascending.
   *
   * @throws ProfileException naming {@code file:line} for a bad line
   */
  static long[] offsetsMillis(Path file, double speedup) {
    long[] micros = readMicros(file);
    Arrays.sort(micros);
    long[] offsets = new long[micros.length];
    for (int i = 0; i < micros.length; i++) {
      offsets[i] = Math.round((micros[i] - micros[0]) / speedup / 1000.0);
    }
    if (offsets[offsets.length - 1] == 0) {
      throw new ProfileException(
          file + ": every arrival is at the same instant; a trace needs arrivals spread over time");
    }
    return offsets;
  }

  /** The arrivals as read, µs since the epoch (or since the file's own origin), unsorted. */
  static long[] readMicros(Path file) {
    long[] micros = new long[1024];
    int count = 0;
    boolean first = true;
    try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String text;
      int line = 0;
      while ((text = reader.readLine()) != null) {
        line++;
        String stripped = text.strip();
        if (stripped.isEmpty() || stripped.startsWith("#")) {
          continue;
        }
        String field = firstField(stripped);
        boolean header = first && stripped.contains(",") && HEADER.matcher(field).matches();
        first = false;
        if (header) {
          continue;
        }
        if (count == MAX_ARRIVALS) {
          throw new ProfileException(
              file + ":" + line + ": more than " + MAX_ARRIVALS + " arrivals; replay a part of it");
        }
        if (count == micros.length) {
          micros = Arrays.copyOf(micros, Math.min(MAX_ARRIVALS, count * 2));
        }
        micros[count++] = micros(file, line, field);
      }
    } catch (IOException e) {
      throw new ProfileException(file + ": cannot read: " + e.getMessage());
    }
    if (count < 2) {
      throw new ProfileException(
          file
              + ": "
              + count
              + " arrival(s); a trace needs at least two, one time per line (seconds or ISO-8601)");
    }
    return Arrays.copyOf(micros, count);
  }

  private static String firstField(String line) {
    int comma = line.indexOf(',');
    String field = (comma < 0 ? line : line.substring(0, comma)).strip();
    if (field.length() >= 2 && field.startsWith("\"") && field.endsWith("\"")) {
      field = field.substring(1, field.length() - 1).strip();
    }
    return field;
  }

  /** One time, µs: decimal seconds or an ISO-8601 instant. */
  private static long micros(Path file, int line, String field) {
    try {
      BigDecimal seconds = new BigDecimal(field);
      if ((long) seconds.precision() - seconds.scale() > 18 || seconds.scale() > 100) {
        // 1e999999999 would take setScale minutes to widen into digits; no arrival is that far
        throw new ArithmeticException("out of range");
      }
      return seconds.movePointRight(6).setScale(0, RoundingMode.HALF_UP).longValueExact();
    } catch (NumberFormatException | ArithmeticException notSeconds) {
      try {
        Instant instant = Instant.parse(field);
        return instant.getEpochSecond() * MICROS_PER_SECOND + instant.getNano() / 1000;
      } catch (DateTimeParseException notInstant) {
        String shown = field.length() > 40 ? field.substring(0, 40) + "…" : field;
        throw new ProfileException(
            file
                + ":"
                + line
                + ": \""
                + shown.replaceAll("\\p{Cntrl}", "?")
                + "\" is not a time; use seconds (like 1733120000.25 or 12.5) or an ISO-8601"
                + " instant (like 2026-12-02T06:00:00.250Z), optionally as a CSV line's first"
                + " field");
      }
    }
  }
}
