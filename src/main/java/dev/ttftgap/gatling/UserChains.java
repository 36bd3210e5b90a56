package dev.ttftgap.gatling;

import static io.gatling.javaapi.core.CoreDsl.*;

import dev.ttftgap.config.RunPart;
import dev.ttftgap.measure.RequestContext;
import dev.ttftgap.profile.ApiShape;
import dev.ttftgap.profile.ConversationState;
import dev.ttftgap.profile.LoadProfile;
import dev.ttftgap.profile.LoadSplit;
import dev.ttftgap.profile.PlannedRequest;
import dev.ttftgap.stream.StreamAnswer;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * What a user of a {@link LoadRun} does: one measured request with its own prompt, or every turn of
 * one conversation (an agent's tool-call answers sent back with their results); each request in its
 * class's API, behind the breaker gate, planned into the session first.
 *
 * <p>With request classes, every arrival is drawn to a class by share ({@link RunCommon#classOf},
 * seeded by the arrival's run-wide index) and then does what its class does: one arrival process,
 * the classes interleaved as in production.
 */
final class UserChains {
  private static final String PLANNED = "ttftgap.planned";
  private static final String CONVERSATION = "ttftgap.conversation";
  private static final String INDEX = "ttftgap.index";
  private static final String CLASS = "ttftgap.class";
  private final RunCommon run;
  private final Function<Session, RequestContext> contextOf;
  private final AtomicLong nextArrival = new AtomicLong();

  /**
   * @param run the run the users belong to
   * @param contextOf each request's context (its step), from the session it is planned in
   */
  UserChains(RunCommon run, Function<Session, RequestContext> contextOf) {
    this.run = run;
    this.contextOf = contextOf;
  }

  /** The request planned in {@code session}. */
  static PlannedRequest planned(Session session) {
    return session.get(PLANNED);
  }

  /** The position among the run's classes of the user's class (0 without classes). */
  static int classIndex(Session session) {
    return session.contains(CLASS) ? session.getInt(CLASS) : 0;
  }

  /**
   * What a user does: takes the next run-wide arrival index, draws its class, then sends what the
   * class sends (one request, or every turn of a conversation); nothing more once the circuit
   * breaker has stopped the run.
   */
  ChainBuilder request() {
    LoadSplit split = run.split();
    RunPart part = run.setup().part();
    List<RunClass> classes = run.classes();
    ChainBuilder arrival =
        exec(
            session -> {
              long index =
                  split.requestIndex(nextArrival.getAndIncrement()) + part.promptIndexOffset();
              return session.set(INDEX, index).set(CLASS, run.classOf(index));
            });
    if (classes.size() == 1) {
      return arrival.exec(ofClass(classes.get(0)));
    }
    return arrival
        .doSwitch(session -> session.getInt(CLASS))
        .on(
            IntStream.range(0, classes.size())
                .mapToObj(i -> onCase(i).then(ofClass(classes.get(i))))
                .toList());
  }

  private ChainBuilder ofClass(RunClass requestClass) {
    return requestClass.requests().multiTurn()
        ? conversation(requestClass)
        : exec(run.gate().chain())
            .exec(
                session ->
                    session.set(PLANNED, requestClass.requests().single(session.getLong(INDEX))))
            .exec(measured(requestClass));
  }

  private ChainBuilder conversation(RunClass requestClass) {
    Duration think =
        Duration.ofMillis(
            Math.round(
                requestClass.shape().conversation().orElseThrow().thinkTimeSeconds() * 1000));
    return exec(session ->
            session.set(CONVERSATION, requestClass.requests().conversation(session.getLong(INDEX))))
        .asLongAs(session -> session.<ConversationState>get(CONVERSATION).hasNext())
        .on(
            exec(run.gate().chain())
                .exec(
                    session ->
                        session.set(PLANNED, session.<ConversationState>get(CONVERSATION).next()))
                .exec(measured(requestClass))
                .exec(
                    session -> {
                      session
                          .<ConversationState>get(CONVERSATION)
                          .answered(session.<StreamAnswer>get(ChatRequestChain.ANSWER));
                      return session;
                    })
                .doIf(session -> session.<ConversationState>get(CONVERSATION).hasNext())
                .then(pause(think)))
        .exec(session -> session.remove(CONVERSATION).remove(PLANNED));
  }

  /** The request planned in the session, measured, in its class's API. */
  private ChainBuilder measured(RunClass requestClass) {
    LoadProfile profile = run.setup().profile();
    ApiShape api = requestClass.shape().api();
    return ChatRequestChain.request(
        api.api(),
        api.ttftFrom(),
        run.setup().target().url(api.api()),
        session -> session.<PlannedRequest>get(PLANNED).json(),
        contextOf,
        Duration.ofMillis(profile.timeouts().firstTokenMillis()),
        Duration.ofMillis(profile.timeouts().streamMillis()),
        run.records(),
        run.setup().settings().newConnectionPerUser() ? null : run.connections());
  }
}
