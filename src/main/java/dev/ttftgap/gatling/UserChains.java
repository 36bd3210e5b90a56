package dev.ttftgap.gatling;

import static io.gatling.javaapi.core.CoreDsl.*;

import dev.ttftgap.config.RunPart;
import dev.ttftgap.measure.RequestContext;
import dev.ttftgap.profile.ApiShape;
import dev.ttftgap.profile.ConversationState;
import dev.ttftgap.profile.LoadProfile;
import dev.ttftgap.profile.LoadSplit;
import dev.ttftgap.profile.PlannedRequest;
import dev.ttftgap.profile.RequestFactory;
import dev.ttftgap.stream.StreamAnswer;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * What a user of a {@link LoadRun} does: one measured request with its own prompt, or every turn of
 * one conversation (an agent's tool-call answers sent back with their results); each request in the
 * profile's API, behind the breaker gate, planned into the session first.
 */
final class UserChains {
  private static final String PLANNED = "ttftgap.planned";
  private static final String CONVERSATION = "ttftgap.conversation";
  private final RunCommon run;
  private final Function<Session, RequestContext> contextOf;
  private final AtomicLong nextRequest = new AtomicLong();
  private final AtomicLong nextConversation = new AtomicLong();

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

  /**
   * What a user does: one measured request with its own prompt, or, when the load profile holds
   * conversations, every turn of one conversation with the think time between turns; nothing more
   * once the circuit breaker has stopped the run.
   */
  ChainBuilder request() {
    RequestFactory requests = run.requests();
    if (requests.multiTurn()) {
      return conversation();
    }
    LoadSplit split = run.split();
    RunPart part = run.setup().part();
    return exec(run.gate().chain())
        .exec(
            session ->
                session.set(
                    PLANNED,
                    requests.single(
                        split.requestIndex(nextRequest.getAndIncrement())
                            + part.promptIndexOffset())))
        .exec(measured());
  }

  private ChainBuilder conversation() {
    RequestFactory requests = run.requests();
    LoadSplit split = run.split();
    RunPart part = run.setup().part();
    Duration think =
        Duration.ofMillis(
            Math.round(
                run.setup().profile().request().conversation().orElseThrow().thinkTimeSeconds()
                    * 1000));
    return exec(session ->
            session.set(
                CONVERSATION,
                requests.conversation(
                    split.requestIndex(nextConversation.getAndIncrement())
                        + part.promptIndexOffset())))
        .asLongAs(session -> session.<ConversationState>get(CONVERSATION).hasNext())
        .on(
            exec(run.gate().chain())
                .exec(
                    session ->
                        session.set(PLANNED, session.<ConversationState>get(CONVERSATION).next()))
                .exec(measured())
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

  /** The request planned in the session, measured. */
  private ChainBuilder measured() {
    LoadProfile profile = run.setup().profile();
    ApiShape api = profile.request().api();
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
