package dev.ttftgap.gatling.internal;

import dev.ttftgap.measure.ObservedRow;
import io.gatling.commons.stats.KO$;
import io.gatling.commons.stats.OK$;
import io.gatling.commons.stats.Status;
import io.gatling.commons.util.Clock;
import io.gatling.commons.validation.Success;
import io.gatling.core.CoreComponents;
import io.gatling.core.action.SessionHook;
import io.gatling.core.protocol.Protocol;
import io.gatling.core.protocol.ProtocolComponents;
import io.gatling.core.protocol.ProtocolComponentsRegistry;
import io.gatling.core.protocol.ProtocolKey;
import io.gatling.core.session.GroupBlock;
import io.gatling.core.stats.StatsEngine;
import io.gatling.core.structure.ScenarioContext;
import io.gatling.http.client.HttpClient;
import io.gatling.http.engine.HttpEngine;
import io.gatling.http.protocol.HttpComponents;
import io.gatling.http.protocol.HttpProtocol;
import io.gatling.http.util.SslContextsFactory;
import io.gatling.javaapi.core.ActionBuilder;
import io.gatling.javaapi.core.OpenInjectionStep;
import io.gatling.javaapi.core.Session;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;
import scala.Function1;
import scala.Option;
import scala.concurrent.duration.FiniteDuration;

/**
 * The one place that touches Gatling internals, pinned to Gatling 3.15.1 ({@code
 * GatlingInternalsTest} fails loudly on another version). Kept as one class (a little over 300
 * lines) so that every reflective reach into Gatling is read, and re-checked on an upgrade, in one
 * file.
 *
 * <p>Gatling's open-source edition has no public API for six things this project needs:
 *
 * <ul>
 *   <li><b>Report rows of our own</b>: {@link #logRows} logs, through the run's {@code StatsEngine}
 *       the way Gatling's own actions do, one request row per request (its TTFT) and TTFB and gap
 *       as group timings ({@code logGroupEnd}) on the request's path inside the step's group
 *       ({@code step > ttfb > gap > ttft}: Gatling shows a group only on a request's path). Gatling
 *       counts only request rows in its Global Information, its request counts and throughput and
 *       in {@code global()} assertions, so those stay true: one request per request sent,
 *       percentiles of one metric.
 *   <li><b>Reading back the rows of one stream</b>: the SSE connect action keeps its timestamps
 *       (send, headers, first token, {@code [DONE]}) and its failure messages ("Server returned
 *       http response with code 429") to itself. {@link #tapped} builds the connect action with a
 *       {@code StatsEngine} that remembers its rows instead of logging them (keyed by the identity
 *       of the user's group list: a new list each time a user enters a group, so one key per
 *       request); {@link #takeRows} hands them to the next action, which logs the request's rows
 *       from them. Every timing thus comes from Gatling's own clock. {@link #silenced} drops the
 *       rows of an action (the close of a stream a failure left open).
 *   <li><b>Gatling's clock</b>, to stamp SSE events as they arrive ({@link #nowMillis}): taken from
 *       the run's components when the tapped action is built.
 *   <li><b>The server's message on an error status</b>: Gatling's SSE client fails the stream at
 *       the status line and never reads the body. The tapped action's HTTP components send through
 *       {@link ErrorBodyCapture}, around the run's own HTTP client (a private field of {@code
 *       HttpEngine}), which reads the body and puts the message in the failure.
 *   <li><b>The event loops</b>, to probe how late they run ({@link #eventLoops}).
 *   <li><b>The planned start of each user</b>, to measure injection lag ({@link
 *       #plannedStartsNanos}).
 * </ul>
 */
public final class GatlingInternals {
  public static final String PINNED_GATLING_VERSION = "3.15.1";

  /** The run's clock, captured when the first tapped action is built. */
  private static volatile Clock clock;

  /** The run's event loops (users and their connections run on them), captured with the clock. */
  private static volatile List<ScheduledExecutorService> eventLoops;

  private GatlingInternals() {}

  /** The connect action, built so that its rows can be read back with {@link #takeRows}. */
  public static ActionBuilder tapped(ActionBuilder connect) {
    io.gatling.core.action.builder.ActionBuilder scalaConnect = connect.asScala();
    io.gatling.core.action.builder.ActionBuilder wrapper =
        (ctx, next) -> {
          clock = ctx.coreComponents().clock();
          eventLoops = loopsOf(ctx.coreComponents().eventLoopGroup());
          return scalaConnect.build(
              withErrorBodies(
                  withStatsEngine(ctx, new RowTap(ctx.coreComponents().statsEngine(), true))),
              next);
        };
    return () -> wrapper;
  }

