package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatling.commons.util.GatlingVersion;
import io.gatling.core.CoreComponents;
import io.gatling.core.protocol.ProtocolComponentsRegistry;
import io.gatling.core.session.GroupBlock;
import io.gatling.core.stats.StatsEngine;
import io.gatling.core.structure.ScenarioContext;
import io.gatling.http.engine.HttpEngine;
import io.gatling.http.protocol.HttpComponents;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Fails loudly when a Gatling upgrade moves the internals {@link GatlingInternals} relies on. The
 * behaviour itself (rows read back from a real SSE run) is checked by {@code MeasurementRunTest}.
 */
class GatlingInternalsTest {
  private static final String UPGRADE_HINT =
      " — GatlingInternals is written against Gatling "
          + GatlingInternals.PINNED_GATLING_VERSION
          + " internals (StatsEngine, CoreComponents, ScenarioContext, Session.groups identity,"
          + " HttpEngine's client, HttpComponents, ProtocolComponentsRegistry):"
          + " re-verify them against the new version's source, then update the pin";

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
    assertThat(CoreComponents.class.getConstructors())
        .as("CoreComponents constructors" + UPGRADE_HINT)
        .anySatisfy(c -> assertThat(c.getParameterCount()).isEqualTo(8));
    assertThat(ScenarioContext.class.getConstructors())
        .as("ScenarioContext constructors" + UPGRADE_HINT)
        .anySatisfy(c -> assertThat(c.getParameterCount()).isEqualTo(4));
  }

  @Test
  void httpComponentsCanStillBeRebuiltAroundTheRunsHttpClient() {
    assertThat(Arrays.stream(HttpEngine.class.getDeclaredFields()).map(Field::getName))
        .as("HttpEngine's fields" + UPGRADE_HINT)
        .contains("httpClient", "sslContextsFactory");
    assertThat(HttpEngine.class.getConstructors())
        .as("HttpEngine constructors" + UPGRADE_HINT)
        .anySatisfy(c -> assertThat(c.getParameterCount()).isEqualTo(5));
    assertThat(HttpComponents.class.getConstructors())
        .as("HttpComponents constructors" + UPGRADE_HINT)
        .anySatisfy(c -> assertThat(c.getParameterCount()).isEqualTo(4));
    assertThat(ProtocolComponentsRegistry.class.getConstructors())
        .as("ProtocolComponentsRegistry constructors" + UPGRADE_HINT)
        .anySatisfy(c -> assertThat(c.getParameterCount()).isEqualTo(4));
  }

  @Test
  void groupBlockStillCarriesItsGroupList() throws NoSuchMethodException {
    assertThat(GroupBlock.class.getMethod("groups").getReturnType().getName())
        .as("GroupBlock.groups" + UPGRADE_HINT)
        .isEqualTo("scala.collection.immutable.List");
  }
}
