package dev.ttftgap.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.engine.scheduler.Sequence;
import dev.ttftgap.engine.scheduler.TokenSink;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.AttributeKey;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One accepted chat completion: queues its {@link Sequence} and turns the tokens the scheduler
 * produces into the response, honouring the request's faults.
 *
 * <p>Lives on the engine thread. The scheduler hands a token to {@link #onToken} at the end of its
 * step. The bytes go out through an {@link SseResponse} (header modes), or a {@link WholeReply} for
 * {@code "stream": false}; {@link StreamFaults} says when a fault strikes (a stall holds tokens
 * back and releases them together when it ends); {@link StreamStamps} keeps the ground-truth
 * instants, taken right before the bytes are handed to the channel.
 *
 * <p>One class (~350 lines) on purpose: the request's life cycle (queue, tokens, faults, client
 * gone, end) is one state machine whose steps read and write the same few fields; its parts already
 * live in {@link SseResponse}, {@link StreamFaults} and {@link StreamStamps}.
 */
final class ChatStream implements TokenSink {
  private static final Logger LOG = LoggerFactory.getLogger(ChatStream.class);
  private static final AttributeKey<ChatStream> ACTIVE = AttributeKey.valueOf("ttftgap.stream");

  private final EngineContext context;
  private final ModelEngine model;
  private final Channel channel;
  private final ChatRequest request;
  private final boolean keepAlive;
  private final String id;
  private final StreamEncoder encoder;
  private final StreamStamps stamps;
  private final StreamFaults faults;
  private final SseResponse response;
  private final WholeReply completion;
  private final ChannelFutureListener closeListener = future -> onChannelClosed();
  private Sequence sequence;
  private HttpResponseStatus status = HttpResponseStatus.OK;
  private int written;
  private boolean ended;
  private boolean abandoned;
  private HttpWorkerPool.Connection worker;

  private ChatStream(
      EngineContext context,
      Channel channel,
      ChatRequest request,
      SimFault fault,
      boolean keepAlive,
      StreamStamps stamps) {
    this.context = context;
    this.model = context.model(request.profile().name());
    this.channel = channel;
    this.request = request;
    this.keepAlive = keepAlive;
    this.id = context.newRequestId();
    this.encoder = StreamEncoders.of(id, request, stamps.acceptedEpochMicros() / 1_000_000L);
    this.stamps = stamps;
    this.faults = new StreamFaults(fault);
    this.response =
        new SseResponse(channel, keepAlive, id, encoder, stamps, () -> context.addKeepAlive(this));
    this.completion = request.stream() ? null : WholeReply.of(request.api());
  }

  /**
   * Accepts {@code request} on the engine thread: rejects it (status fault, queue full) or queues
   * it and, in {@link HeaderMode#AT_ACCEPT}, writes the headers and the role chunk at once.
   */
  static void accept(
      EngineContext context,
      Channel channel,
      ChatRequest request,
      SimFault headerFault,
      boolean keepAlive,
      long acceptedEpochMicros,
      long acceptedMonoMicros) {
    if (channel.attr(ACTIVE).get() != null) {
      // HTTP pipelining: an answer now would land inside the running stream's body
      LOG.warn("pipelined request on {} while a stream runs: closing the connection", channel);
      channel.close();
      return;
    }
    SimFault fault =
        context.drawFault(request.profile()).merge(headerFault).merge(request.bodyFault());
    new ChatStream(
            context,
            channel,
            request,
            fault,
            keepAlive,
            new StreamStamps(acceptedEpochMicros, acceptedMonoMicros))
        .start();
  }

