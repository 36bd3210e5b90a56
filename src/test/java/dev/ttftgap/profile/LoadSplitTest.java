package dev.ttftgap.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LoadSplitTest {
  private static Load load(String profile) {
    return LoadProfiles.load(profile, Path.of("simulations")).load();
  }

  private static List<LoadSplit> parts(Load load, int count) {
    return IntStream.rangeClosed(1, count).mapToObj(i -> LoadSplit.of(load, i, count)).toList();
  }

  @ParameterizedTest(name = "{0} injectors")
  @ValueSource(ints = {1, 2, 3, 7})
  void uniformArrivalsGoRoundRobinSoThePartsTogetherSendEveryArrivalOnce(int count) {
    Load load = load("rising-rate");
    List<LoadSplit> parts = parts(load, count);
    List<InjectionStep> whole = StepSchedule.of(load).injectionSteps();

    for (LoadSplit part : parts) {
      assertThat(part.injectionSteps(whole))
          .as("part %d/%d schedules the whole profile's arrivals", part.injector(), count)
          .isEqualTo(whole);
    }
    for (long user = 1; user <= 1_000; user++) {
      long userId = user;
      List<Integer> senders =
          parts.stream().filter(p -> p.sends(userId)).map(LoadSplit::injector).toList();
      assertThat(senders)
          .as("user %d is sent by exactly one part, the ((k - 1) mod N) + 1-th", user)
          .containsExactly((int) ((user - 1) % count) + 1);
    }
  }

  @Test
  void theWorkedExampleOfTheClassComment() {
    LoadSplit second = LoadSplit.of(load("rising-rate"), 2, 2);

    assertThat(userIds(1, 6).filter(second::sends).toArray())
        .as("part 2 of 2 sends users 2, 4, 6")
        .containsExactly(2, 4, 6);
    assertThat(second.rate(6)).as("its share of 6 rps").isEqualTo(3.0);
  }

  @Test
  void poissonPartsEachRunTheirOwnProcessAtRateOverN() {
    Load load = load("rising-rate-poisson");
    List<InjectionStep> whole = StepSchedule.of(load).injectionSteps();

    for (LoadSplit part : parts(load, 4)) {
      List<InjectionStep> steps = part.injectionSteps(whole);
      assertThat(steps).as("one step of the part per step of the whole").hasSameSizeAs(whole);
      for (int i = 0; i < whole.size(); i++) {
        assertThat(steps.get(i).from())
            .as("step %d: a quarter of the rate", i)
            .isEqualTo(whole.get(i).from() / 4);
        assertThat(steps.get(i).kind()).as("still randomized").isEqualTo(whole.get(i).kind());
      }
      assertThat(part.sends(2)).as("a Poisson part sends every user it schedules").isTrue();
    }
  }

  @Test
  void closedPartsShareEachLevelsUsersWithTheRemainderOnTheFirstInjectors() {
    Load load = load("closed-concurrency");
    List<InjectionStep> whole = StepSchedule.of(load).injectionSteps();
    List<LoadSplit> parts = parts(load, 3);

    for (int i = 0; i < whole.size(); i++) {
      int step = i;
      int sum = parts.stream().mapToInt(p -> (int) p.injectionSteps(whole).get(step).from()).sum();
      assertThat(sum)
          .as("step %d: the parts' users add up", i)
          .isEqualTo((int) whole.get(i).from());
    }
    assertThat(parts.stream().map(p -> p.users(8)).toList())
        .as("8 users over 3 injectors")
        .containsExactly(3, 3, 2);
    assertThat(parts.stream().map(p -> p.users(1)).toList())
        .as("the 1-user warm-up runs on the first injector only")
        .containsExactly(1, 0, 0);
  }

  @Test
  void thePartsRequestIndicesNeverCoincideSoTheirPromptsDiffer() {
    Load load = load("rising-rate");
    Set<Long> seen = new HashSet<>();
    for (LoadSplit part : parts(load, 3)) {
      for (long local = 0; local < 100; local++) {
        assertThat(seen.add(part.requestIndex(local)))
            .as("index of request %d of part %d is new", local, part.injector())
            .isTrue();
      }
    }
    assertThat(LoadSplit.whole(load).requestIndex(41))
        .as("one injector keeps its indices (and prompts)")
        .isEqualTo(41);
  }

  @Test
  void aSearchCannotBeSplit() {
    assertThatThrownBy(() -> LoadSplit.of(load("find-max-rate"), 1, 2))
        .as("N searches would drift apart")
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("injector 1/2: a search (\"model\": \"search\") cannot be split")
        .hasMessageNotContaining("\n");
    assertThat(LoadSplit.of(load("find-max-rate"), 1, 1).split())
        .as("on one injector the search runs as before")
        .isFalse();
  }

  @Test
  void aClosedProfileWhoseHighestLevelIsBelowNIsRefused() {
    assertThatThrownBy(() -> LoadSplit.of(load("closed-concurrency"), 1, 40))
        .as("32 users at most over 40 injectors")
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "injector 1/40: the profile's highest level, 32 users, leaves some of the 40"
                + " injectors without any user; use at most 32 injectors, or raise the profile's"
                + " levels");
  }

  private static java.util.stream.LongStream userIds(long from, long to) {
    return java.util.stream.LongStream.rangeClosed(from, to);
  }
}
