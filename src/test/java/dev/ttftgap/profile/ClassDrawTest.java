package dev.ttftgap.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Optional;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class ClassDrawTest {
  private static final RequestShape SHAPE =
      RequestShapes.single(
          Optional.empty(), Optional.of("Hi"), Optional.empty(), true, false, Optional.empty());

  private static List<RequestClass> classes(double... shares) {
    return java.util.stream.IntStream.range(0, shares.length)
        .mapToObj(i -> new RequestClass("c" + i, shares[i], SHAPE, Optional.empty()))
        .toList();
  }

  @Test
  void tenThousandDrawsFollowTheShares() {
    ClassDraw draw = ClassDraw.of(classes(0.8, 0.15, 0.05), 42);
    int[] counts = new int[3];
    for (long i = 0; i < 10_000; i++) {
      counts[draw.classOf(i)]++;
    }

    assertThat(counts[0] / 10_000.0).isCloseTo(0.8, within(0.02));
    assertThat(counts[1] / 10_000.0).isCloseTo(0.15, within(0.02));
    assertThat(counts[2] / 10_000.0).isCloseTo(0.05, within(0.02));
  }

  @Test
  void theSameSeedGivesTheSameSequenceWhateverTheOrderOfCalls() {
    List<RequestClass> mix = classes(0.5, 0.3, 0.2);
    List<Integer> forward =
        LongStream.range(0, 500).mapToObj(i -> ClassDraw.of(mix, 7).classOf(i)).toList();
    ClassDraw reused = ClassDraw.of(mix, 7);
    Integer[] backward = new Integer[500];
    for (int i = 499; i >= 0; i--) {
      backward[i] = reused.classOf(i);
    }

    assertThat(forward).containsExactly(backward);
    List<Integer> other =
        LongStream.range(0, 500).mapToObj(i -> ClassDraw.of(mix, 8).classOf(i)).toList();
    assertThat(other).as("another seed, another sequence").isNotEqualTo(forward);
  }

  @Test
  void aSingleClassTakesEveryArrivalAndTheLastTakesTheRemainder() {
    ClassDraw one = ClassDraw.of(classes(1), 1);
    assertThat(LongStream.range(0, 100).map(one::classOf).distinct().toArray()).containsExactly(0);

    ClassDraw uneven = ClassDraw.of(classes(0.3333, 0.3333, 0.3333), 3);
    assertThat(LongStream.range(0, 3_000).map(uneven::classOf).max().orElseThrow())
        .as("shares short of 1 still cover every draw")
        .isEqualTo(2);
    assertThat(uneven.classAt(5)).isEqualTo(uneven.classes().get(uneven.classOf(5)));
  }

  @Test
  void neighbouringIndicesAreNotCorrelated() {
    ClassDraw draw = ClassDraw.of(classes(0.5, 0.5), 0);
    int same = 0;
    for (long i = 0; i < 10_000; i++) {
      same += draw.classOf(i) == draw.classOf(i + 1) ? 1 : 0;
    }

    assertThat(same / 10_000.0).as("P(same class as the next) ≈ 0.5").isCloseTo(0.5, within(0.03));
  }
}
