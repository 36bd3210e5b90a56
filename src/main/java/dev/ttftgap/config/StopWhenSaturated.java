package dev.ttftgap.config;

import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Whether open stairs stop once a step is saturated and its backlog rises ({@code
 * breaker.SaturationStop}), so that a run against a slower server than its stairs expect does not
 * climb on into minutes of queue.
 *
 * <table>
 *   <caption>Sources, first match wins</caption>
 *   <tr><th>source</th><th>example</th></tr>
 *   <tr><td>system property</td><td>{@code -Dload.stopWhenSaturated=true|false}</td></tr>
 *   <tr><td>load profile</td><td>{@code "load": {"stopWhenSaturated": true}}</td></tr>
 *   <tr><td>default</td><td>on against an external target (a base URL is set), off for the
 *       embedded engine, whose default run needs its overloaded steps to show the hockey
 *       stick</td></tr>
 * </table>
 *
 * <p>It applies to open stairs of one injector only: a closed run's backlog is bounded by its
 * users, a search chooses its own rates, and each part of a split run would stop on its own. There
 * the default is off, and an explicit {@code true} fails in one line.
 */
public final class StopWhenSaturated {
  public static final String PROPERTY = "load.stopWhenSaturated";

  private StopWhenSaturated() {}

  /**
   * @param props system properties
   * @param profileField the load profile's {@code stopWhenSaturated}, if given
   * @param externalTarget whether a base URL is set (no embedded engine)
   * @param openStairs whether the run is open stairs of fixed rates (not closed, not a search, not
   *     auto stairs, whose rates come at run time, not a burst, which saturates on purpose)
   * @param split whether the run is one part of a split run
   * @throws SettingsException naming the setting when it is not a boolean or cannot apply
   */
  public static boolean resolve(
      Properties props,
      Optional<Boolean> profileField,
      boolean externalTarget,
      boolean openStairs,
      boolean split) {
    return resolve(
        SettingsSource.of(Map.of(), props), profileField, externalTarget, openStairs, split);
  }

  /**
   * @param source the settings of the run
   * @param profileField the load profile's {@code stopWhenSaturated}, if given
   * @param externalTarget whether a base URL is set (no embedded engine)
   * @param openStairs whether the run is open stairs of fixed rates
   * @param split whether the run is one part of a split run
   * @throws SettingsException naming the setting when it is not a boolean or cannot apply
   */
  public static boolean resolve(
      SettingsSource source,
      Optional<Boolean> profileField,
      boolean externalTarget,
      boolean openStairs,
      boolean split) {
    Optional<Boolean> property = property(source);
    Optional<Boolean> explicit = property.or(() -> profileField);
    if (explicit.orElse(false) && !(openStairs && !split)) {
      String where = property.isPresent() ? PROPERTY : "load profile's load.stopWhenSaturated";
      throw new SettingsException(
          where
              + ": true applies to open stairs of one injector only (this run is "
              + (split ? "a part of a split run" : "closed, a search, auto stairs or a burst")
              + "); remove it or set -D"
              + PROPERTY
              + "=false");
    }
    return explicit.orElse(externalTarget && openStairs && !split);
  }

  /** {@code -Dload.stopWhenSaturated}, validated; empty when unset or blank. */
  static Optional<Boolean> property(SettingsSource source) {
    Optional<SettingsSource.Value> value = source.get(Setting.LOAD_STOP_WHEN_SATURATED);
    if (value.isEmpty()) {
      return Optional.empty();
    }
    String v = value.get().value();
    if (v.equalsIgnoreCase("true")) {
      return Optional.of(true);
    }
    if (v.equalsIgnoreCase("false")) {
      return Optional.of(false);
    }
    throw new SettingsException(
        PROPERTY + ": \"" + v + "\" is not a boolean; use -D" + PROPERTY + "=true or false");
  }
}
