package dev.ttftgap.stream;

import dev.ttftgap.fuzz.Mutator;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * Seeded random inputs for the parsers' fuzz tests: arbitrary text (any characters, control and
 * surrogate ones too, JSON-ish ones often) and real payloads of every API mutated ({@link
 * Mutator}). The same seed gives the same cases on every run, so a failure names a case that can be
 * replayed.
 */
public final class FuzzInputs {
  /**
   * Cases per fuzz test: 400 by default, enough to reach every grammar's branches and few enough to
   * keep the suite fast; a longer run by command: {@code mvn test -Dtest='*Fuzz*,GatlingSseEvent*'
   * -Dfuzz.cases=100000}.
   */
  public static final int CASES = Integer.getInteger("fuzz.cases", 400);

  public static final long SEED = 25;

  private static final String JSONISH = "{}[]\":,0123456789.-e truefalsnul\\\n";

  /** Every data payload of every sample stream, with its API and event name. */
  public static final List<SseEvent> PAYLOADS =
      SampleStreams.ALL.stream()
          .flatMap(
              sample ->
                  new SseDecoder().feed(sample.body().getBytes(StandardCharsets.UTF_8)).stream())
          .toList();

  private FuzzInputs() {}

  /** {@link #CASES} argument sets made by {@code make} from one seeded generator. */
  public static Stream<Arguments> cases(Function<Random, Object[]> make) {
    Random random = new Random(SEED);
    return IntStream.range(0, CASES).mapToObj(i -> Arguments.of(make.apply(random)));
  }

  /** Any characters, or JSON-ish ones, up to {@code maxLength}. */
  public static String anyText(Random random, int maxLength) {
    int length = random.nextInt(maxLength + 1);
    StringBuilder text = new StringBuilder(length);
    boolean jsonish = random.nextBoolean();
    for (int i = 0; i < length; i++) {
      text.append(
          jsonish
              ? JSONISH.charAt(random.nextInt(JSONISH.length()))
              : (char) random.nextInt(0x10000));
    }
    return text.toString();
  }

  /** A real payload with one to four {@link Mutator} mutations. */
  public static String mutatedPayload(Random random) {
    return new Mutator(random).mutate(PAYLOADS.get(random.nextInt(PAYLOADS.size())).data());
  }

  /** Arbitrary text or a mutated real payload, half and half. */
  public static String payload(Random random) {
    return random.nextBoolean() ? anyText(random, 120) : mutatedPayload(random);
  }

  /** An event name of the samples, {@code error}, arbitrary text, or none (null). */
  public static String eventName(Random random) {
    return switch (random.nextInt(5)) {
      case 0 -> null;
      case 1 -> "error";
      case 2 -> anyText(random, 20);
      default -> {
        String name = PAYLOADS.get(random.nextInt(PAYLOADS.size())).event();
        yield name == null ? "message" : name;
      }
    };
  }

  /** One of the APIs. */
  public static Api api(Random random) {
    return Api.values()[random.nextInt(Api.values().length)];
  }

  /** Lines of SSE-like text, with {@code error:} lines among them, and every kind of line end. */
  public static String body(Random random) {
    String[] lines = {
      "error: {\"message\":\"x\"}", "error:", "data: [DONE]", "errorx", ": error: no"
    };
    String[] ends = {"\n", "\r", "\r\n", ""};
    StringBuilder body = new StringBuilder();
    for (int i = random.nextInt(7); i > 0; i--) {
      body.append(random.nextBoolean() ? anyText(random, 40) : lines[random.nextInt(lines.length)]);
      body.append(ends[random.nextInt(ends.length)]);
    }
    return body.toString();
  }
}
