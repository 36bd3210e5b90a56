package dev.ttftgap.validation;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NonNullTest {
  @Test
  void passesWhenNoValueIsNull() {
    assertThatCode(() -> NonNull.check("name description", "a", 1))
        .as("two non-null values")
        .doesNotThrowAnyException();
  }

  @Test
  void namesTheFirstNullValue() {
    assertThatThrownBy(() -> NonNull.check("name description model", "a", null, null))
        .as("the second and third values are null: the second is named")
        .isInstanceOf(NullPointerException.class)
        .hasMessage("description");
  }

  @Test
  void refusesAListOfNamesThatDoesNotMatchTheValues() {
    assertThatThrownBy(() -> NonNull.check("name", "a", "b"))
        .as("one name for two values is the caller's mistake, not a null value")
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("1 names for 2 values: name");
  }
}
