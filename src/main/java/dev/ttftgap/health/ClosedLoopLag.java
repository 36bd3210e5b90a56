package dev.ttftgap.health;

import dev.ttftgap.record.RequestRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Injection lag of a closed model, from the records: a user's next request is planned for the
 * instant its previous one ended, so its lag is {@code next start − (previous start + previous
 * e2e)}. It holds the client's own work between two requests (record assembly, report rows) and any
 * event-loop queueing before the next send: what delays a closed-model user. Whole milliseconds
 * (Gatling's clock), so a lag under 2 ms is resolution.
 */
public final class ClosedLoopLag {
  private ClosedLoopLag() {}

  /**
   * One lag: the step and start of the request that lagged, and by how much, ms.
   *
   * @param step the lagging request's step
   * @param startEpochMillis its start
   * @param lagMillis its start minus the end of the same user's previous request
   */
  public record Lag(int step, long startEpochMillis, long lagMillis) {}

  /**
   * The lag of every request that followed one of the same user (same run, injector and user id:
   * every injector numbers its users from 1) with an end; a user's first request has none.
   */
  public static List<Lag> of(List<RequestRecord> records) {
    Map<List<Object>, List<RequestRecord>> byUser =
        records.stream()
            .collect(
                Collectors.groupingBy(
                    r ->
                        List.of(
                            Objects.toString(r.identity().run()),
                            Objects.toString(r.part().runId()),
                            Objects.toString(r.part().host()),
                            Objects.toString(r.part().injector()),
                            r.identity().userId())));
    List<Lag> lags = new ArrayList<>();
    for (List<RequestRecord> user : byUser.values()) {
      List<RequestRecord> sorted =
          user.stream()
              .sorted(Comparator.comparingLong(r -> r.timings().startEpochMillis()))
              .toList();
      for (int i = 1; i < sorted.size(); i++) {
        RequestRecord previous = sorted.get(i - 1);
        RequestRecord next = sorted.get(i);
        if (previous.timings().e2eMillis() != null) {
          lags.add(
              new Lag(
                  next.level().step(),
                  next.timings().startEpochMillis(),
                  next.timings().startEpochMillis()
                      - previous.timings().startEpochMillis()
                      - previous.timings().e2eMillis()));
        }
      }
    }
    return lags;
  }
}
