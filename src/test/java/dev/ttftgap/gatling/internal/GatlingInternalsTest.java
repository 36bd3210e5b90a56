package dev.ttftgap.gatling.internal;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.stream.ChunkClassifier;
import dev.ttftgap.stream.SseEvent;
import io.gatling.commons.util.GatlingVersion;
import io.gatling.core.CoreComponents;
import io.gatling.core.protocol.ProtocolComponentsRegistry;
import io.gatling.core.session.GroupBlock;
import io.gatling.core.stats.StatsEngine;
import io.gatling.core.structure.ScenarioContext;
import io.gatling.http.action.sse.fsm.ServerSentEvent;
import io.gatling.http.engine.HttpEngine;
import io.gatling.http.protocol.HttpComponents;
import io.gatling.javaapi.core.OpenInjectionStep;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import scala.Option;

/**
 * Fails loudly when a Gatling upgrade moves the internals this package relies on: those of {@link
 * GatlingInternals} and {@link ErrorBodyCapture}, and the SSE event JSON {@link GatlingSseEvent}
 * unwraps. The behaviour itself (rows read back from a real SSE run) is checked by {@code
 * MeasurementRunIT}.
 */
class GatlingInternalsTest {
  private static final String UPGRADE_HINT =
      " — dev.ttftgap.gatling.internal is written against Gatling "
          + GatlingInternals.PINNED_GATLING_VERSION
          + " internals (StatsEngine, CoreComponents, ScenarioContext, Session.groups identity,"
          + " HttpEngine's client, HttpComponents, ProtocolComponentsRegistry, the event loop group,"
          + " OpenInjectionStep.chain, the SSE event JSON of ServerSentEvent.asJsonString that"
          + " GatlingSseEvent unwraps):"
          + " re-verify them against the new version's source, then update the pin";

  /** {@code type} still has a public constructor of {@code parameters} parameters. */
  private static void assertConstructorOf(Class<?> type, int parameters) {
    assertThat(type.getConstructors())
        .as(type.getSimpleName() + " constructors" + UPGRADE_HINT)
        .anySatisfy(c -> assertThat(c.getParameterCount()).isEqualTo(parameters));
  }

  @Test
  void runsOnThePinnedGatlingVersion() {
    assertThat(GatlingVersion.ThisVersion().fullVersion())
        .as("Gatling version on the class path" + UPGRADE_HINT)
        .isEqualTo(GatlingInternals.PINNED_GATLING_VERSION);
  }

  @Test
  void statsEngineHasExactlyTheMethodsTheTapForwards() {
    Set<String> abstractMethods =
        Arrays.stream(StatsEngine.class.getMethods())
            .filter(m -> Modifier.isAbstract(m.getModifiers()))
            .map(Method::getName)
            .collect(Collectors.toSet());
    assertThat(abstractMethods)
        .as("abstract methods of StatsEngine" + UPGRADE_HINT)
        .containsExactlyInAnyOrder(
            "start",
            "stop",
            "logUserStart",
            "logUserEnd",
            "logResponse",
            "logGroupEnd",
            "logRequestCrash");
  }

  @Test
  void componentsCanStillBeRebuiltWithAnotherStatsEngine() {
    assertConstructorOf(CoreComponents.class, 8);
    assertConstructorOf(ScenarioContext.class, 4);
  }

  @Test
  void httpComponentsCanStillBeRebuiltAroundTheRunsHttpClient() {
    assertThat(Arrays.stream(HttpEngine.class.getDeclaredFields()).map(Field::getName))
        .as("HttpEngine's fields" + UPGRADE_HINT)
        .contains("httpClient", "sslContextsFactory");
    assertConstructorOf(HttpEngine.class, 5);
    assertConstructorOf(HttpComponents.class, 4);
    assertConstructorOf(ProtocolComponentsRegistry.class, 4);
  }

