package dev.ttftgap.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ModelListingTest {
  private static final String URL = "http://127.0.0.1:9/v1/models";

  @Test
  void listedIdsPass() {
    assertThat(ModelListing.unlisted(List.of("a", "b"), List.of("b", "a"), URL, false, true))
        .as("both listed")
        .isEmpty();
  }

  @Test
  void anEmptyListingChecksNothing() {
    assertThat(ModelListing.unlisted(List.of("a"), List.of(), URL, false, false))
        .as("no listing: the chat request decides")
        .isEmpty();
  }

  @Test
  void theFirstUnlistedIdFailsWithTheListedOnesAndANearMatch() {
    Diagnosis diagnosis =
        ModelListing.unlisted(
                List.of("Qwen3-8B", "qwen3_14b"),
                List.of("Qwen3-8B", "Qwen3-14B"),
                URL,
                false,
                true)
            .orElseThrow();

    assertThat(diagnosis.kind()).isEqualTo(Diagnosis.Kind.MODEL_NOT_FOUND);
    assertThat(diagnosis.line())
        .as("names the id, the listing, the near match and both settings")
        .isEqualTo(
            "the run would send model \"qwen3_14b\", which "
                + URL
                + " does not list (it lists: Qwen3-8B, Qwen3-14B; near match: Qwen3-14B): set"
                + " LLM_MODEL to \"Qwen3-14B\", or -Dexperiment.models=ID[,ID] to listed ids (ids"
                + " are exact)");
  }

  @Test
  void anIdTheServerAnsweredAnywaySaysTheServerIgnoresIds() {
    assertThat(
            ModelListing.unlisted(List.of("x"), List.of("rand-llama-106m"), URL, true, false)
                .orElseThrow()
                .line())
        .contains("yet answered: the server ignores the id")
        .doesNotContain("-Dexperiment.models");
  }

  @Test
  void anAnsweredIdListedInAnotherSpellingPasses() {
    assertThat(
            ModelListing.unlisted(
                List.of("llama3"), List.of("llama3:latest", "qwen3:8b"), URL, true, false))
        .as("Ollama lists llama3:latest and answers llama3")
        .isEmpty();
    assertThat(
            ModelListing.unlisted(List.of("qwen3-8b"), List.of("Qwen/Qwen3-8B"), URL, true, false))
        .as("case and org prefix")
        .isEmpty();
    assertThat(ModelListing.unlisted(List.of("llama3"), List.of("llama3:latest"), URL, false, true))
        .as("an experiment's id not yet answered must be listed exactly")
        .isPresent();
  }
}
