package dev.ttftgap.config;

import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * The one reader of system properties and environment variables: a snapshot of both, taken once,
 * asked by {@link Setting}. System properties win over environment variables; an empty or blank
 * value counts as unset. Nothing else in the tool calls {@link System#getProperty} or {@link
 * System#getenv} (the standalone engine's {@code --api-key-env NAME} aside, whose variable's name
 * is an argument).
 *
 * <p>Usage:
 *
 * <pre>{@code
 * SettingsSource source = SettingsSource.current();
 * Settings settings = Settings.load(source);
 * RunPart part = RunPart.load(source, "rising-rate");
 * }</pre>
 */
public final class SettingsSource {
  private final Map<String, String> env;
  private final Properties props;

  private SettingsSource(Map<String, String> env, Properties props) {
    this.env = Collections.unmodifiableMap(new HashMap<>(env));
    this.props = new Properties();
    for (String name : props.stringPropertyNames()) {
      this.props.setProperty(name, props.getProperty(name));
    }
  }

  /** This JVM's system properties and environment, as they are now. */
  public static SettingsSource current() {
    return new SettingsSource(System.getenv(), System.getProperties());
  }

  /** The given environment and system properties (tests, and mains handed both). */
  public static SettingsSource of(Map<String, String> env, Properties props) {
    return new SettingsSource(env, props);
  }

  /**
   * A value and the name it came under, as the user would spell it in a fix.
   *
   * @param name {@code -Dllm.baseUrl} for a property, {@code LLM_BASE_URL} for a variable
   * @param rawValue the value as given, not stripped
   */
  public record Value(String name, String rawValue) {
    /** The value, stripped. */
    public String value() {
      return rawValue.strip();
    }

    /** Whether it came from a system property. */
    public boolean fromProperty() {
      return name.startsWith("-D");
    }
  }

  /** The first set source of {@code setting}: its property, then its variables in order. */
  public Optional<Value> get(Setting setting) {
    Optional<Value> property = setting.property().flatMap(this::property);
    if (property.isPresent()) {
      return property;
    }
    for (String variable : setting.environment()) {
      String value = env.get(variable);
      if (value != null && !value.isBlank()) {
        return Optional.of(new Value(variable, value));
      }
    }
    return Optional.empty();
  }

  /** The property's value even when blank; empty when unset (or environment-only). */
  public Optional<String> rawProperty(Setting setting) {
    return setting.property().map(props::getProperty);
  }

  /**
   * The property's value, else {@link Setting#defaultValue()}: {@code System.getProperty(name,
   * default)}, for the folders whose empty value means the working directory.
   */
  public String propertyOrDefault(Setting setting) {
    return rawProperty(setting).orElse(setting.defaultValue());
  }

  /** {@link #propertyOrDefault} as a path: where a run reads or writes its files. */
  public Path folder(Setting setting) {
    return Path.of(propertyOrDefault(setting));
  }

  /** Every system property's name, for the check that no API key is passed as one. */
  Set<String> propertyNames() {
    return props.stringPropertyNames();
  }

  /**
   * The whole environment, for variables whose names come at run time rather than from {@link
   * Setting}: a load profile's {@code ${NAME}} headers and the proxy variables the preflight names.
   */
  public Map<String, String> environment() {
    return env;
  }

  /** The system properties, a copy: for the mains whose tested entry takes them. */
  public Properties properties() {
    Properties copy = new Properties();
    copy.putAll(props);
    return copy;
  }

  private Optional<Value> property(String name) {
    String value = props.getProperty(name);
    return value == null || value.isBlank()
        ? Optional.empty()
        : Optional.of(new Value("-D" + name, value));
  }
}