  @Test
  void coreComponentsStillHoldTheEventLoopGroupOfScheduledExecutors() throws Exception {
    Class<?> group = CoreComponents.class.getMethod("eventLoopGroup").getReturnType();
    assertThat(group.getName())
        .as("CoreComponents.eventLoopGroup" + UPGRADE_HINT)
        .isEqualTo("io.netty.channel.EventLoopGroup");
    assertThat(Iterable.class.isAssignableFrom(group))
        .as("EventLoopGroup iterates its loops" + UPGRADE_HINT)
        .isTrue();
    assertThat(ScheduledExecutorService.class.isAssignableFrom(group))
        .as("a Netty executor is a ScheduledExecutorService" + UPGRADE_HINT)
        .isTrue();
  }

  @Test
  void plannedStartsAreGatlingsOwnEvenlySpacedSchedule() {
    long[] planned =
        GatlingInternals.plannedStartsNanos(
            List.of(
                constantUsersPerSec(2).during(Duration.ofSeconds(3)),
                constantUsersPerSec(4).during(Duration.ofSeconds(1))));
    assertThat(planned)
        .as("planned starts, ns: 2/s for 3 s, then 4/s for 1 s" + UPGRADE_HINT)
        .containsExactly(
            0L,
            500_000_000L,
            1_000_000_000L,
            1_500_000_000L,
            2_000_000_000L,
            2_500_000_000L,
            3_000_000_000L,
            3_250_000_000L,
            3_500_000_000L,
            3_750_000_000L);
  }

  @Test
  void aRandomizedStepPlansTheSameStartsEachTimeItIsAsked() {
    List<OpenInjectionStep> steps =
        List.of(constantUsersPerSec(20).during(Duration.ofSeconds(2)).randomized());
    long[] first = GatlingInternals.plannedStartsNanos(steps);
    long[] second = GatlingInternals.plannedStartsNanos(steps);
    assertThat(first)
        .as("Poisson starts of one step object (its seed)" + UPGRADE_HINT)
        .isEqualTo(second)
        .hasSizeBetween(30, 50);
    assertThat(first).as("starts in order, within the step").isSorted();
    assertThat(first[first.length - 1]).isLessThan(2_000_000_000L);
  }

  @Test
  void gatlingStillRendersSseEventsTheWayGatlingSseEventUnwrapsThem() {
    List<SseEvent> events =
        List.of(
            SseEvent.data("{\"id\":\"c\",\"choices\":[{\"delta\":{\"content\":\"x\"}}]}"),
            SseEvent.data("[DONE]"),
            SseEvent.data("{\"error\":{\"message\":\"boom\"}} "),
            new SseEvent("message", "{\"choices\":[]}", "data", 3000L),
            new SseEvent("ping", "keep \"alive\"\nline 2", "7", null));
    for (SseEvent event : events) {
      String rendered =
          new ServerSentEvent(
                  Option.apply(event.event()),
                  Option.apply(event.data()),
                  Option.apply(event.id()),
                  event.retry() == null
                      ? Option.empty()
                      : Option.<Object>apply(event.retry().intValue()))
              .asJsonString();

      assertThat(rendered)
          .as("Gatling's JSON of %s, as the tests build it%s", event, UPGRADE_HINT)
          .isEqualTo(GatlingEventJson.of(event));
      assertThat(GatlingSseEvent.classify(rendered))
          .as("Gatling's JSON of %s classifies like its data%s", event, UPGRADE_HINT)
          .isEqualTo(ChunkClassifier.classifyData(event.data()));
    }
  }

  @Test
  void groupBlockStillCarriesItsGroupList() throws NoSuchMethodException {
    assertThat(GroupBlock.class.getMethod("groups").getReturnType().getName())
        .as("GroupBlock.groups" + UPGRADE_HINT)
        .isEqualTo("scala.collection.immutable.List");
  }

  @Test
  void aGroupTimingCanStillBeBuiltAndLogged() throws NoSuchMethodException {
    assertThat(
            GroupBlock.class.getConstructor(
                scala.collection.immutable.List.class,
                long.class,
                int.class,
                io.gatling.commons.stats.Status.class))
        .as("GroupBlock(groups, start, cumulated response time, status)" + UPGRADE_HINT)
        .isNotNull();
    assertThat(
            io.gatling.core.stats.StatsEngine.class.getMethod(
                "logGroupEnd", String.class, GroupBlock.class, long.class))
        .as("StatsEngine.logGroupEnd(scenario, group block, exit timestamp)" + UPGRADE_HINT)
        .isNotNull();
  }
}
