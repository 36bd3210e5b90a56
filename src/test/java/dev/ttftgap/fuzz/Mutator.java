package dev.ttftgap.fuzz;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Mutations of valid inputs, on bytes: a byte flipped or replaced, a cut, a deleted range, two
 * inputs spliced, an interesting token inserted (quotes, braces, {@code data:}, line ends, huge
 * numbers, NaN, unicode, NULs, a lone surrogate's escape), a range repeated (deep nesting, long
 * lines). One to four mutations per input; at most {@link #MAX_BYTES} bytes, so no input exhausts
 * the memory of the test JVM.
 */
public final class Mutator {
  /** The largest input made. */
  public static final int MAX_BYTES = 64 * 1024;

  private static final List<byte[]> TOKENS =
      List.of(
              "\"",
              "'",
              "{",
              "}",
              "[",
              "]",
              ":",
              ",",
              "=",
              "#",
              "\\",
              "\\\"",
              "\\n",
              "\\u0000",
              "\\ud800",
              "data:",
              "data: [DONE]",
              "event: error",
              "error:",
              ": ping",
              "\r\n",
              "\n",
              "\r",
              "\n\n",
              "\u0000",
              "\u00e9",
              "\u4e2d",
              "\ud83c\udf0d",
              "\u2028",
              "\ufeff",
              "null",
              "true",
              "false",
              "NaN",
              "Infinity",
              "+Inf",
              "-Inf",
              "-0",
              "0",
              "-1",
              "99999999999999999999",
              "1e999999999",
              "-1e-999999999",
              "1E+2147483647",
              "0.000001",
              "9223372036854775807",
              "-9223372036854775808",
              "2026-12-02T06:00:00.250Z",
              "+999999999-12-31T23:59:59Z",
              "{\"a\":",
              "[[[[",
              "le=\"",
              "\"ok\"",
              "\"ko\"")
          .stream()
          .map(token -> token.getBytes(StandardCharsets.UTF_8))
          .toList();

  private final Random random;

  /** A mutator whose choices all come from {@code random}. */
  public Mutator(Random random) {
    this.random = random;
  }

  /** A mutant of one of {@code pool}'s inputs (one to four mutations; {@code pool} non-empty). */
  public byte[] mutate(List<byte[]> pool) {
    byte[] input = pick(pool);
    for (int n = 1 + random.nextInt(4); n > 0; n--) {
      input = once(input, pool);
      if (input.length > MAX_BYTES) {
        input = Arrays.copyOf(input, MAX_BYTES);
      }
    }
    return input;
  }

  /** {@code text} with one to four mutations, decoded back (bad bytes become U+FFFD). */
  public String mutate(String text) {
    return new String(
        mutate(List.of(text.getBytes(StandardCharsets.UTF_8))), StandardCharsets.UTF_8);
  }

  private byte[] once(byte[] in, List<byte[]> pool) {
    int at = random.nextInt(in.length + 1);
    int to = Math.min(in.length, at + 1 + random.nextInt(16));
    return switch (random.nextInt(8)) {
      case 0 -> flip(in, at);
      case 1 -> Arrays.copyOf(in, at);
      case 2 -> join(slice(in, 0, at), slice(in, to, in.length));
      case 3 -> {
        byte[] other = pick(pool);
        yield join(slice(in, 0, at), slice(other, random.nextInt(other.length + 1), other.length));
      }
      case 4 ->
          join(
              slice(in, 0, at),
              TOKENS.get(random.nextInt(TOKENS.size())),
              slice(in, at, in.length));
      case 5 -> join(slice(in, 0, at), repeat(slice(in, at, to)), slice(in, at, in.length));
      case 6 ->
          join(slice(in, 0, at), new byte[] {(byte) random.nextInt(256)}, slice(in, to, in.length));
      default ->
          join(
              slice(in, 0, at),
              TOKENS.get(random.nextInt(TOKENS.size())),
              slice(in, to, in.length));
    };
  }

  private byte[] flip(byte[] in, int at) {
    if (in.length == 0) {
      return in;
    }
    byte[] out = in.clone();
    out[Math.min(at, in.length - 1)] ^= (byte) (1 << random.nextInt(8));
    return out;
  }

  /** The piece 2 to 2000 times: rarely many, so nesting limits and long lines are reached. */
  private byte[] repeat(byte[] piece) {
    int times = random.nextInt(10) == 0 ? 100 + random.nextInt(1900) : 2 + random.nextInt(8);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < times && out.size() < MAX_BYTES; i++) {
      out.writeBytes(piece);
    }
    return out.toByteArray();
  }

  private byte[] pick(List<byte[]> pool) {
    return pool.get(random.nextInt(pool.size()));
  }

  private static byte[] slice(byte[] in, int from, int to) {
    return Arrays.copyOfRange(in, from, Math.max(from, to));
  }

  private static byte[] join(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }
}
