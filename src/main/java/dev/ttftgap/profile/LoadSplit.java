package dev.ttftgap.profile;

import java.util.ArrayList;
import java.util.List;

/**
 * The I-th of N parts of one run's load, such that the N parts together offer exactly what one
 * injector running the whole profile would.
 *
 * <p>Algorithm overview:
 *
 * <ul>
 *   <li><b>Open, uniform arrivals</b>: every injector schedules the whole profile's arrivals (the
 *       same injection steps, so the same instants from the common start) and sends only every
 *       N-th: the arrival of user {@code k} (1-based, in schedule order) is part {@code ((k − 1)
 *       mod N) + 1}'s. Each part then offers rate/N, its arrivals shifted by {@code (I − 1)/N} of
 *       its own interval N/rate, and the union of the parts is evenly spaced at the full rate,
 *       ramps and warm-up included. The other users end at once without a request (they cost
 *       microseconds).
 *   <li><b>Open, Poisson arrivals</b>: each part runs its own Poisson process at rate/N; the union
 *       of N independent Poisson processes of rate r/N is a Poisson process of rate r (taking every
 *       N-th arrival of a Poisson process would instead give Erlang-N gaps).
 *   <li><b>Trace replay</b>: arrival i of the trace goes to part {@code (i mod N) + 1} ({@link
 *       #traceArrivalsMillis}); the warm-up before it is split as above.
 *   <li><b>Closed</b>: each level of u users becomes {@code floor(u/N)} users, one more on the
 *       first {@code u mod N} injectors; the parts' users add up to u.
 * </ul>
 *
 * <p>Assumptions: the injectors start together ({@code run.startAt}) and Gatling numbers users in
 * the order of its schedule (the project's injection-lag probe relies on the same). Parameters:
 * none besides I and N. A search ({@code "model": "search"}) cannot be split: it adapts to its own
 * results, so N independent searches would drift apart. A closed level below N users leaves some
 * injectors without users at that level (Gatling accepts 0 concurrent users); a profile whose
 * highest level is below N, which would leave an injector with no user at all, is refused.
 *
 * <p>Worked example: 2 parts of uniform 6 rps. Part 1 sends users 1, 3, 5… (at 0, 333, 667 ms…),
 * part 2 users 2, 4, 6… (at 167, 500, 833 ms…): each 3 rps, together every 167 ms.
 *
 * @param injector 1-based index of this part
 * @param count number of parts, ≥ 1
 * @param poisson whether the open model's arrivals are Poisson
 * @param open whether the load is open (rates) rather than closed (users)
 */
public record LoadSplit(int injector, int count, boolean open, boolean poisson) {

  public LoadSplit {
    if (count < 1 || injector < 1 || injector > count) {
      throw new IllegalArgumentException("part " + injector + " of " + count);
    }
  }

  /** The whole load on one injector. */
  public static LoadSplit whole(Load load) {
    return of(load, 1, 1);
  }

  /**
   * Part {@code injector} of {@code count} of {@code load}.
   *
   * @throws IllegalArgumentException with one line when the load cannot be split
   */
  public static LoadSplit of(Load load, int injector, int count) {
    String part = "injector " + injector + "/" + count;
    if (count > 1 && load.search().isPresent()) {
      throw new IllegalArgumentException(
          part
              + ": a search (\"model\": \"search\") cannot be split: it chooses its next rate from"
              + " its own results, so "
              + count
              + " independent searches would drift apart; run the search on one injector, or"
              + " split a profile of fixed steps");
    }
    if (count > 1 && load.autoStairs().isPresent()) {
      throw new IllegalArgumentException(
          part
              + ": auto stairs (\"steps\": \"auto\") cannot be split: each injector would size"
              + " its stairs from its own burst; run them on one injector, or split a profile of"
              + " fixed steps");
    }
    if (count > 1 && !load.open()) {
      double highest = load.steps().stream().mapToDouble(Double::doubleValue).max().orElse(0);
      if (highest < count) {
        throw new IllegalArgumentException(
            part
                + ": the profile's highest level, "
                + StepSchedule.formatLevel(highest)
                + " users, leaves some of the "
                + count
                + " injectors without any user; use at most "
                + (int) highest
                + " injectors, or raise the profile's levels");
      }
    }
    boolean poisson = load.arrivals().orElse(Load.Arrivals.UNIFORM) == Load.Arrivals.POISSON;
    return new LoadSplit(injector, count, load.open(), poisson);
  }

  /** True when this is one of several parts. */
  public boolean split() {
    return count > 1;
  }

  /**
   * The injection steps this part runs: the whole schedule's for uniform arrivals (it keeps every
   * N-th user, {@link #sends}), rates divided by N for Poisson, users shared for closed.
   */
  public List<InjectionStep> injectionSteps(List<InjectionStep> whole) {
    if (!split() || (open && !poisson)) {
      return whole;
    }
    return whole.stream()
        .map(
            step ->
                open
                    ? new InjectionStep(
                        step.kind(), step.from() / count, step.to() / count, step.durationSeconds())
                    : new InjectionStep(
                        step.kind(),
                        users((int) step.from()),
                        users((int) step.to()),
                        step.durationSeconds()))
        .toList();
  }

  /** Whether Gatling's user {@code userId} (1-based, in schedule order) sends from this part. */
  public boolean sends(long userId) {
    if (!split() || !open || poisson) {
      return true;
    }
    return Math.floorMod(userId - 1, count) == injector - 1;
  }

  /**
   * This part's arrivals of a trace replay ({@link StepSchedule#traceArrivalsMillis()}): arrival
   * {@code i} (0-based, in time order) is part {@code (i mod N) + 1}'s, so the parts' union is the
   * trace, each part's arrivals spread over all of it. Uniform or Poisson does not matter: the
   * trace gives the instants (they apply to the warm-up only).
   */
  public List<Long> traceArrivalsMillis(List<Long> whole) {
    if (!split()) {
      return whole;
    }
    List<Long> part = new ArrayList<>((whole.size() + count - 1) / count);
    for (int i = injector - 1; i < whole.size(); i += count) {
      part.add(whole.get(i));
    }
    return part;
  }

  /** This part's share of an open level, requests/s: rate / N. */
  public double rate(double wholeRate) {
    return wholeRate / count;
  }

  /** This part's share of a closed level: floor(u/N), one more on the first u mod N parts. */
  public int users(int wholeUsers) {
    return wholeUsers / count + (injector <= wholeUsers % count ? 1 : 0);
  }

  /**
   * The run-wide index of this part's {@code local}-th request (0-based): {@code local × N + I −
   * 1}, so that the parts' seeded prompts never coincide (and one injector keeps its indices).
   */
  public long requestIndex(long local) {
    return local * count + injector - 1;
  }
}
