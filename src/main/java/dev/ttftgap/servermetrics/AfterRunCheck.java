package dev.ttftgap.servermetrics;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What the server still had to do once the load ended: requests it reported waiting and running,
 * its own drain rate, and how long to wait before the next run. A server that keeps working on
 * requests whose clients have gone (llama.cpp: 213 deferred and 3.5 minutes of work after a run)
 * would otherwise greet the next run with a queue of the last one's.
 *
 * <p>Algorithm overview: the last reading that answered gives the work left (waiting + running,
 * summed over every model's series: the server is busy whatever the model). The drain rate is taken
 * between the first and last readings that answered: completed requests per second from the
 * server's e2e histogram count where it has one (vLLM, SGLang, TGI), else the decrease of waiting +
 * running per second (llama.cpp). The wait is work ÷ drain rate.
 *
 * <p>Assumptions: the readings were taken after the load ended, a few seconds apart ({@link
 * MetricsScraper#stopAndCheckAfterRun}); the server drains at the rate it showed while watched.
 *
 * <p>Usage: {@code AfterRunCheck.of(scrapes).sentence()} gives "After the run the server still
 * reports 213 requests deferred and 4 running: at its drain rate of 1.3 req/s, wait about 3 min
 * before the next run." (213 + 4 = 217 requests at 1.3 req/s: 167 s, said in whole minutes, rounded
 * up).
 *
 * @param attempts readings attempted after the run
 * @param answered whether any of them answered
 * @param vendor the server whose families the answer carried ({@code llamacpp}, ...); null when
 *     none
 * @param waiting requests waiting at the last answer; null when not read
 * @param running requests running at the last answer; null when not read
 * @param drainRatePerSec requests the server completed per second between the readings; null with
 *     fewer than two answers or no figure to take it from
 * @param secondsApart between the first and last answers; null with fewer than two
 * @param waitSeconds work left ÷ drain rate; null when either is unknown or the rate is not
 *     positive
 * @param failure why the last attempt failed, when none answered; null otherwise
 */
public record AfterRunCheck(
    int attempts,
    boolean answered,
    String vendor,
    Double waiting,
    Double running,
    Double drainRatePerSec,
    Double secondsApart,
    Double waitSeconds,
    ScrapeFailure failure) {

  /** The check of these readings (phase {@value Scrape#AFTER_RUN}); null when there are none. */
  public static AfterRunCheck of(List<Scrape> readings) {
    if (readings == null || readings.isEmpty()) {
      return null;
    }
    List<Scrape> ok = readings.stream().filter(Scrape::ok).toList();
    if (ok.isEmpty()) {
      return unanswered(readings.size(), readings.get(readings.size() - 1).failure());
    }
    Optional<MetricsDialect> dialect =
        MetricsDialect.recognise(ok.stream().flatMap(s -> s.samples().stream()).toList());
    Scrape first = ok.get(0);
    Scrape last = ok.get(ok.size() - 1);
    Double waiting = dialect.map(d -> sum(d, ServerMetric.WAITING, last)).orElse(null);
    Double running = dialect.map(d -> sum(d, ServerMetric.RUNNING, last)).orElse(null);
    Double apart = null;
    Double drain = null;
    if (dialect.isPresent() && last.epochMillis() > first.epochMillis()) {
      apart = (last.epochMillis() - first.epochMillis()) / 1000.0;
      Double done = completions(dialect.get(), first, last);
      if (done == null) {
        Double before = work(dialect.get(), first);
        Double after = work(dialect.get(), last);
        done = before == null || after == null ? null : before - after;
      }
      drain = done == null ? null : done / apart;
    }
    Double work =
        waiting == null && running == null ? null : zeroIfNull(waiting) + zeroIfNull(running);
    Double wait = work != null && drain != null && drain > 0 ? work / drain : null;
    return new AfterRunCheck(
        readings.size(),
        true,
        dialect.map(MetricsDialect::id).orElse(null),
        waiting,
        running,
        drain,
        apart,
        wait,
        null);
  }

  /**
   * The check when none of {@code attempts} readings answered: nothing is known of the server's
   * work, only why the last attempt failed ({@code failure}, null when unknown).
   */
  public static AfterRunCheck unanswered(int attempts, ScrapeFailure failure) {
    return new AfterRunCheck(attempts, false, null, null, null, null, null, null, failure);
  }

  /** Waiting + running at the last answer; null when neither was read. */
  public Double work() {
    return waiting == null && running == null ? null : zeroIfNull(waiting) + zeroIfNull(running);
  }

  /**
   * The sentence for the run's notes: the work left and how long to wait, or that the metrics did
   * not answer at the end; empty when the server reported nothing left (or no gauge to tell).
   */
  public Optional<String> sentence() {
    return sentence(0);
  }

  /**
   * As {@link #sentence()}, for a run that cut {@code cutRequests} requests at its end (stopped at
   * a saturated step, by the breaker, or interrupted): their connections are still open when the
   * check reads, since the load generator closes them only as it exits, so the server may count
   * them as work whatever it does once they close. The sentence then says that the figure includes
   * them and what decides whether they stay: a server that aborts a request whose client has gone
   * (vLLM) drops them at that close, one that runs them on (llama.cpp's server) does not.
   */
  public Optional<String> sentence(int cutRequests) {
    return plainSentence()
        .map(
            text ->
                answered && cutRequests > 0 && work() != null && work() > 0
                    ? text
                        + " That count includes the "
                        + cutRequests
                        + (cutRequests == 1 ? " request" : " requests")
                        + " this run cut, still connected when it read: a server that aborts"
                        + " requests whose clients have gone (vLLM) drops them as the load"
                        + " generator exits; one that keeps working on them (llama.cpp's server)"
                        + " does not."
                    : text);
  }

  private Optional<String> plainSentence() {
    if (!answered) {
      return Optional.of(
          "After the run the server's /metrics did not answer ("
              + attempts
              + (attempts == 1 ? " attempt" : " attempts")
              + (failure == null ? "" : ", " + failureWords(failure))
              + "): the server may still be busy with this run's requests; check it before the next"
              + " run.");
    }
    Double work = work();
    if (work == null || work <= 0) {
      return Optional.empty();
    }
    StringBuilder text = new StringBuilder("After the run the server still reports ");
    boolean any = false;
    if (waiting != null && waiting > 0) {
      text.append(count(waiting))
          .append(waiting == 1 ? " request " : " requests ")
          .append("llamacpp".equals(vendor) ? "deferred" : "waiting");
      any = true;
    }
    if (running != null && running > 0) {
      text.append(any ? " and " : "").append(count(running)).append(" running");
    }
    text.append(": ");
    if (waitSeconds != null) {
      text.append("at its drain rate of ")
          .append(rate(drainRatePerSec))
          .append(" req/s, wait about ")
          .append(duration(waitSeconds))
          .append(" before the next run.");
    } else if (drainRatePerSec != null) {
      text.append("it finished none in the ")
          .append(Math.round(secondsApart))
          .append(
              " s watched (it may be stalled, or working on long requests); check it before"
                  + " the next run.");
    } else {
      text.append("wait until it has drained before the next run.");
    }
    return Optional.of(text.toString());
  }

  /** "45 s" under 90 s, else whole minutes rounded up ("3 min"). */
  static String duration(double seconds) {
    if (seconds < 90) {
      return Math.max(1, Math.round(Math.ceil(seconds))) + " s";
    }
    return Math.round(Math.ceil(seconds / 60)) + " min";
  }

  private static String failureWords(ScrapeFailure failure) {
    return switch (failure) {
      case TIMEOUT -> "timed out";
      case ERROR_STATUS -> "error status";
      case UNPARSABLE -> "unparsable page";
      case CONNECTION -> "no connection";
    };
  }

  private static String count(double value) {
    return value == Math.rint(value)
        ? String.valueOf((long) value)
        : String.format(Locale.ROOT, "%.1f", value);
  }

  private static String rate(double value) {
    return value >= 10
        ? String.valueOf(Math.round(value))
        : String.format(Locale.ROOT, "%.1f", value);
  }

  private static double zeroIfNull(Double value) {
    return value == null ? 0 : value;
  }

  private static Double work(MetricsDialect dialect, Scrape scrape) {
    Double waiting = sum(dialect, ServerMetric.WAITING, scrape);
    Double running = sum(dialect, ServerMetric.RUNNING, scrape);
    return waiting == null && running == null ? null : zeroIfNull(waiting) + zeroIfNull(running);
  }

  /** Δ of the e2e histogram's {@code _count}: requests completed; null without the histogram. */
  private static Double completions(MetricsDialect dialect, Scrape first, Scrape last) {
    Double a = count(dialect, first);
    Double b = count(dialect, last);
    return a == null || b == null ? null : Math.max(0, b - a);
  }

  private static Double count(MetricsDialect dialect, Scrape scrape) {
    List<Double> counts =
        dialect.names(ServerMetric.E2E).stream()
            .flatMap(
                family -> scrape.samples().stream().filter(s -> s.name().equals(family + "_count")))
            .map(MetricSample::value)
            .toList();
    return counts.isEmpty() ? null : counts.stream().mapToDouble(Double::doubleValue).sum();
  }

  /** The gauge's value summed over its series (current name, else a deprecated one). */
  private static Double sum(MetricsDialect dialect, ServerMetric metric, Scrape scrape) {
    for (String family : dialect.names(metric)) {
      List<Double> values =
          scrape.samples().stream()
              .filter(s -> s.name().equals(family))
              .map(MetricSample::value)
              .toList();
      if (!values.isEmpty()) {
        return values.stream().mapToDouble(Double::doubleValue).sum();
      }
    }
    return null;
  }
}
