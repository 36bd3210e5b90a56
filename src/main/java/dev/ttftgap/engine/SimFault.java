package dev.ttftgap.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * Faults one request asks for (header {@code X-Sim-Fault} and/or body field {@code "sim_fault"}) or
 * a profile injects.
 *
 * <p>Syntax: one or more items separated by commas, e.g. {@code stall-after:3:800,no-done}. N
 * counts content tokens already written (0 = before the first content token):
 *
 * <ul>
 *   <li>{@code error-after:N} — after N tokens, one {@code data: {"error":{...}}} event, then the
 *       response ends (clean chunked end) without a finish chunk or {@code [DONE]};
 *   <li>{@code error-line-after:N} — after N tokens, llama.cpp's mid-stream failure: one SSE line
 *       {@code error: {"code":500,"message":...,"type":"server_error"}} (the field is {@code
 *       error}, not {@code data}), a blank line, then {@code data: [DONE]} and the clean end of the
 *       response, the same bytes for every API;
 *   <li>{@code drop-after:N} — after N tokens, the connection is closed abruptly (no terminating
 *       chunk);
 *   <li>{@code stall-after:N:T} — after N tokens, T ms pass before the next token is written
 *       (tokens produced meanwhile follow at once); {@code stall:T} = {@code stall-after:0:T};
 *   <li>{@code malformed-after:N} — after N tokens, one {@code data:} line that is not JSON, then
 *       the stream goes on normally;
 *   <li>{@code status:CODE} — the request is answered with HTTP CODE (400–599) and an OpenAI error
 *       body before any streaming, e.g. {@code status:500};
 *   <li>{@code no-done} — the stream ends normally but without {@code data: [DONE]}, and the
 *       connection closes after it (an SSE client would otherwise re-send on the kept connection).
 * </ul>
 *
 * @param errorAfterTokens N of {@code error-after}, or null
 * @param dropAfterTokens N of {@code drop-after}, or null
 * @param stallAfterTokens N of {@code stall-after}, or null
 * @param stallMillis T of {@code stall-after}, or null
 * @param malformedAfterTokens N of {@code malformed-after}, or null
 * @param status CODE of {@code status}, or null
 * @param noDone whether {@code no-done} was given
 * @param errorLineAfterTokens N of {@code error-line-after}, or null
 */
