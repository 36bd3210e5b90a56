package dev.ttftgap.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ttftgap.config.SettingsException;
import dev.ttftgap.profile.ExperimentPlan;
import dev.ttftgap.profile.ExperimentPlans;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ExperimentModelsTest {
  private static ExperimentPlan plan(String name) {
    return ExperimentPlans.load(name, ExperimentPlans.DEFAULT_DIRECTORY);
  }

  private static List<String> models(ExperimentModels resolved) {
    return resolved.plan().arms().stream()
        .map(arm -> arm.request().model().orElse("(target's)"))
        .toList();
  }

  @Test
  void onTheEmbeddedEngineTheShippedPlansKeepTheEnginesModels() {
    ExperimentModels resolved =
        ExperimentModels.resolve(plan("baseline"), Optional.empty(), Optional.empty(), false);

    assertThat(models(resolved))
        .as("the engine serves both")
        .containsExactly("qwen3-8b-like", "qwen3-14b-like");
  }

  @Test
  void againstAnExternalTargetEveryArmSendsLlmModelNeverTheEnginesIds() {
    for (String name : List.of("baseline", "model-comparison")) {
      ExperimentModels resolved =
          ExperimentModels.resolve(
              plan(name), Optional.empty(), Optional.of("rand-llama-106m"), true);

      assertThat(models(resolved))
          .as("%s against a real server: one arm, LLM_MODEL", name)
          .containsExactly("rand-llama-106m");
      assertThat(resolved.note())
          .as("header says where the id came from")
          .startsWith("model rand-llama-106m (LLM_MODEL; the plan's qwen3-8b-like, qwen3-14b-like");
    }
  }

  @Test
  void aOneModelPlanKeepsItsArmsAndSendsThemToLlmModel() {
    ExperimentModels resolved =
        ExperimentModels.resolve(
            plan("prompt-length"), Optional.empty(), Optional.of("rand-llama-106m"), true);

    assertThat(models(resolved))
        .as("the four prompt lengths, all to LLM_MODEL")
        .containsExactly(
            "rand-llama-106m", "rand-llama-106m", "rand-llama-106m", "rand-llama-106m");
    assertThat(resolved.plan().arms().get(3).label()).isEqualTo("2000 tokens");
  }

  @Test
  void experimentModelsGivesOneArmPerIdOnAnyTarget() {
    ExperimentModels resolved =
        ExperimentModels.resolve(
            plan("model-comparison"),
            Optional.of(List.of("a-8b", "a-70b")),
            Optional.of("ignored"),
            true);

    assertThat(models(resolved)).as("the ids given, in order").containsExactly("a-8b", "a-70b");
    assertThat(resolved.plan().arms().get(0).request().prompt().tokens())
        .as("each arm sends the first arm's request")
        .contains(2000);
  }

  @Test
  void severalIdsForAOneModelPlanFailNamingTheSetting() {
    assertThatThrownBy(
            () ->
                ExperimentModels.resolve(
                    plan("prompt-length"), Optional.of(List.of("a", "b")), Optional.empty(), true))
        .isInstanceOf(SettingsException.class)
        .hasMessageStartingWith("-Dexperiment.models: a,b names 2 models")
        .hasMessageContaining("give one id");
  }

  @Test
  void anExternalTargetWithoutLlmModelKeepsThePlansIdsForThePreflightToCheck() {
    ExperimentModels resolved =
        ExperimentModels.resolve(plan("baseline"), Optional.empty(), Optional.empty(), true);

    assertThat(ExperimentModels.sent(resolved.plan()))
        .as("ids the preflight checks against /v1/models")
        .containsExactly("qwen3-8b-like", "qwen3-14b-like");
  }
}