  /**
   * The action, built so that the rows it logs are dropped (its crashes still reach Gatling's error
   * table): for actions that are plumbing, not requests.
   */
  public static ActionBuilder silenced(ActionBuilder action) {
    io.gatling.core.action.builder.ActionBuilder scalaAction = action.asScala();
    io.gatling.core.action.builder.ActionBuilder wrapper =
        (ctx, next) ->
            scalaAction.build(
                withStatsEngine(ctx, new RowTap(ctx.coreComponents().statsEngine(), false)), next);
    return () -> wrapper;
  }

  /**
   * The rows the tapped connect action logged for this user's current group, in logging order;
   * removes them. Must run inside the same group as the connect action.
   */
  public static List<ObservedRow> takeRows(Session session) {
    return RowTap.take(session.asScala().groups());
  }

  /**
   * Now on Gatling's own clock (the one that stamps rows and events), for logging SSE events as
   * they arrive. Only valid once a {@link #tapped} action has been built, i.e. during a run.
   */
  public static long nowMillis() {
    Clock current = clock;
    if (current == null) {
      throw new IllegalStateException(
          "no Gatling run: GatlingInternals.tapped(...) was never built");
    }
    return current.nowMillis();
  }

  /**
   * The event loops of the running simulation: the Netty loops of {@code CoreComponents} on which
   * Gatling starts every user and runs every user's HTTP connections (Gatling 3.15.1: {@code
   * Workload.injectUser} and {@code HttpEngine} both take {@code eventLoopGroup.next()}). Empty
   * until a {@link #tapped} action has been built, i.e. before the run's first user. Netty's {@code
   * EventExecutor} is a {@link ScheduledExecutorService}: a task scheduled on one runs on that
   * loop.
   */
  public static List<ScheduledExecutorService> eventLoops() {
    List<ScheduledExecutorService> current = eventLoops;
    return current == null ? List.of() : current;
  }

  /**
   * When each user of an open injection profile is planned to start, ns after the injector starts,
   * in user-id order (user {@code n} is element {@code n − 1}): Gatling's own schedule, from the
   * very step objects given to {@code injectOpen} (a randomized step keeps its seed, so its
   * instants are the ones the run uses). Gatling 3.15.1: {@code UserStream} folds the steps' {@code
   * chain} iterators from the right, and user ids are taken in that order.
   */
  public static long[] plannedStartsNanos(List<OpenInjectionStep> steps) {
    scala.collection.Iterator<FiniteDuration> offsets = scala.collection.Iterator$.MODULE$.empty();
    for (int i = steps.size() - 1; i >= 0; i--) {
      offsets = steps.get(i).asScala().chain(offsets);
    }
    long[] planned = new long[16];
    int count = 0;
    while (offsets.hasNext()) {
      if (count == planned.length) {
        planned = java.util.Arrays.copyOf(planned, count * 2);
      }
      planned[count++] = offsets.next().toNanos();
    }
    return java.util.Arrays.copyOf(planned, count);
  }

  private static List<ScheduledExecutorService> loopsOf(Iterable<?> group) {
    List<ScheduledExecutorService> loops = new ArrayList<>();
    for (Object loop : group) {
      loops.add((ScheduledExecutorService) loop);
    }
    return List.copyOf(loops);
  }