record SimFault(
    Integer errorAfterTokens,
    Integer dropAfterTokens,
    Integer stallAfterTokens,
    Integer stallMillis,
    Integer malformedAfterTokens,
    Integer status,
    boolean noDone,
    Integer errorLineAfterTokens) {

  /** No fault. */
  public static final SimFault NONE = new SimFault(null, null, null, null, null, null, false, null);

  private static final String SYNTAX =
      "error-after:N, error-line-after:N, drop-after:N, stall:T, stall-after:N:T, malformed-after:N, status:CODE,"
          + " no-done (comma-separated)";

  /**
   * Parses a fault spec; null or blank gives {@link #NONE}.
   *
   * @throws IllegalArgumentException naming the bad item and the accepted syntax
   */
  public static SimFault parse(String spec) {
    SimFault fault = NONE;
    if (spec == null || spec.isBlank()) {
      return fault;
    }
    for (String raw : spec.split(",")) {
      String item = raw.trim();
      String[] parts = item.split(":", -1);
      try {
        fault =
            switch (parts[0]) {
              case "error-after" -> fault.with(0, count(parts, item));
              case "error-line-after" -> fault.with(6, count(parts, item));
              case "drop-after" -> fault.with(1, count(parts, item));
              case "stall" -> fault.withStall(0, millis(parts, 1, 2, item));
              case "stall-after" -> fault.withStall(count3(parts, item), millis(parts, 2, 3, item));
              case "malformed-after" -> fault.with(4, count(parts, item));
              case "status" -> fault.with(5, status(parts, item));
              case "no-done" -> {
                expectParts(parts, 1, item);
                yield new SimFault(
                    fault.errorAfterTokens,
                    fault.dropAfterTokens,
                    fault.stallAfterTokens,
                    fault.stallMillis,
                    fault.malformedAfterTokens,
                    fault.status,
                    true,
                    fault.errorLineAfterTokens);
              }
              default -> throw bad(item);
            };
      } catch (NumberFormatException e) {
        throw bad(item);
      }
    }
    return fault;
  }

  /** Whether any fault is set. */
  public boolean any() {
    return !equals(NONE);
  }

  /** This fault with every item of {@code other} added (other wins on the same kind). */
  public SimFault merge(SimFault other) {
    return new SimFault(
        other.errorAfterTokens != null ? other.errorAfterTokens : errorAfterTokens,
        other.dropAfterTokens != null ? other.dropAfterTokens : dropAfterTokens,
        other.stallAfterTokens != null ? other.stallAfterTokens : stallAfterTokens,
        other.stallMillis != null ? other.stallMillis : stallMillis,
        other.malformedAfterTokens != null ? other.malformedAfterTokens : malformedAfterTokens,
        other.status != null ? other.status : status,
        noDone || other.noDone,
        other.errorLineAfterTokens != null ? other.errorLineAfterTokens : errorLineAfterTokens);
  }

  /** Canonical spec, e.g. {@code "error-after:3,no-done"}; empty for {@link #NONE}. */
  @Override
  public String toString() {
    List<String> items = new ArrayList<>();
    if (errorAfterTokens != null) {
      items.add("error-after:" + errorAfterTokens);
    }
    if (errorLineAfterTokens != null) {
      items.add("error-line-after:" + errorLineAfterTokens);
    }
    if (dropAfterTokens != null) {
      items.add("drop-after:" + dropAfterTokens);
    }
    if (stallAfterTokens != null) {
      items.add("stall-after:" + stallAfterTokens + ":" + stallMillis);
    }
    if (malformedAfterTokens != null) {
      items.add("malformed-after:" + malformedAfterTokens);
    }
    if (status != null) {
      items.add("status:" + status);
    }
    if (noDone) {
      items.add("no-done");
    }
    return String.join(",", items);
  }

  private SimFault with(int kind, int value) {
    return new SimFault(
        kind == 0 ? Integer.valueOf(value) : errorAfterTokens,
        kind == 1 ? Integer.valueOf(value) : dropAfterTokens,
        stallAfterTokens,
        stallMillis,
        kind == 4 ? Integer.valueOf(value) : malformedAfterTokens,
        kind == 5 ? Integer.valueOf(value) : status,
        noDone,
        kind == 6 ? Integer.valueOf(value) : errorLineAfterTokens);
  }

  private SimFault withStall(int afterTokens, int millis) {
    return new SimFault(
        errorAfterTokens,
        dropAfterTokens,
        afterTokens,
        millis,
        malformedAfterTokens,
        status,
        noDone,
        errorLineAfterTokens);
  }

  private static int count(String[] parts, String item) {
    expectParts(parts, 2, item);
    return nonNegative(parts[1], item);
  }

  private static int count3(String[] parts, String item) {
    expectParts(parts, 3, item);
    return nonNegative(parts[1], item);
  }

  private static int millis(String[] parts, int index, int expected, String item) {
    expectParts(parts, expected, item);
    return nonNegative(parts[index], item);
  }

  private static int status(String[] parts, String item) {
    expectParts(parts, 2, item);
    int code = Integer.parseInt(parts[1].trim());
    if (code < 400 || code > 599) {
      throw bad(item);
    }
    return code;
  }

  private static int nonNegative(String text, String item) {
    int value = Integer.parseInt(text.trim());
    if (value < 0) {
      throw bad(item);
    }
    return value;
  }

  private static void expectParts(String[] parts, int expected, String item) {
    if (parts.length != expected) {
      throw bad(item);
    }
  }

  private static IllegalArgumentException bad(String item) {
    return new IllegalArgumentException(
        "sim_fault: cannot parse '" + item + "'; expected " + SYNTAX);
  }
}
