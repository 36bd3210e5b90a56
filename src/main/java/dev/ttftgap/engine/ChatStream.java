package dev.ttftgap.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.engine.scheduler.Sequence;
import dev.ttftgap.engine.scheduler.TokenSink;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.AttributeKey;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One accepted chat completion: queues its {@link Sequence} and turns the tokens the scheduler
 * produces into the response, honouring the header mode and the request's faults.
 *
 * <p>Lives on the engine thread. Ground-truth timestamps are taken right before the bytes are
 * handed to the channel. The scheduler hands a token to {@link #onToken} at the end of its step; a
 * stall fault holds tokens back and releases them together when the stall ends.
 */
final class ChatStream implements TokenSink {
  private static final Logger LOG = LoggerFactory.getLogger(ChatStream.class);
  private static final long UNDEFINED = Long.MIN_VALUE;
  private static final AttributeKey<ChatStream> ACTIVE = AttributeKey.valueOf("ttftgap.stream");

  private final EngineContext context;
  private final ModelEngine model;
  private final Channel channel;
  private final ChatRequest request;
  private final boolean keepAlive;
  private final HeaderMode headerMode;
  private final String id;
  private final ChunkEncoder encoder;
  private final long acceptedEpochMicros;
  private final long acceptedMonoMicros;
  private final ChannelFutureListener closeListener = future -> onChannelClosed();
  private SimFault fault = SimFault.NONE;
  private Sequence sequence;
  private HttpResponseStatus status = HttpResponseStatus.OK;
  private long headersEpochMicros = UNDEFINED;
  private long firstContentEpochMicros = UNDEFINED;
  private long lastWrittenEpochMicros = UNDEFINED;
  private long lastWriteNanos;
  private int written;
  private boolean headersSent;
  private boolean ended;
  private boolean stalled;
  private boolean stallDone;
  private boolean malformedDone;
  private int pendingTokens;
  private boolean pendingLast;
  private CompositeByteBuf buffered;
  private ChannelHandlerContext httpCodec;
  private StringBuilder text;

  private ChatStream(
      EngineContext context,
      Channel channel,
      ChatRequest request,
      boolean keepAlive,
      long acceptedEpochMicros,
      long acceptedMonoMicros) {
    this.context = context;
    this.model = context.model(request.profile().name());
    this.channel = channel;
    this.request = request;
    this.keepAlive = keepAlive;
    this.headerMode = context.config().headerMode();
    this.id = context.newRequestId();
    this.encoder = new ChunkEncoder(id, request.profile().name(), acceptedEpochMicros / 1_000_000L);
    this.acceptedEpochMicros = acceptedEpochMicros;
    this.acceptedMonoMicros = acceptedMonoMicros;
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
    ChatStream stream =
        new ChatStream(
            context, channel, request, keepAlive, acceptedEpochMicros, acceptedMonoMicros);
    stream.fault =
        context.drawFault(request.profile()).merge(headerFault).merge(request.bodyFault());
    stream.start();
  }

  private void start() {
    if (fault.status() != null) {
      HttpResponseStatus faultStatus = HttpResponseStatus.valueOf(fault.status());
      reject(
          new ApiException(
              faultStatus,
              "Simulated fault: status " + fault.status(),
              fault.status() >= 500 ? "server_error" : "invalid_request_error",
              null,
              null),
          null);
      return;
    }
    sequence =
        new Sequence(
            id, request.promptTokens(), request.blockHashes(), request.outputTokens(), this);
    if (!model.scheduler().submit(sequence, acceptedMonoMicros)) {
      model.metrics().rejected++;
      long retryAfterSeconds =
          (long)
              Math.ceil(
                  (model.scheduler().waitingCount() + 1.0)
                      / model.profile().saturationRatePerSecond());
      reject(
          new ApiException(
              HttpResponseStatus.TOO_MANY_REQUESTS,
              "The engine's waiting queue is full ("
                  + model.scheduler().waitingCount()
                  + " requests waiting for model "
                  + model.profile().name()
                  + "); retry later",
              "rate_limit_error",
              null,
              "rate_limit_exceeded"),
          Math.max(1L, retryAfterSeconds));
      return;
    }
    channel.closeFuture().addListener(closeListener);
    channel.attr(ACTIVE).set(this);
    if (!request.stream()) {
      text = new StringBuilder();
    } else if (headerMode == HeaderMode.BUFFERED) {
      buffered = channel.alloc().compositeBuffer(Integer.MAX_VALUE);
      buffered.addComponent(true, encoder.role(channel.alloc()));
    } else if (headerMode == HeaderMode.AT_ACCEPT) {
      ensureHeaders();
      channel.flush();
    }
    model.kick();
  }

  @Override
  public void onToken(Sequence produced, long stepEndMicros, boolean last) {
    try {
      if (ended) {
        return;
      }
      if (stalled) {
        pendingTokens++;
        pendingLast = last;
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
    if (!ended && headersSent && nowNanos - lastWriteNanos >= intervalNanos) {
      writeEvent(ChunkEncoder.keepAlive(channel.alloc()));
      channel.flush();
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
    if (fault.errorAfterTokens() != null && fault.errorAfterTokens() == tokens) {
      failMidStream();
      return true;
    }
    if (fault.dropAfterTokens() != null && fault.dropAfterTokens() == tokens) {
      drop();
      return true;
    }
    if (fault.stallAfterTokens() != null && fault.stallAfterTokens() == tokens && !stallDone) {
      stallDone = true;
      stalled = true;
      pendingTokens = tokenPending ? 1 : 0;
      pendingLast = last;
      context.executor().schedule(this::endStall, fault.stallMillis(), TimeUnit.MILLISECONDS);
      return true;
    }
    if (fault.malformedAfterTokens() != null
        && fault.malformedAfterTokens() == tokens
        && !malformedDone) {
      malformedDone = true;
      if (request.stream()) {
        writeEvent(ChunkEncoder.malformed(channel.alloc()));
      }
    }
    return false;
  }

  private void endStall() {
    stalled = false;
    int tokens = pendingTokens;
    boolean last = pendingLast;
    pendingTokens = 0;
    pendingLast = false;
    if (tokens == 0 && last && !ended && !faultAt(written, false, true)) {
      finish();
    }
    for (int i = 0; i < tokens && !ended && !stalled; i++) {
      deliver(last && i == tokens - 1, UNDEFINED);
    }
  }

  private void writeToken(long stepEndMicros) {
    byte[] word = WordList.wordBytes(written, request.promptTokens());
    if (written == 0) {
      model.metrics().promptTokens += request.promptTokens();
      if (request.profile().prefixCacheBlocks() > 0 && sequence != null) {
        // as vLLM counts them: tokens looked up, and tokens found, per scheduled request
        model.metrics().prefixCacheQueries += request.promptTokens();
        model.metrics().prefixCacheHits += sequence.cachedTokens();
      }
      model.metrics().ttft.observeMicros(WallClock.monoMicros() - acceptedMonoMicros);
    }
    if (!request.stream()) {
      text.append(WordList.word(written, request.promptTokens()));
      return;
    }
    if (buffered != null) {
      buffered.addComponent(true, encoder.content(channel.alloc(), word));
      return;
    }
    ensureHeaders();
    long now = WallClock.epochMicros();
    if (firstContentEpochMicros == UNDEFINED) {
      firstContentEpochMicros = now;
    }
    long nowNanos = System.nanoTime();
    if (stepEndMicros != UNDEFINED) {
      // the scheduler's engine time is WallClock.monoMicros(), nanoTime in µs
      context.recordWriteLag(nowNanos / 1_000L - stepEndMicros);
    }
    lastWrittenEpochMicros = now;
    lastWriteNanos = nowNanos;
    if (httpCodec == null) {
      // the headers went through the codec, which now frames chunks; tokens are framed here
      httpCodec = channel.pipeline().context(HttpServerCodec.class);
    }
    httpCodec.writeAndFlush(encoder.framedContent(channel.alloc(), word), channel.voidPromise());
  }

  private void finish() {
    model.metrics().generationTokens += written;
    model.metrics().success(request.finishReason());
    model.metrics().e2e.observeMicros(WallClock.monoMicros() - acceptedMonoMicros);
    String metricsJson = request.includeMetrics() ? serverMetrics().toString() : null;
    if (!request.stream()) {
      sendCompletion(metricsJson);
      return;
    }
    writeEvent(
        encoder.finish(
            channel.alloc(), request.finishReason(), request.includeUsage() ? null : metricsJson));
    if (request.includeUsage()) {
      writeEvent(encoder.usage(channel.alloc(), request.promptTokens(), written, metricsJson));
    }
    if (!fault.noDone()) {
      writeEvent(ChunkEncoder.done(channel.alloc()));
    }
    endResponse(fault.any() ? GroundTruth.FAULT : GroundTruth.OK);
  }

  private void failMidStream() {
    model.scheduler().abort(sequence);
    String message = "Simulated fault: error after " + written + " tokens";
    if (!request.stream()) {
      reject(
          new ApiException(
              HttpResponseStatus.INTERNAL_SERVER_ERROR, message, "server_error", null, null),
          null);
      return;
    }
    writeEvent(ChunkEncoder.error(channel.alloc(), message, "server_error", 500));
    endResponse(GroundTruth.FAULT);
  }

  private void drop() {
    model.scheduler().abort(sequence);
    if (buffered != null) {
      buffered.release();
      buffered = null;
    }
    lastWrittenEpochMicros = WallClock.epochMicros();
    end(GroundTruth.FAULT);
    channel.close();
  }

  private void ensureHeaders() {
    if (headersSent) {
      return;
    }
    headersSent = true;
    HttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
    HttpHeaders headers = response.headers();
    headers.set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream; charset=utf-8");
    headers.set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE);
    headers.set("x-request-id", id);
    HttpUtil.setTransferEncodingChunked(response, true);
    headers.set(
        HttpHeaderNames.CONNECTION,
        keepAlive ? HttpHeaderValues.KEEP_ALIVE : HttpHeaderValues.CLOSE);
    headersEpochMicros = WallClock.epochMicros();
    channel.write(response, channel.voidPromise());
    context.addKeepAlive(this);
    writeEvent(encoder.role(channel.alloc()));
  }

  /** Writes one event without flushing (tokens flush; so does the end of the response). */
  private void writeEvent(ByteBuf event) {
    if (buffered != null) {
      buffered.addComponent(true, event);
      return;
    }
    ensureHeaders();
    lastWrittenEpochMicros = WallClock.epochMicros();
    lastWriteNanos = System.nanoTime();
    channel.write(new DefaultHttpContent(event), channel.voidPromise());
  }

  private void endResponse(String outcome) {
    ChannelFuture future;
    long now = WallClock.epochMicros();
    if (buffered != null) {
      FullHttpResponse response =
          new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, buffered);
      buffered = null;
      HttpHeaders headers = response.headers();
      headers.set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream; charset=utf-8");
      headers.set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE);
      headers.set("x-request-id", id);
      HttpUtil.setContentLength(response, response.content().readableBytes());
      headers.set(
          HttpHeaderNames.CONNECTION,
          keepAlive ? HttpHeaderValues.KEEP_ALIVE : HttpHeaderValues.CLOSE);
      headersEpochMicros = now;
      if (written > 0) {
        firstContentEpochMicros = now;
      }
      lastWrittenEpochMicros = now;
      // recorded before the write: a client that reads the end may ask for the ground truth
      end(outcome);
      future = channel.writeAndFlush(response);
    } else {
      lastWrittenEpochMicros = now;
      end(outcome);
      future = channel.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
    }
    if (!keepAlive) {
      future.addListener(ChannelFutureListener.CLOSE);
    }
  }

  private void sendCompletion(String metricsJson) {
    ObjectNode root = HttpResponses.JSON.createObjectNode();
    root.put("id", id);
    root.put("object", "chat.completion");
    root.put("created", acceptedEpochMicros / 1_000_000L);
    root.put("model", request.profile().name());
    ObjectNode choice = root.putArray("choices").addObject();
    choice.put("index", 0);
    ObjectNode message = choice.putObject("message");
    message.put("role", "assistant");
    message.put("content", text.toString());
    choice.putNull("logprobs");
    choice.put("finish_reason", request.finishReason());
    ObjectNode usage = root.putObject("usage");
    usage.put("prompt_tokens", request.promptTokens());
    usage.put("completion_tokens", written);
    usage.put("total_tokens", request.promptTokens() + written);
    if (metricsJson != null) {
      root.set("metrics", serverMetrics());
    }
    FullHttpResponse response = HttpResponses.json(HttpResponseStatus.OK, root.toString());
    response.headers().set("x-request-id", id);
    long now = WallClock.epochMicros();
    headersEpochMicros = now;
    firstContentEpochMicros = written > 0 ? now : UNDEFINED;
    lastWrittenEpochMicros = now;
    end(fault.any() ? GroundTruth.FAULT : GroundTruth.OK);
    HttpResponses.send(channel, keepAlive, response);
  }

  private void reject(ApiException error, Long retryAfterSeconds) {
    FullHttpResponse response = HttpResponses.error(error);
    response.headers().set("x-request-id", id);
    if (retryAfterSeconds != null) {
      response.headers().set(HttpHeaderNames.RETRY_AFTER, retryAfterSeconds);
    }
    status = error.status();
    long now = WallClock.epochMicros();
    headersEpochMicros = now;
    lastWrittenEpochMicros = now;
    end(GroundTruth.REJECTED);
    HttpResponses.send(channel, keepAlive, response);
  }

  /** vLLM-style per-request metrics plus the ground-truth epoch microseconds. */
  private ObjectNode serverMetrics() {
    ObjectNode metrics = HttpResponses.JSON.createObjectNode();
    metrics.put("arrival_time", java.math.BigDecimal.valueOf(acceptedEpochMicros, 6));
    Long scheduled =
        sequence.scheduledMicros().isPresent() ? sequence.scheduledMicros().getAsLong() : null;
    Long firstToken =
        sequence.firstTokenMicros().isPresent() ? sequence.firstTokenMicros().getAsLong() : null;
    long nowMono = WallClock.monoMicros();
    putMillis(metrics, "queue_time_ms", scheduled == null ? null : scheduled - acceptedMonoMicros);
    putMillis(
        metrics,
        "time_to_first_token_ms",
        firstContentEpochMicros == UNDEFINED
            ? null
            : firstContentEpochMicros - acceptedEpochMicros);
    putMillis(
        metrics,
        "prefill_time_ms",
        scheduled == null || firstToken == null ? null : firstToken - scheduled);
    putMillis(metrics, "decode_time_ms", firstToken == null ? null : nowMono - firstToken);
    metrics.put("prompt_tokens", request.promptTokens());
    metrics.put("cached_tokens", sequence.cachedTokens());
    metrics.put("accepted_epoch_us", acceptedEpochMicros);
    putMicros(metrics, "headers_written_epoch_us", headersEpochMicros);
    putMicros(metrics, "first_content_written_epoch_us", firstContentEpochMicros);
    return metrics;
  }

  private static void putMillis(ObjectNode node, String field, Long micros) {
    if (micros == null) {
      node.putNull(field);
    } else {
      node.put(field, micros / 1000.0);
    }
  }

  private static void putMicros(ObjectNode node, String field, long micros) {
    if (micros == UNDEFINED) {
      node.putNull(field);
    } else {
      node.put(field, micros);
    }
  }

  private void onChannelClosed() {
    context.onEngineThread(
        () -> {
          if (ended) {
            return;
          }
          model.scheduler().abort(sequence);
          if (buffered != null) {
            buffered.release();
            buffered = null;
          }
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
    Long queueMicros = null;
    Integer cachedTokens = null;
    Integer preemptions = null;
    if (sequence != null && sequence.scheduledMicros().isPresent()) {
      queueMicros = sequence.scheduledMicros().getAsLong() - acceptedMonoMicros;
      cachedTokens = sequence.cachedTokens();
      preemptions = sequence.preemptions();
      model.metrics().queue.observeMicros(queueMicros);
    }
    context
        .groundTruth()
        .record(
            new GroundTruth(
                id,
                request.profile().name(),
                status.code(),
                request.promptTokens(),
                cachedTokens,
                written,
                acceptedEpochMicros,
                orNull(headersEpochMicros),
                orNull(firstContentEpochMicros),
                orNull(lastWrittenEpochMicros),
                queueMicros,
                outcome,
                fault.any() ? fault.toString() : null,
                preemptions));
  }

  private static Long orNull(long micros) {
    return micros == UNDEFINED ? null : micros;
  }
}
