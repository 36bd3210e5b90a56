package dev.ttftgap.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class NearMatchesTest {
  private static final List<String> SERVED =
      List.of("Qwen3-8B", "Qwen3-14B", "Qwen/Qwen2.5-7B-Instruct", "llama-3.1-8b", "gpt-4o-mini");

  @Test
  void caseAndUnderscoreVariantsMatch() {
    assertThat(NearMatches.of("qwen3_8b", SERVED))
        .as("case and '_' vs '-' only; 14B differs in its digits")
        .containsExactly("Qwen3-8B");
  }

  @Test
  void organisationPrefixIsIgnored() {
    assertThat(NearMatches.of("qwen2.5-7b-instruct", SERVED))
        .containsExactly("Qwen/Qwen2.5-7B-Instruct");
  }

  @Test
  void smallTyposMatchWithinTwoEdits() {
    assertThat(NearMatches.of("lama-3.1-8b", SERVED)).containsExactly("llama-3.1-8b");
    assertThat(NearMatches.of("gpt4o-mni", SERVED)).containsExactly("gpt-4o-mini");
  }

  @Test
  void distantIdsAndTheExactIdAreNotNearMatches() {
    assertThat(NearMatches.of("mistral-7b", SERVED)).isEmpty();
    assertThat(NearMatches.of("Qwen3-8B", SERVED)).as("the id itself is no suggestion").isEmpty();
  }

  @Test
  void distanceIsLevenshtein() {
    assertThat(NearMatches.distance("kitten", "sitting")).isEqualTo(3);
    assertThat(NearMatches.distance("", "abc")).isEqualTo(3);
    assertThat(NearMatches.distance("same", "same")).isZero();
  }
}
