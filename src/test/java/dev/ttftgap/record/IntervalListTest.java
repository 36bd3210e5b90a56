package dev.ttftgap.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class IntervalListTest {
  @Test
  void keepsEveryValueWhateverItsWidth() {
    for (List<Long> values :
        List.of(
            List.of(0L, 12L, 255L),
            List.of(11L, 256L, 65_535L),
            List.of(3L, 65_536L, 7_200_000_000L),
            List.<Long>of())) {
      List<Long> compact = IntervalList.of(values);
      assertThat(compact).isInstanceOf(IntervalList.class).isEqualTo(values);
      assertThat(compact.hashCode()).isEqualTo(values.hashCode());
    }
  }

  @Test
  void keepsNullsAndNegativesAsTheyAreAndNullStaysNull() {
    List<Long> odd = Arrays.asList(5L, null, -1L);
    assertThat(IntervalList.of(odd)).isEqualTo(odd).isNotInstanceOf(IntervalList.class);
    assertThat(IntervalList.of(null)).isNull();
  }

  @Test
  void isImmutableAndBoundsChecked() {
    List<Long> compact = IntervalList.of(List.of(1L, 2L));
    assertThatThrownBy(() -> compact.add(3L)).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> compact.get(2)).hasMessageContaining("index 2 of 2");
  }

  @Test
  void aRecordReadBackHoldsItsIntervalsCompactly() {
    Timings timings = Timings.builder().itlMillis(List.of(30L, 0L, 30L)).build();
    assertThat(timings.itlMillis()).isInstanceOf(IntervalList.class).containsExactly(30L, 0L, 30L);
  }
}
