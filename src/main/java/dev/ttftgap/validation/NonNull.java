package dev.ttftgap.validation;

/**
 * Null checks for a record's components in one call, each failure naming the component, as {@code
 * Objects.requireNonNull(value, "name")} would.
 *
 * <p>Usage, in a compact constructor: {@code NonNull.check("name description", name, description);}
 */
public final class NonNull {
  private NonNull() {}

  /**
   * Throws a {@link NullPointerException} whose message is the name of the first null value.
   *
   * @param names the values' names, separated by spaces, in the order of {@code values}
   * @throws IllegalArgumentException when there are not as many names as values
   */
  public static void check(String names, Object... values) {
    String[] split = names.split(" ");
    if (split.length != values.length) {
      throw new IllegalArgumentException(
          split.length + " names for " + values.length + " values: " + names);
    }
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null) {
        throw new NullPointerException(split[i]);
      }
    }
  }
}
