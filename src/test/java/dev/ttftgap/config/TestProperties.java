package dev.ttftgap.config;

import java.util.Properties;

/** System properties for tests, written as on a command line without the {@code -D}. */
final class TestProperties {
  private TestProperties() {}

  /**
   * {@code of("profile=smoke", "injector=1/2")}: each {@code name=value} split at its first '='.
   */
  static Properties of(String... properties) {
    Properties props = new Properties();
    for (String property : properties) {
      int eq = property.indexOf('=');
      props.setProperty(property.substring(0, eq), property.substring(eq + 1));
    }
    return props;
  }
}
