package dev.ttftgap.engine;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A bounded pool of HTTP workers in front of every endpoint, as in a thread-pool server:
 * llama.cpp's {@code llama-server} (cpp-httplib, {@code --threads-http}, slots + 2 by default), a
 * servlet container's worker pool, a gateway's connection limit. Connections beyond the pool are
 * accepted by TCP but not read, so their requests get no headers until a worker frees: the queue
 * forms before the headers and shows in TTFB, and {@code /metrics} waits in it too.
 *
 * <p>Algorithm overview: a new connection starts with auto-read off and asks for a worker. With
 * fewer than {@code workers} busy it gets one at once and the engine starts reading it; otherwise
 * it joins a FIFO queue and nothing is read from it (its bytes stay in the kernel's buffers). A
 * connection holds its worker from then until it closes: while its requests are answered, and while
 * it sits idle in keep-alive, for at most {@code idleHoldMillis} between responses (and before its
 * first request), after which the engine closes it, as cpp-httplib does after its keep-alive
 * timeout (5 s). A stream whose client has gone holds the worker too until the stream ends ({@link
 * DisconnectPolicy#RUN_ON} keeps such streams running). When the last hold of a worker ends, the
 * head of the queue gets it.
 *
 * <p>Assumptions: one worker serves one connection at a time (blocking I/O), and the accept backlog
 * is unbounded (the socket's backlog is 4096). Pool state lives on the engine thread; the
 * per-connection timers and handlers on the connection's event loop. Event-loop based: no thread
 * per connection, no sleep.
 *
 * <p>Parameters with defaults: {@code workers} ({@link EngineConfig#withHttpWorkers}, 0 = no pool,
 * the default), {@code idleHoldMillis} ({@link EngineConfig#withIdleWorkerHoldMillis}, 5,000 ms),
 * {@code maxRequestsPerConnection} ({@link EngineConfig#withKeepAliveMaxRequests}, 100; 0 = no
 * limit).
 *
 * <p>One class (~320 lines) on purpose: the pool's counters, its waiting queue and the
 * per-connection idle timers change together on every hand-over of a worker, and split apart they
 * would share that state through accessors.
 */
final class HttpWorkerPool {
  private static final AttributeKey<Connection> CONNECTION =
      AttributeKey.valueOf("ttftgap.httpWorker");

  private final int workers;
  private final long idleHoldMillis;
  private final int maxRequestsPerConnection;
  private final EventExecutor engineThread;
  private final ArrayDeque<Connection> waiting = new ArrayDeque<>();
  private int busy;

  HttpWorkerPool(
      int workers, long idleHoldMillis, int maxRequestsPerConnection, EventExecutor engineThread) {
    if (workers < 1) {
      throw new IllegalArgumentException("http workers must be >= 1, was " + workers);
    }
    this.workers = workers;
    this.idleHoldMillis = idleHoldMillis;
    this.maxRequestsPerConnection = maxRequestsPerConnection;
    this.engineThread = engineThread;
  }

  /** The connection state of {@code channel}, or null when it has no worker pool. */
  static Connection of(Channel channel) {
    return channel.attr(CONNECTION).get();
  }

  /** A new connection's state; its two handlers go into the pipeline. */
  Connection connect(Channel channel) {
    Connection connection = new Connection(channel);
    channel.attr(CONNECTION).set(connection);
    channel.config().setAutoRead(false);
    return connection;
  }

  int workers() {
    return workers;
  }

  /** Workers held now. Engine thread only. */
  int busyWorkers() {
    return busy;
  }

  /** Connections accepted but not yet read, waiting for a worker. Engine thread only. */
  int waitingConnections() {
    return waiting.size();
  }

  private void onEngineThread(Runnable task) {
    if (engineThread.inEventLoop()) {
      task.run();
    } else {
      engineThread.execute(task);
    }
  }

  private void arrive(Connection connection) {
    if (busy < workers) {
      grant(connection);
    } else {
      waiting.addLast(connection);
    }
  }

  private void grant(Connection connection) {
    busy++;
    connection.holds = 1;
    connection.granted = true;
    Channel channel = connection.channel;
    if (channel.eventLoop().inEventLoop()) {
      connection.startReading();
    } else {
      channel.eventLoop().execute(connection::startReading);
    }
  }

  private void release(Connection connection) {
    if (--connection.holds > 0) {
      return;
    }
    busy--;
    while (busy < workers && !waiting.isEmpty()) {
      grant(waiting.pollFirst());
    }
  }

  /**
   * One connection's side of the pool: an inbound handler before the HTTP codec ({@link
   * #admission()}) and one after the pipelining handler ({@link #exchanges()}).
   */
  final class Connection {
    private final Channel channel;
    // engine thread
    private int holds;
    private boolean granted;
    private boolean closed;
    // the connection's event loop
    private final List<Object> unread = new ArrayList<>();
    private boolean asked;
    private boolean reading;
    private boolean answering;
    private int requests;
    private boolean closeAfterResponse;
    private ScheduledFuture<?> idleTimer;
    private ChannelHandlerContext admissionContext;

    private Connection(Channel channel) {
      this.channel = channel;
    }

    /**
     * A stream on this connection holds its worker until {@link #release()}, even after the
     * connection closed. Engine thread only.
     */
    void retain() {
      if (granted && holds > 0) {
        holds++;
      }
    }

    /** Ends a hold of {@link #retain()}. Engine thread only. */
    void release() {
      if (granted && holds > 0) {
        HttpWorkerPool.this.release(this);
      }
    }

    /** Before the codec: asks for a worker when the connection opens, gives it back on close. */
    ChannelInboundHandlerAdapter admission() {
      return new ChannelInboundHandlerAdapter() {
        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
          admissionContext = ctx;
          if (ctx.channel().isActive()) {
            // added to a channel already open (a test channel): no channelActive will come
            askForWorker();
          }
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
          askForWorker();
          ctx.fireChannelActive();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
          if (!reading) {
            // a transport that delivers bytes without a read (a test channel): keep them unread
            unread.add(msg);
            return;
          }
          if (msg instanceof ByteBuf buf && buf.isReadable()) {
            cancelIdleTimer();
          }
          ctx.fireChannelRead(msg);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
          cancelIdleTimer();
          unread.forEach(ReferenceCountUtil::release);
          unread.clear();
          onEngineThread(Connection.this::closedOnEngineThread);
          ctx.fireChannelInactive();
        }
      };
    }

    /** After the pipelining handler: one request answered at a time, idle time between them. */
    ChannelDuplexHandler exchanges() {
      return new ChannelDuplexHandler() {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
          if (msg instanceof FullHttpRequest) {
            answering = true;
            requests++;
            cancelIdleTimer();
          }
          ctx.fireChannelRead(msg);
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
          if (msg instanceof HttpResponse response
              && maxRequestsPerConnection > 0
              && requests >= maxRequestsPerConnection) {
            // the connection's last answer says so, as cpp-httplib does at its keep-alive max
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            closeAfterResponse = true;
          }
          boolean last = msg instanceof FullHttpResponse || msg instanceof LastHttpContent;
          if (last && closeAfterResponse) {
            ChannelPromise written = promise.unvoid();
            ctx.write(msg, written);
            written.addListener(ChannelFutureListener.CLOSE);
            answering = false;
            return;
          }
          ctx.write(msg, promise);
          if (last) {
            answering = false;
            armIdleTimer();
          }
        }
      };
    }

    private void askForWorker() {
      if (!asked) {
        asked = true;
        onEngineThread(() -> arrive(this));
      }
    }

    private void closedOnEngineThread() {
      if (closed) {
        return;
      }
      closed = true;
      if (granted) {
        HttpWorkerPool.this.release(this);
      } else {
        waiting.remove(this);
      }
    }

    /** On the connection's event loop, once it holds a worker. */
    private void startReading() {
      if (!channel.isActive()) {
        return;
      }
      reading = true;
      if (unread.isEmpty()) {
        armIdleTimer();
      } else {
        List<Object> held = List.copyOf(unread);
        unread.clear();
        held.forEach(admissionContext::fireChannelRead);
        admissionContext.fireChannelReadComplete();
      }
      channel.config().setAutoRead(true);
      channel.read();
    }

    private void armIdleTimer() {
      cancelIdleTimer();
      idleTimer =
          channel.eventLoop().schedule(this::idleExpired, idleHoldMillis, TimeUnit.MILLISECONDS);
    }

    private void idleExpired() {
      idleTimer = null;
      if (!answering && channel.isActive()) {
        channel.close();
      }
    }

    private void cancelIdleTimer() {
      if (idleTimer != null) {
        idleTimer.cancel(false);
        idleTimer = null;
      }
    }
  }
}
