package dev.ttftgap.gatling.internal;

import dev.ttftgap.measure.ObservedRow;
import io.gatling.commons.stats.OK$;
import io.gatling.commons.stats.Status;
import io.gatling.core.actor.ActorRef;
import io.gatling.core.controller.Controller;
import io.gatling.core.session.GroupBlock;
import io.gatling.core.stats.StatsEngine;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import scala.Option;

/**
 * A {@code StatsEngine} that forwards everything but the response rows, which it remembers per
 * group instance ({@code remember}) or drops; {@link #take} hands the remembered rows of one group
 * instance to the next action.
 */
record RowTap(StatsEngine delegate, boolean remember) implements StatsEngine {

  private static final ConcurrentHashMap<IdentityKey, List<ObservedRow>> TAPPED =
      new ConcurrentHashMap<>();

  /** The rows remembered for {@code groups} (by identity), in logging order; removes them. */
  static List<ObservedRow> take(Object groups) {
    List<ObservedRow> rows = TAPPED.remove(new IdentityKey(groups));
    return rows == null ? List.of() : List.copyOf(rows);
  }

  @Override
  public void logResponse(
      String scenario,
      scala.collection.immutable.List<String> groups,
      String requestName,
      long startTimestamp,
      long endTimestamp,
      Status status,
      Option<String> responseCode,
      Option<String> message) {
    // not forwarded: the request's rows are logged from these by logRows, one request each
    // Long.MinValue marks "an unmatched message arrived", not a row
    if (remember && endTimestamp != Long.MIN_VALUE && !groups.isEmpty()) {
      ObservedRow row =
          new ObservedRow(
              requestName,
              startTimestamp,
              endTimestamp,
              status == OK$.MODULE$,
              message.isDefined() ? message.get() : null);
      keep(groups, row, 4);
    }
  }

  @Override
  public void logRequestCrash(
      String scenario,
      scala.collection.immutable.List<String> groups,
      String requestName,
      String error) {
    delegate.logRequestCrash(scenario, groups, requestName, error);
    if (remember && !groups.isEmpty()) {
      keep(groups, new ObservedRow(requestName, 0, 0, false, error), 1);
    }
  }

  private static void keep(Object groups, ObservedRow row, int initialCapacity) {
    TAPPED
        .computeIfAbsent(
            new IdentityKey(groups),
            k -> Collections.synchronizedList(new ArrayList<>(initialCapacity)))
        .add(row);
  }

  @Override
  public void start() {
    delegate.start();
  }

  @Override
  public void stop(ActorRef<Controller.Command> controller, Option<Exception> exception) {
    delegate.stop(controller, exception);
  }

  @Override
  public void logUserStart(String scenario) {
    delegate.logUserStart(scenario);
  }

  @Override
  public void logUserEnd(String scenario) {
    delegate.logUserEnd(scenario);
  }

  @Override
  public void logGroupEnd(String scenario, GroupBlock groupBlock, long exitTimestamp) {
    delegate.logGroupEnd(scenario, groupBlock, exitTimestamp);
  }

  /** Identity, not equality: two users in the same step have equal but distinct group lists. */
  private record IdentityKey(Object target) {
    @Override
    public boolean equals(Object other) {
      return other instanceof IdentityKey key && key.target == target;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(target);
    }
  }
}
