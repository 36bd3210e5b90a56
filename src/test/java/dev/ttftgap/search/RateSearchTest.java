package dev.ttftgap.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.CapacityAnalysis;
import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.ClassReport;
import dev.ttftgap.analysis.ClassSpec;
import dev.ttftgap.analysis.ClassesVerdict;
import dev.ttftgap.analysis.HeldRate;
import dev.ttftgap.analysis.Slo;
import dev.ttftgap.analysis.StepStats;
import dev.ttftgap.profile.Search;
import dev.ttftgap.profile.Warmup;
import dev.ttftgap.record.Outcome;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.TestRecords;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.function.LongFunction;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.Test;

class RateSearchTest {
  private static final long EPOCH = 1_767_225_600_000L;
  private static final CapacityOptions SLO =
      new CapacityOptions(
          Slo.of(3000, 2500, 1), Optional.empty(), Optional.empty(), Optional.empty());

  /**
   * Drives a search against a simulated c-server FIFO queue (service {@code serviceMillis}, gap =
   * 30 ms + wait), in virtual time: a comb of candidates, the records of ended requests, a tick
   * every 100 ms. Returns every record written.
   */
  private static List<RequestRecord> drive(
      RateSearch search, Search config, int servers, long serviceMillis) {
    return drive(search, config, servers, serviceMillis, user -> null, name -> 0L);
  }

  /**
   * As {@link #drive(RateSearch, Search, int, long)}, each request drawn to the class {@code
   * classOf} names (null: none), whose prefill {@code prefillOf} adds to its TTFT and service.
   */
  private static List<RequestRecord> drive(
      RateSearch search,
      Search config,
      int servers,
      long serviceMillis,
      LongFunction<String> classOf,
      ToLongFunction<String> prefillOf) {
    double comb = RateSearch.combRate(config, Optional.empty());
    PriorityQueue<Double> freeAt = new PriorityQueue<>(Collections.nCopies(servers, 0.0));
    PriorityQueue<RequestRecord> ending =
        new PriorityQueue<>(
            (a, b) ->
                Long.compare(
                    a.timings().startEpochMillis() + a.timings().e2eMillis(),
                    b.timings().startEpochMillis() + b.timings().e2eMillis()));
    List<RequestRecord> written = new ArrayList<>();
    long bound = config.maxDurationSeconds() * 1000L + 120_000;
    double interval = 1000 / comb;
    long nextTick = 100;
    long user = 0;
    for (double t = 0; t < bound && !search.finished(); t += interval) {
      while (!ending.isEmpty()
          && ending.peek().timings().startEpochMillis()
                  + ending.peek().timings().e2eMillis()
                  - EPOCH
              <= t) {
        RequestRecord done = ending.poll();
        written.add(done);
        search.onRecord(done);
      }
      while (nextTick <= t) {
        search.tick(nextTick);
        nextTick += 100;
      }
      Phase phase = search.admit(user, (long) t, comb);
      if (phase != null) {
        String requestClass = classOf.apply(user);
        long prefill = prefillOf.applyAsLong(requestClass);
        double start = Math.max(t, freeAt.poll());
        freeAt.add(start + serviceMillis + prefill);
        long wait = Math.round(start - t);
        long userId = user;
        long startEpochMillis = EPOCH + Math.round(t);
        ending.add(
            TestRecords.builder()
                .identity(id -> id.userId(userId))
                .level(
                    lv ->
                        lv.phase(phase.recordPhase())
                            .step(phase.index())
                            .stepLabel(phase.label())
                            .offeredRate(phase.rate()))
                .input(in -> in.requestClass(requestClass))
                .timings(
                    tm ->
                        tm.startEpochMillis(startEpochMillis)
                            .ttfbMillis(1L)
                            .gapMillis(30 + wait + prefill)
                            .ttftMillis(31 + wait + prefill)
                            .e2eMillis(wait + serviceMillis + prefill))
                .result(res -> res.outcome(Outcome.OK))
                .build());
      }
      user++;
    }
    return written;
  }

  @Test
  void findsHoldsAndReportsARateBelowCapacity() {
    Search config = new Search(2, 16, 2, 20, 60, 5, 600);
    List<String> log = new ArrayList<>();
    RateSearch search = new RateSearch(config, SLO, Optional.of(new Warmup(1, 5)), false, log::add);

    List<RequestRecord> records = drive(search, config, 8, 1040);

    assertThat(search.finished()).as("decided within its bound: %s", log).isTrue();
    assertThat(search.outcome()).as(String.join("\n", log)).startsWith("held");
    CapacityReport report = CapacityAnalysis.analyze(records, List.of(), SLO, null);
    Double held = report.slo().held() == null ? null : report.slo().held().ratePerSec();
    double capacity = 8 / 1.04;
    assertThat(held)
        .as("capacity %.2f req/s: %s", capacity, log)
        .isNotNull()
        .isLessThan(capacity)
        .isGreaterThan(0.8 * capacity);
    assertThat(report.slo().maxSustainableRate()).isEqualTo(held);
    assertThat(report.slo().rateHigh()).as("bracketed by a failing rate").isGreaterThan(held);
    long lastStart =
        records.stream().mapToLong(r -> r.timings().startEpochMillis()).max().orElseThrow() - EPOCH;
    assertThat(lastStart).as("last arrival within the 600 s bound").isLessThan(600_000);
  }

