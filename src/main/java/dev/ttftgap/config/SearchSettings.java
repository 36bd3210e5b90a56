package dev.ttftgap.config;

import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Where a search load profile ({@code "load": {"model": "search"}}) starts and stops, beside the
 * common {@link Settings}: the bracket a capacity report suggests ("run find-max-rate between 6 and
 * 7.85 rps") without editing the load profile.
 *
 * <table>
 *   <caption>Sources</caption>
 *   <tr><th>setting</th><th>system property</th><th>default</th></tr>
 *   <tr><td>startRate</td><td>{@code -Dsearch.startRate=R}</td><td>the load profile's</td></tr>
 *   <tr><td>maxRate</td><td>{@code -Dsearch.maxRate=R}</td><td>the load profile's</td></tr>
 * </table>
 *
 * @param startRate first probe, requests/s
 * @param maxRate highest rate the search may offer, requests/s
 */
public record SearchSettings(Optional<Double> startRate, Optional<Double> maxRate) {
  static final double MAX_RATE = 100_000;

  /** From this JVM: {@link SettingsSource#current()}. */
  public static SearchSettings load() {
    return load(SettingsSource.current());
  }

  /**
   * @throws SettingsException naming the property when a rate is not in (0, 100000]
   */
  public static SearchSettings load(Properties props) {
    return load(SettingsSource.of(Map.of(), props));
  }

  /**
   * @throws SettingsException naming the property when a rate is not in (0, 100000]
   */
  public static SearchSettings load(SettingsSource source) {
    Optional<Double> start = rate(source, Setting.SEARCH_START_RATE);
    Optional<Double> max = rate(source, Setting.SEARCH_MAX_RATE);
    if (start.isPresent() && max.isPresent() && max.get() < start.get()) {
      throw new SettingsException(
          "search.maxRate: "
              + max.get()
              + " is below search.startRate ("
              + start.get()
              + "); use a maxRate at least the startRate");
    }
    return new SearchSettings(start, max);
  }

  private static Optional<Double> rate(SettingsSource source, Setting setting) {
    String name = setting.property().orElseThrow();
    return source
        .get(setting)
        .map(SettingsSource.Value::value)
        .map(
            value -> {
              double rate;
              try {
                rate = Double.parseDouble(value);
              } catch (NumberFormatException e) {
                rate = Double.NaN;
              }
              if (!(rate > 0) || rate > MAX_RATE) {
                throw new SettingsException(
                    name
                        + ": \""
                        + value
                        + "\" is not a rate; use a number > 0 and at most 100000 (requests/s),"
                        + " like -D"
                        + name
                        + "=6");
              }
              return rate;
            });
  }
}