  private void start() {
    SimFault fault = faults.fault();
    if (fault.status() != null) {
      reject(ApiException.simulatedStatus(fault.status()), null);
      return;
    }
    sequence =
        new Sequence(
            id, request.promptTokens(), request.blockHashes(), request.outputTokens(), this);
    if (!model.scheduler().submit(sequence, stamps.acceptedMonoMicros())) {
      model.metrics().rejected++;
      int waiting = model.scheduler().waitingCount();
      long retryAfterSeconds =
          (long) Math.ceil((waiting + 1.0) / model.profile().saturationRatePerSecond());
      reject(
          ApiException.queueFull(waiting, model.profile().name()), Math.max(1L, retryAfterSeconds));
      return;
    }
    worker = HttpWorkerPool.of(channel);
    if (worker != null) {
      // held until the stream ends, even when its client leaves first (run-on)
      worker.retain();
    }
    channel.attr(ACTIVE).set(this);
    channel.closeFuture().addListener(closeListener);
    if (request.stream() && !ended && !abandoned) {
      response.open(context.config().headerMode());
    }
    model.kick();
  }

  @Override
  public void onToken(Sequence produced, long stepEndMicros, boolean last) {
    try {
      if (ended) {
        return;
      }
      if (abandoned) {
        // run-on: the work is done for a client that has gone; nothing is written
        if (last) {
          model.metrics().abandonedServed(produced.generatedTokens());
          end(GroundTruth.CLIENT_DISCONNECTED);
        }
        return;
      }
      if (faults.stalled()) {
        faults.hold(last);
        return;
      }
      deliver(last, stepEndMicros);
    } catch (RuntimeException e) {
      LOG.warn("stream {} failed, closing its connection", id, e);
      model.scheduler().abort(sequence);
      if (!ended) {
        end(GroundTruth.FAULT);
      }
      channel.close();
    }
  }

  /** Writes a {@code : keep-alive} comment if nothing was written for {@code intervalNanos}. */
  void keepAliveIfIdle(long nowNanos, long intervalNanos) {
    if (!ended) {
      response.keepAliveIfIdle(nowNanos, intervalNanos);
    }
  }

  private void deliver(boolean last, long stepEndMicros) {
    if (faultAt(written, true, last)) {
      return;
    }
    writeToken(stepEndMicros);
    written++;
    if (last && !faultAt(written, false, true)) {
      finish();
    }
  }

  /**
   * Applies the faults due after {@code tokens} content tokens.
   *
   * @return true when the fault ended the stream or held the current token back
   */
  private boolean faultAt(int tokens, boolean tokenPending, boolean last) {
    switch (faults.at(tokens, tokenPending, last)) {
      case ERROR -> failMidStream(false);
      case ERROR_LINE -> failMidStream(true);
      case DROP -> drop();
      case STALL ->
          context.executor().schedule(this::endStall, faults.stallMillis(), TimeUnit.MILLISECONDS);
      case MALFORMED -> {
        if (request.stream()) {
          response.writeEvent(encoder.malformedEvent(channel.alloc()));
        }
        return false;
      }
      case NONE -> {
        return false;
      }
    }
    return true;
  }

  private void endStall() {
    StreamFaults.Held held = faults.release();
    if (abandoned) {
      if (held.last() && !ended) {
        model.metrics().abandonedServed(sequence.generatedTokens());
        end(GroundTruth.CLIENT_DISCONNECTED);
      }
      return;
    }
    if (held.tokens() == 0 && held.last() && !ended && !faultAt(written, false, true)) {
      finish();
    }
    for (int i = 0; i < held.tokens() && !ended && !faults.stalled(); i++) {
      deliver(held.last() && i == held.tokens() - 1, StreamStamps.UNDEFINED);
    }
  }

  private void writeToken(long stepEndMicros) {
    if (written == 0) {
      Integer cached =
          request.profile().prefixCacheBlocks() > 0 && sequence != null
              ? sequence.cachedTokens()
              : null;
      model.metrics().firstToken(request.promptTokens(), cached, stamps.sinceAcceptedMicros());
    }
    if (completion != null) {
      return;
    }
    long writtenNanos =
        response.writeToken(
            written,
            WordList.wordBytes(written, request.promptTokens()),
            request.part(written) == OutputPart.CONTENT);
    if (writtenNanos >= 0 && stepEndMicros != StreamStamps.UNDEFINED) {
      // the scheduler's engine time is WallClock.monoMicros(), nanoTime in µs
      context.recordWriteLag(writtenNanos / 1_000L - stepEndMicros);
    }
  }