  /**
   * The search lets go of records that ended before the phase under way began; every judgement,
   * figures included, is the one a search that keeps every record makes. With classes too (their
   * statistics read the same records), and with a drain after each failed phase.
   */
  @Test
  void lettingOldRecordsGoChangesNoJudgement() {
    Search config = new Search(2, 16, 2, 20, 60, 5, 900);
    CapacityOptions options =
        SLO.withClasses(
            List.of(
                new ClassSpec("chat", 0.8, Slo.of(400, Slo.NO_LIMIT, 1)),
                new ClassSpec("rag", 0.2, Slo.of(5000, Slo.NO_LIMIT, 1))));
    for (CapacityOptions slo : List.of(SLO, options)) {
      List<String> kept = new ArrayList<>();
      List<String> letGo = new ArrayList<>();
      RateSearch keeping =
          new RateSearch(config, slo, Optional.of(new Warmup(1, 5)), false, kept::add, true);
      RateSearch lettingGo =
          new RateSearch(config, slo, Optional.of(new Warmup(1, 5)), false, letGo::add, false);

      List<RequestRecord> all =
          drive(keeping, config, 8, 1040, user -> user % 5 == 0 ? "rag" : "chat", name -> 0L);
      drive(lettingGo, config, 8, 1040, user -> user % 5 == 0 ? "rag" : "chat", name -> 0L);

      assertThat(letGo).as("the judgements, with %s", slo.classes()).isEqualTo(kept);
      assertThat(kept).as("phases judged").hasSizeGreaterThan(5);
      assertThat(lettingGo.heldRecords())
          .as(
              "records held at the end (the last phase, a 60-s hold, and its overlap), of %d",
              all.size())
          .isPositive()
          .isLessThan(all.size() / 2);
      assertThat(keeping.heldRecords()).isEqualTo(all.size());
    }
  }

  @Test
  void aMaxRateThatPassesIsHeldAsALowerBound() {
    Search config = new Search(1, 4, 2, 10, 30, 5, 300);
    List<String> log = new ArrayList<>();
    RateSearch search = new RateSearch(config, SLO, Optional.empty(), false, log::add);

    List<RequestRecord> records = drive(search, config, 8, 1000);

    assertThat(search.outcome()).as(String.join("\n", log)).startsWith("held 4 rps");
    assertThat(log).anyMatch(line -> line.contains("maxRate"));
    assertThat(CapacityAnalysis.analyze(records, List.of(), SLO, null).slo().held().ratePerSec())
        .isEqualTo(4);
  }

  @Test
  void aFirstProbeThatFailsMakesItDescend() {
    Search config = new Search(16, 32, 2, 20, 60, 5, 900);
    List<String> log = new ArrayList<>();
    RateSearch search = new RateSearch(config, SLO, Optional.empty(), false, log::add);

    drive(search, config, 8, 1000);

    assertThat(log.get(0)).as("16 req/s against 8").contains("probe 01 · 16 rps: fails");
    assertThat(log.get(1))
        .as("it descends below what the server completed when overloaded (≤ 8 req/s), by growth")
        .matches("ttft-gap: probe 02 · [0-3]\\.\\d+ rps: passes.*");
    assertThat(search.outcome()).as(String.join("\n", log)).startsWith("held");
  }

  @Test
  void withClassesItHoldsARateWhereEveryClassMeetsItsOwnSlo() {
    Search config = new Search(2, 16, 2, 20, 60, 5, 900);
    ClassSpec chat = new ClassSpec("chat", 0.8, Slo.of(400, Slo.NO_LIMIT, 1));
    ClassSpec rag = new ClassSpec("rag", 0.2, Slo.of(5000, Slo.NO_LIMIT, 1));
    CapacityOptions options = SLO.withClasses(List.of(chat, rag));
    List<String> log = new ArrayList<>();
    RateSearch search = new RateSearch(config, options, Optional.empty(), false, log::add);

    List<RequestRecord> records =
        drive(
            search,
            config,
            8,
            1040,
            user -> user % 5 == 0 ? "rag" : "chat",
            name -> "rag".equals(name) ? 600L : 0L);

    String all = String.join("\n", log);
    assertThat(search.outcome()).as(all).startsWith("held");
    assertThat(log)
        .as("a passing line gives each class's p95 TTFT")
        .anyMatch(
            line -> line.matches(".*passes .*; p95 TTFT by class: chat \\d+ ms, rag \\d+ ms\\)"));
    assertThat(log)
        .as("the breaking class is named")
        .anyMatch(line -> line.contains("fails (class chat breaks ttft_p95"));
    assertThat(log).noneMatch(line -> line.contains("class rag"));
    ClassesVerdict classes = CapacityAnalysis.analyze(records, List.of(), options, null).classes();
    HeldRate held = classes.held();
    assertThat(held).as(all).isNotNull();
    assertThat(classes.jointMaxRate()).isEqualTo(held.ratePerSec());
    assertThat(classes.limitingClass()).isEqualTo("chat");
    for (ClassReport report : classes.classes()) {
      assertThat(classes.jointMaxRate()).isLessThanOrEqualTo(report.verdict().maxSustainableRate());
      StepStats atHold =
          report.steps().stream().filter(s -> s.step() == held.step()).findFirst().orElseThrow();
      assertThat(atHold.latencies().ttft().p95Millis())
          .as("%s over the hold", report.name())
          .isLessThanOrEqualTo(report.slo().ttftP95LimitMillis());
    }
  }

  @Test
  void aClasslessPassingLineIsUnchanged() {
    Search config = new Search(1, 4, 2, 10, 30, 5, 300);
    List<String> log = new ArrayList<>();
    RateSearch search = new RateSearch(config, SLO, Optional.empty(), false, log::add);

    drive(search, config, 8, 1000);

    assertThat(log.get(0))
        .matches(
            "ttft-gap: probe 01 · 1 rps: passes \\(p95 TTFT \\d+ ms, p95 gap \\d+ ms, errors"
                + " 0\\.0 %, achieved \\d\\.\\d\\d rps, steady\\)");
  }
}
