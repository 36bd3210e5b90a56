package dev.ttftgap.config;

import dev.ttftgap.config.SettingsSource.Value;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * Which part of which run this load generator runs: the I-th of N injectors that share one run's
 * profile, the run's id, this machine's name, and the instant every injector starts at.
 *
 * <table>
 *   <caption>Sources, first match wins</caption>
 *   <tr><th>setting</th><th>system property</th><th>environment</th><th>default</th></tr>
 *   <tr><td>{@link #injector} / {@link #injectorCount}</td><td>{@code injector=I/N}</td>
 *       <td>{@code INJECTOR=I} (or {@code I/N}) with {@code INJECTOR_COUNT=N}; Kubernetes'
 *       {@code JOB_COMPLETION_INDEX=I-1} with {@code INJECTOR_COUNT=N}</td>
 *       <td>{@code 1/1}: the whole profile</td></tr>
 *   <tr><td>{@link #startAt}</td><td>{@code run.startAt}</td><td>{@code RUN_START_AT}</td>
 *       <td>empty: start at once; required when the run is split</td></tr>
 *   <tr><td>{@link #startTolerance}</td><td>{@code run.startToleranceSeconds}</td>
 *       <td>{@code RUN_START_TOLERANCE_SECONDS}</td><td>1 s</td></tr>
 *   <tr><td>{@link #runId}</td><td>{@code run.id}</td><td>{@code RUN_ID}</td>
 *       <td>{@code PROFILE-START} from the profile's name and {@code run.startAt} (the same on
 *       every injector), else {@code PROFILE-NOW-RANDOM}</td></tr>
 *   <tr><td>{@link #host}</td><td>{@code run.host}</td><td>{@code HOSTNAME}</td>
 *       <td>the local host name</td></tr>
 *   <tr><td>{@link #promptsPerHost}</td><td>{@code prompts.perHost}</td>
 *       <td>{@code PROMPTS_PER_HOST}</td><td>{@code false}</td></tr>
 * </table>
 *
 * <p>Prompts per host: a run's prompts are seeded by the request's index, so that runs repeat. When
 * Gatling Enterprise splits a run over its load generators, each runs the same simulation with the
 * same settings and would send the same prompts, which a prefix cache then serves; {@code
 * prompts.perHost=true} mixes the host name into the index so that every load generator's prompts
 * differ. (A split with {@code -Dinjector} needs no such thing: its parts' indices never coincide.)
 *
 * <p>Why a start instant: each injector cuts its steps by its own elapsed time since its start, so
 * steps line up across machines only when the injectors start together. A split run therefore needs
 * {@code run.startAt}; an injector ready after it (beyond the tolerance) refuses to run rather than
 * skew its steps against the others'.
 *
 * @param injector 1-based index of this part
 * @param injectorCount how many parts the run has, ≥ 1
 * @param runId the id every part of the run shares
 * @param host this load generator's host name
 * @param startAt when every injector starts its load; empty: at once
 * @param startTolerance how late an injector may be ready and still run
 * @param promptsPerHost whether this host's prompts are kept apart from other hosts'
 */
public record RunPart(
    int injector,
    int injectorCount,
    String runId,
    String host,
    Optional<Instant> startAt,
    Duration startTolerance,
    boolean promptsPerHost) {
  static final Duration DEFAULT_TOLERANCE = Duration.ofSeconds(1);
  static final int MAX_INJECTORS = 10_000;
  private static final Pattern RUN_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");
  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

  /** True when this is one of several parts. */
  public boolean split() {
    return injectorCount > 1;
  }

  /**
   * What to add to a request's index so that this host's prompts differ from other hosts': 0 unless
   * {@link #promptsPerHost}, else the host name's hash above the 32 low bits a run's requests use.
   */
  public long promptIndexOffset() {
    return promptsPerHost ? (host.hashCode() & 0x7fffffffL) << 32 : 0;
  }

  /** {@code "1/2"}. */
  public String label() {
    return injector + "/" + injectorCount;
  }

  /** From this JVM's system properties and environment, for the profile named {@code profile}. */
  public static RunPart load(String profile) {
    return load(SettingsSource.current(), profile);
  }

  /** From {@code source}, for the profile named {@code profile}, now, on this host. */
  public static RunPart load(SettingsSource source, String profile) {
    return load(source, profile, Instant.now(), localHost());
  }

  /**
   * @throws SettingsException naming the setting, when a value is unusable
   */
  public static RunPart load(
      Map<String, String> env, Properties props, String profile, Instant now, String localHost) {
    return load(SettingsSource.of(env, props), profile, now, localHost);
  }

  /**
   * @throws SettingsException naming the setting, when a value is unusable
   */
  static RunPart load(SettingsSource source, String profile, Instant now, String localHost) {
    int[] part = InjectorSetting.read(source);
    Optional<Instant> startAt = startAt(source);
    Duration tolerance = tolerance(source);
    if (part[1] > 1 && startAt.isEmpty()) {
      throw new SettingsException(
          "injector "
              + part[0]
              + "/"
              + part[1]
              + ": a split run needs one start for every injector, so that their steps line up;"
              + " set -Drun.startAt=<ISO-8601 instant> (or RUN_START_AT), the same on every"
              + " injector, e.g. -Drun.startAt="
              + now.plusSeconds(120).truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
    }
    String runId =
        source
            .get(Setting.RUN_ID)
            .map(s -> checkRunId(s.name(), s.rawValue()))
            .orElseGet(
                () ->
                    profile
                        + "-"
                        + startAt
                            .map(STAMP::format)
                            .orElseGet(
                                () ->
                                    STAMP.format(now)
                                        + "-"
                                        + Integer.toHexString(
                                            ThreadLocalRandom.current().nextInt(0x1000, 0x10000))));
    String host = source.get(Setting.RUN_HOST).map(Value::rawValue).orElse(localHost);
    boolean perHost =
        source
            .get(Setting.PROMPTS_PER_HOST)
            .map(
                s -> {
                  String value = s.value().toLowerCase(Locale.ROOT);
                  if (!value.equals("true") && !value.equals("false")) {
                    throw SettingChecks.invalid(
                        s.name(),
                        s.rawValue(),
                        "is not true or false; use true to give every load generator its"
                            + " own prompts");
                  }
                  return value.equals("true");
                })
            .orElse(false);
    return new RunPart(part[0], part[1], runId, host, startAt, tolerance, perHost);
  }

  /**
   * How long to wait, from {@code now}, for the start; zero without a start or when it has come.
   *
   * @throws SettingsException when {@code now} is past the start by more than the tolerance
   */
  public Duration untilStart(Instant now) {
    if (startAt.isEmpty()) {
      return Duration.ZERO;
    }
    Duration wait = Duration.between(now, startAt.get());
    if (wait.isNegative() && wait.abs().compareTo(startTolerance) > 0) {
      throw new SettingsException(
          "run.startAt: injector "
              + label()
              + " on "
              + host
              + " is ready "
              + String.format(Locale.ROOT, "%.1f", wait.abs().toMillis() / 1000.0)
              + " s after the start "
              + startAt.get()
              + " (tolerance "
              + String.format(Locale.ROOT, "%.1f", startTolerance.toMillis() / 1000.0)
              + " s); its steps would not line up with the other injectors': start every"
              + " injector again with a later -Drun.startAt");
    }
    return wait.isNegative() ? Duration.ZERO : wait;
  }

  private static Optional<Instant> startAt(SettingsSource source) {
    return source
        .get(Setting.RUN_START_AT)
        .map(
            s -> {
              try {
                return Instant.parse(s.value());
              } catch (DateTimeParseException e) {
                throw SettingChecks.invalid(
                    s.name(),
                    s.rawValue(),
                    "is not an ISO-8601 instant; use UTC like 2026-12-01T06:00:00Z"
                        + " (date -u -d '+2 min' +%Y-%m-%dT%H:%M:%SZ)");
              }
            });
  }

  private static Duration tolerance(SettingsSource source) {
    return source
        .get(Setting.RUN_START_TOLERANCE_SECONDS)
        .map(
            s -> {
              double seconds;
              try {
                seconds = Double.parseDouble(s.value());
              } catch (NumberFormatException e) {
                seconds = Double.NaN;
              }
              if (!(seconds > 0) || seconds > 3600) {
                throw SettingChecks.invalid(
                    s.name(),
                    s.rawValue(),
                    "is not a tolerance; use seconds > 0 and at most 3600, e.g. 1");
              }
              return Duration.ofMillis(Math.round(seconds * 1000));
            })
        .orElse(DEFAULT_TOLERANCE);
  }

  private static String checkRunId(String name, String value) {
    String id = value.strip();
    if (!RUN_ID.matcher(id).matches()) {
      throw SettingChecks.invalid(
          name, value, "is not a run id; use letters, digits, '.', '_' or '-' (at most 128)");
    }
    return id;
  }

  private static String localHost() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "unknown-host";
    }
  }
}
