package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.RequestRecord;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Per-class verdicts and the joint answer on a seeded queue (8 servers of 500 ms, capacity 16
 * req/s, steps of 2 … 24 rps) whose arrivals are drawn to two classes: 80 % short chat turns, 20 %
 * long prompts whose first token comes {@value #RAG_PREFILL_MILLIS} ms later.
 */
class ClassAnalysisTest {
  static final long RAG_PREFILL_MILLIS = 400;
  static final ClassSpec CHAT = new ClassSpec("chat", 0.8, Slo.of(150, Slo.NO_LIMIT, 1));
  static final ClassSpec RAG = new ClassSpec("rag", 0.2, Slo.of(2000, Slo.NO_LIMIT, 1));

  /** The hockey stick's records, each drawn to chat (80 %) or rag, seeded; rag's TTFT later. */
  static List<RequestRecord> mix(long seed) {
    SyntheticRun run = SyntheticRun.hockeyStick();
    run.seed = seed;
    Random draw = new Random(seed * 31 + 7);
    return run.records().stream()
        .map(
            r ->
                draw.nextDouble() < 0.8
                    ? withClass(r, "chat", 0)
                    : withClass(r, "rag", RAG_PREFILL_MILLIS))
        .toList();
  }

  private static RequestRecord withClass(RequestRecord record, String name, long later) {
    return record.toBuilder()
        .input(in -> in.requestClass(name))
        .timings(
            t ->
                t.ttftMillis(
                        record.timings().ttftMillis() == null
                            ? null
                            : record.timings().ttftMillis() + later)
                    .e2eMillis(
                        record.timings().e2eMillis() == null
                            ? null
                            : record.timings().e2eMillis() + later))
        .build();
  }

  private static CapacityOptions options(ClassSpec... classes) {
    return CapacityOptions.defaults().withClasses(List.of(classes));
  }

  private static CapacityReport analyze(List<RequestRecord> records, CapacityOptions options) {
    return CapacityAnalysis.analyze(records, List.of(), options, null);
  }

  @Test
  void aSingleClassOfTheWholeRunGetsTheRunsOwnAnswer() {
    Slo slo = Slo.of(1000, Slo.NO_LIMIT, 1);
    List<RequestRecord> records =
        SyntheticRun.hockeyStick().records().stream().map(r -> withClass(r, "chat", 0)).toList();
    CapacityReport report = analyze(records, options(new ClassSpec("chat", 1, slo)).withSlo(slo));

    assertThat(report.slo().maxSustainableRate()).as("the run's answer").isNotNull();
    assertThat(report.classes().jointMaxRate())
        .as("one class of 100 %% under the run's SLO, the mix's fitted queue shared")
        .isEqualTo(report.slo().maxSustainableRate());
    assertThat(report.classes().classes().get(0).verdict().method())
        .isEqualTo(report.slo().method());
  }

  @Test
  void eachClassIsJudgedOnItsOwnRecordsAgainstItsOwnSlo() {
    List<RequestRecord> records = mix(1);
    CapacityReport report = analyze(records, options(CHAT, RAG));
    ClassesVerdict classes = report.classes();

    assertThat(classes.classes()).extracting(ClassReport::name).containsExactly("chat", "rag");
    ClassReport chat = classes.classes().get(0);
    ClassReport rag = classes.classes().get(1);
    assertThat(chat.slo()).isEqualTo(CHAT.slo());
    assertThat(chat.requests() + rag.requests()).isEqualTo(records.size());
    assertThat(rag.requests())
        .isBetween((long) (0.15 * records.size()), (long) (0.25 * records.size()));
    assertThat(chat.steps())
        .extracting(StepStats::rate)
        .as("step levels are the run's total offered rate")
        .containsExactlyElementsOf(report.steps().stream().map(StepStats::rate).toList());
    assertThat(rag.steps().get(0).counts().requests())
        .isLessThan(report.steps().get(0).counts().requests() / 2);
    assertThat(rag.steps().get(0).latencies().ttft().p50Millis())
        .as("rag's own TTFT, not the mix's")
        .isGreaterThan(
            chat.steps().get(0).latencies().ttft().p50Millis() + RAG_PREFILL_MILLIS - 50);
    assertThat(chat.verdict().maxSustainableRate()).isNotNull();
    assertThat(rag.verdict().maxSustainableRate()).isNotNull();
    assertThat(chat.verdict().limitingMetric()).isEqualTo("ttft_p95");
    assertThat(chat.knee().step()).as("the gap's knee, on chat's records").isNotNull();
    double capacity = 16;
    assertThat(chat.verdict().maxSustainableRate()).isLessThan(capacity);
    assertThat(rag.verdict().maxSustainableRate())
        .as("never above %s × the mix's saturation", SloEvaluator.MAX_UTILISATION)
        .isLessThanOrEqualTo(
            SloEvaluator.MAX_UTILISATION * report.saturation().saturationRate() + 1e-9);
  }

  @Test
  void theTightClassLimitsTheJointAnswer() {
    ClassesVerdict classes = analyze(mix(1), options(CHAT, RAG)).classes();

    ClassReport chat = classes.classes().get(0);
    assertThat(chat.verdict().maxSustainableRate())
        .isLessThan(classes.classes().get(1).verdict().maxSustainableRate());
    assertThat(classes.jointMaxRate()).isEqualTo(chat.verdict().maxSustainableRate());
    assertThat(classes.limitingClass()).isEqualTo("chat");
    assertThat(classes.limitingMetric()).isEqualTo("ttft_p95");
    assertThat(classes.lowerBound()).isFalse();
    assertThat(classes.rateLow()).isLessThanOrEqualTo(classes.jointMaxRate());
    assertThat(classes.rateHigh()).isGreaterThanOrEqualTo(classes.jointMaxRate());
    assertThat(classes.replicas()).as("no peak rate").isNull();
    assertThat(classes.held()).as("not a search").isNull();
    assertThat(classes.note()).isNull();
  }

  static Stream<Arguments> mixes() {
    ClassSpec strictRag = new ClassSpec("rag", 0.2, Slo.of(500, Slo.NO_LIMIT, 1));
    ClassSpec looseChat = new ClassSpec("chat", 0.8, Slo.of(5000, Slo.NO_LIMIT, 1));
    return Stream.of(
        Arguments.of(1L, List.of(CHAT, RAG), "chat"),
        Arguments.of(2L, List.of(CHAT, RAG), "chat"),
        Arguments.of(3L, List.of(CHAT, strictRag), "rag"),
        Arguments.of(4L, List.of(looseChat, strictRag), "rag"),
        Arguments.of(5L, List.of(RAG, CHAT), "chat"));
  }

  @ParameterizedTest(name = "seed {0}: {2} limits")
  @MethodSource("mixes")
  void theJointAnswerIsNeverAboveAnyClasssOwn(long seed, List<ClassSpec> specs, String limiting) {
    ClassesVerdict classes = analyze(mix(seed), options(specs.toArray(ClassSpec[]::new))).classes();

    assertThat(classes.jointMaxRate()).isNotNull();
    for (ClassReport report : classes.classes()) {
      assertThat(classes.jointMaxRate())
          .as("joint ≤ %s's own answer", report.name())
          .isLessThanOrEqualTo(report.verdict().maxSustainableRate());
    }
    assertThat(classes.limitingClass()).isEqualTo(limiting);
    ClassReport limiter =
        classes.classes().stream().filter(c -> c.name().equals(limiting)).findFirst().orElseThrow();
    assertThat(classes.jointMaxRate()).isEqualTo(limiter.verdict().maxSustainableRate());
  }

  @Test
  void aTieNamesTheFirstClassInProfileOrder() {
    List<RequestRecord> records =
        mix(1).stream()
            .map(r -> r.toBuilder().input(in -> in.requestClass("chat")).build())
            .toList();
    List<RequestRecord> twice =
        Stream.concat(
                records.stream(),
                records.stream()
                    .map(r -> r.toBuilder().input(in -> in.requestClass("twin")).build()))
            .toList();
    ClassSpec twin = new ClassSpec("twin", 0.5, CHAT.slo());

    ClassesVerdict classes = ClassAnalysis.analyze(twice, options(twin, CHAT), null, null, null);

    assertThat(classes.classes().get(0).verdict().maxSustainableRate())
        .isEqualTo(classes.classes().get(1).verdict().maxSustainableRate());
    assertThat(classes.limitingClass()).isEqualTo("twin");
  }

  @Test
  void aStepWithoutRecordsOfAClassIsMissingNotPassed() {
    List<RequestRecord> records =
        mix(1).stream()
            .filter(r -> !("rag".equals(r.input().requestClass()) && r.level().step() == 3))
            .toList();
    ClassSpec looseChat = new ClassSpec("chat", 0.8, Slo.of(5000, Slo.NO_LIMIT, 1));

    ClassesVerdict classes = analyze(records, options(looseChat, RAG)).classes();

    ClassReport rag = classes.classes().get(1);
    assertThat(rag.steps()).extracting(StepStats::step).doesNotContain(3);
    assertThat(rag.verdict().maxSustainableRate())
        .as("judged below step 3 (6 rps) only")
        .isEqualTo(4.0);
    assertThat(classes.jointMaxRate()).isEqualTo(4.0);
    assertThat(classes.limitingClass()).isEqualTo("rag");
    assertThat(classes.note()).contains("rag", "step 3", "not passed");
  }

  @Test
  void replicasAreSizedForTheJointAnswerAtThePeak() {
    ClassesVerdict classes = analyze(mix(1), options(CHAT, RAG).withPeakRate(40)).classes();

    assertThat(classes.replicas())
        .isEqualTo((int) Math.ceil(40 / classes.jointMaxRate()))
        .isGreaterThan(2);
  }

  @Test
  void everyClassPassingEveryStepIsALowerBound() {
    ClassSpec loose = new ClassSpec("chat", 0.8, Slo.of(60_000, Slo.NO_LIMIT, 100));
    ClassSpec looseRag = new ClassSpec("rag", 0.2, Slo.of(60_000, Slo.NO_LIMIT, 100));
    List<RequestRecord> flat = mix(1).stream().filter(r -> r.level().step() <= 4).toList();

    ClassesVerdict classes = analyze(flat, options(loose, looseRag)).classes();

    assertThat(classes.lowerBound()).isTrue();
    assertThat(classes.jointMaxRate()).isEqualTo(8.0);
    assertThat(classes.limitingClass()).isNull();
    assertThat(classes.limitingMetric()).isNull();
  }

  @Test
  void aClassFailingItsFirstStepLeavesNoJointAnswer() {
    ClassSpec impossible = new ClassSpec("rag", 0.2, Slo.of(1, Slo.NO_LIMIT, 1));

    ClassesVerdict classes = analyze(mix(1), options(CHAT, impossible).withPeakRate(40)).classes();

    assertThat(classes.jointMaxRate()).isNull();
    assertThat(classes.replicas()).isNull();
    assertThat(classes.limitingClass()).isEqualTo("rag");
    assertThat(classes.limitingMetric()).isEqualTo("ttft_p95");
    assertThat(classes.note()).contains("rag", "first step");
  }

  @Test
  void aRunWithoutClassesHasNoClassesVerdict() {
    assertThat(analyze(mix(1), CapacityOptions.defaults()).classes()).isNull();
  }
}