  /**
   * An action that logs the rows {@code rows} computes, in the user's current group: a timing row
   * as a group nested in the one before it ({@code [step, ttfb]}, then {@code [step, ttfb, gap]}),
   * a {@linkplain ReportRow#request() request} row as a Gatling request inside the last of them.
   * Gatling counts only the request, and shows a group only when a request lies inside it, hence
   * the chain. A row's time is {@code endMillis − startMillis}.
   */
  public static ActionBuilder logRows(Function<Session, List<ReportRow>> rows) {
    io.gatling.core.action.builder.ActionBuilder builder =
        (ctx, next) -> {
          StatsEngine statsEngine = ctx.coreComponents().statsEngine();
          return new SessionHook(
              scalaSession -> {
                Session session = new Session(scalaSession);
                // each timing nests in the previous one, the request in the last: Gatling shows a
                // group only on the path of a request (ReportsGenerator.computeRootContainer)
                scala.collection.immutable.List<String> path = scalaSession.groups();
                for (ReportRow row : rows.apply(session)) {
                  Status status = row.ok() ? OK$.MODULE$ : KO$.MODULE$;
                  if (row.request()) {
                    statsEngine.logResponse(
                        scalaSession.scenario(),
                        path,
                        row.name(),
                        row.startMillis(),
                        row.endMillis(),
                        status,
                        Option.empty(),
                        row.ok() ? Option.empty() : Option.apply(row.message()));
                  } else {
                    // a group's own figure: start, exit and cumulated time all say the same
                    path = nested(path, row.name());
                    statsEngine.logGroupEnd(
                        scalaSession.scenario(),
                        new GroupBlock(
                            path,
                            row.startMillis(),
                            (int) (row.endMillis() - row.startMillis()),
                            status),
                        row.endMillis());
                  }
                }
                return new Success<>(scalaSession);
              },
              "ttftGapRows",
              statsEngine,
              next);
        };
    return () -> builder;
  }

  /** {@code groups} with {@code name} appended: the path of a group nested in the current one. */
  private static scala.collection.immutable.List<String> nested(
      scala.collection.immutable.List<String> groups, String name) {
    return groups.reverse().$colon$colon(name).reverse();
  }

  /**
   * A row to show in the report.
   *
   * @param request true: a Gatling request (counted in Gatling's totals); false: a timing shown as
   *     a group nested in the current one
   */
  public record ReportRow(
      String name, long startMillis, long endMillis, boolean ok, String message, boolean request) {}

  private static ScenarioContext withStatsEngine(ScenarioContext ctx, StatsEngine statsEngine) {
    CoreComponents core = ctx.coreComponents();
    return new ScenarioContext(
        new CoreComponents(
            core.actorSystem(),
            core.eventLoopGroup(),
            core.controller(),
            core.throttler(),
            statsEngine,
            core.clock(),
            core.exit(),
            core.configuration()),
        ctx.protocolComponentsRegistry(),
        ctx.pauseType(),
        ctx.throttled());
  }

  /**
   * The same context, whose HTTP components send through {@link ErrorBodyCapture}: the run's own
   * HTTP client (same connection pools, TLS and protocol), with error bodies kept.
   */
  private static ScenarioContext withErrorBodies(ScenarioContext ctx) {
    HttpComponents http =
        ctx.protocolComponentsRegistry().components(HttpProtocol.HttpProtocolKey());
    HttpEngine engine =
        new HttpEngine(
            internalField(http.httpEngine(), "sslContextsFactory", SslContextsFactory.class),
            new ErrorBodyCapture(internalField(http.httpEngine(), "httpClient", HttpClient.class)),
            ctx.coreComponents().eventLoopGroup(),
            ctx.coreComponents().clock(),
            ctx.coreComponents().configuration());
    HttpComponents capturing =
        new HttpComponents(http.httpProtocol(), engine, http.httpCaches(), http.httpTxExecutor());
    scala.collection.mutable.HashMap<ProtocolKey<?, ?>, Function1<Protocol, ProtocolComponents>>
        factories = new scala.collection.mutable.HashMap<>();
    factories.put(HttpProtocol.HttpProtocolKey(), protocol -> capturing);
    ProtocolComponentsRegistry registry =
        new ProtocolComponentsRegistry(
            ctx.coreComponents(),
            scala.collection.immutable.Map$.MODULE$.empty(),
            factories,
            new scala.collection.mutable.HashMap<>());
    return new ScenarioContext(ctx.coreComponents(), registry, ctx.pauseType(), ctx.throttled());
  }

  /** A private field of a Gatling class ({@code GatlingInternalsTest} checks that it is there). */
  static <T> T internalField(Object owner, String name, Class<T> type) {
    try {
      Field field = owner.getClass().getDeclaredField(name);
      field.setAccessible(true);
      return type.cast(field.get(owner));
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(
          "Gatling internals moved: "
              + owner.getClass().getName()
              + "."
              + name
              + " ("
              + e
              + "); GatlingInternals is pinned to Gatling "
              + PINNED_GATLING_VERSION,
          e);
    }
  }
}