  private void finish() {
    // vLLM counts a tool-call turn under finished_reason "stop": the model ended it itself
    String reason = request.toolCall() != null ? "stop" : request.finishReason();
    model.metrics().served(written, reason, stamps.sinceAcceptedMicros());
    ObjectNode metrics =
        request.includeMetrics() ? stamps.serverMetrics(sequence, request.promptTokens()) : null;
    String outcome = faults.fault().any() ? GroundTruth.FAULT : GroundTruth.OK;
    if (completion != null) {
      FullHttpResponse reply =
          completion.response(
              id, stamps.acceptedEpochMicros() / 1_000_000L, request, written, metrics);
      stamps.wholeResponseWritten(WallClock.epochMicros(), written > 0, written > 0);
      end(outcome);
      HttpResponses.send(channel, keepAlive, reply);
      return;
    }
    response.writeEnding(
        written, metrics == null ? null : metrics.toString(), !faults.fault().noDone());
    response.end(written > 0, () -> end(outcome));
  }

  /**
   * Ends the stream with an error: the API's error event, or (with {@code errorLine}) llama.cpp's
   * {@code error:} line and {@code [DONE]}; a non-streaming request gets a 500 either way.
   */
  private void failMidStream(boolean errorLine) {
    model.scheduler().abort(sequence);
    String message = "Simulated fault: error after " + written + " tokens";
    if (!request.stream()) {
      reject(ApiException.serverError(message), null);
      return;
    }
    response.writeEvent(
        errorLine
            ? StreamEncoder.errorLine(channel.alloc(), message)
            : encoder.failure(channel.alloc(), message));
    response.end(written > 0, () -> end(GroundTruth.FAULT));
  }

  private void drop() {
    model.scheduler().abort(sequence);
    response.discard();
    stamps.lastWritten(WallClock.epochMicros());
    end(GroundTruth.FAULT);
    channel.close();
  }

  private void reject(ApiException error, Long retryAfterSeconds) {
    FullHttpResponse rejection = HttpResponses.error(error, request.api());
    rejection.headers().set("x-request-id", id);
    if (retryAfterSeconds != null) {
      rejection.headers().set(HttpHeaderNames.RETRY_AFTER, retryAfterSeconds);
    }
    status = error.status();
    long now = WallClock.epochMicros();
    stamps.headersWritten(now);
    stamps.lastWritten(now);
    end(GroundTruth.REJECTED);
    HttpResponses.send(channel, keepAlive, rejection);
  }

  private void onChannelClosed() {
    context.onEngineThread(
        () -> {
          if (ended || abandoned) {
            return;
          }
          response.discard();
          if (context.config().disconnectPolicy() == DisconnectPolicy.RUN_ON
              && sequence != null
              && (sequence.state() == Sequence.State.WAITING
                  || sequence.state() == Sequence.State.RUNNING)) {
            // keeps its place in the queue or the batch and runs to its end, as llama.cpp does
            abandoned = true;
            context.removeKeepAlive(this);
            return;
          }
          model.scheduler().abort(sequence);
          end(GroundTruth.CLIENT_DISCONNECTED);
        });
  }

  private void end(String outcome) {
    ended = true;
    encoder.release();
    channel.attr(ACTIVE).compareAndSet(this, null);
    if (sequence != null) {
      channel.closeFuture().removeListener(closeListener);
    }
    context.removeKeepAlive(this);
    GroundTruth truth =
        stamps.groundTruth(id, request, status.code(), sequence, written, outcome, faults.fault());
    if (truth.queueMicros() != null) {
      model.metrics().scheduled(truth.queueMicros(), sequence);
    }
    context.groundTruth().record(truth);
    if (worker != null) {
      HttpWorkerPool.Connection held = worker;
      worker = null;
      held.release();
    }
  }
}
