package dev.ttftgap.engine;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The simulated OpenAI-compatible inference engine, embedded: start it with an {@link
 * EngineConfig}, point a client at {@link #baseUrl()}, close it. A common pattern, one streaming
 * request with the JDK's client and the engine's own record of when it wrote the bytes:
 *
 * <pre>{@code
 * try (EmbeddedEngine engine = EmbeddedEngine.start(EngineConfig.defaults().withProfile("tiny-fast"))) {
 *   HttpRequest chat =
 *       HttpRequest.newBuilder(URI.create(engine.baseUrl() + "/chat/completions"))
 *           .POST(BodyPublishers.ofString(
 *               "{\"model\":\"tiny-fast\",\"stream\":true,\"max_tokens\":8,"
 *                   + "\"messages\":[{\"role\":\"user\",\"content\":\"Say hello\"}]}"))
 *           .build();
 *   HttpResponse<String> sse = HttpClient.newHttpClient().send(chat, BodyHandlers.ofString());
 *   // sse.body(): "data: {...}" chunks, one per token, then "data: [DONE]"
 *   String requestId = sse.headers().firstValue("x-request-id").orElseThrow();
 *   GroundTruth truth = engine.groundTruth(requestId).orElseThrow();
 *   long headersMicros = truth.headersWrittenEpochMicros(); // epoch µs the headers were written
 * }
 * }</pre>
 *
 * <p>Endpoints: {@code POST /v1/chat/completions}, {@code GET /v1/models}, {@code GET
 * /v1/engine/profiles}, {@code GET /metrics}, {@code GET /health} (see {@code docs/engine.md}). All
 * connections and the engine's scheduler share {@link EngineConfig#eventLoopThreads()} Netty
 * event-loop threads (one by default); the scheduler runs on the first. Every connection is read at
 * once unless {@link EngineConfig#withHttpWorkers} bounds them ({@link HttpWorkerPool}: the rest
 * wait unread, with no headers), and a client that leaves aborts its request unless {@link
 * EngineConfig#withDisconnectPolicy} says {@link DisconnectPolicy#RUN_ON}.
 *
 * <p>Over TLS ({@link EngineConfig#withTls}), a client trusts {@link #certificatePath()}; with
 * {@link EngineConfig#withHttp2} it may pick HTTP/2 by ALPN:
 *
 * <pre>{@code
 * try (EmbeddedEngine engine =
 *     EmbeddedEngine.start(EngineConfig.defaults().withTls(EngineTls.selfSigned()).withHttp2(true))) {
 *   KeyStore trusted = KeyStore.getInstance("PKCS12");
 *   trusted.load(null, null);
 *   trusted.setCertificateEntry("engine", engine.certificate().orElseThrow());
 *   TrustManagerFactory trust = TrustManagerFactory.getInstance("PKIX");
 *   trust.init(trusted);
 *   SSLContext ssl = SSLContext.getInstance("TLS");
 *   ssl.init(null, trust.getTrustManagers(), null);
 *   HttpClient client = HttpClient.newBuilder().sslContext(ssl).version(Version.HTTP_2).build();
 *   // engine.baseUrl() is https://127.0.0.1:PORT/v1; responses come back as HTTP_2
 * }
 * }</pre>
 */
public final class EmbeddedEngine implements AutoCloseable {
  private final EngineConfig config;
  private final EventLoopGroup group;
  private final Channel serverChannel;
  private final ChannelGroup connections;
  private final EngineContext context;
  private final int port;
  private final String transportName;
  private final ServerTls tls;

  private EmbeddedEngine(
      EngineConfig config,
      EventLoopGroup group,
      Channel serverChannel,
      ChannelGroup connections,
      EngineContext context,
      String transportName,
      ServerTls tls) {
    this.transportName = transportName;
    this.tls = tls;
    this.config = config;
    this.group = group;
    this.serverChannel = serverChannel;
    this.connections = connections;
    this.context = context;
    this.port = ((InetSocketAddress) serverChannel.localAddress()).getPort();
  }

  /**
   * Binds and starts serving.
   *
   * @throws IllegalStateException when the address cannot be bound
   * @throws IllegalArgumentException in one line, before binding, when the TLS certificate or key
   *     cannot be used or HTTP/2 is asked for without TLS or with an HTTP worker pool
   */
  public static EmbeddedEngine start(EngineConfig config) {
    ServerTls tls = ServerTls.of(config);
    // loads the tokenizer now, not inside the first request's timings
    dev.ttftgap.tokens.TokenCounter.count("warm up");
    Transport transport = Transport.select(config.transport());
    EventLoopGroup group =
        new MultiThreadIoEventLoopGroup(
            config.eventLoopThreads(),
            new DefaultThreadFactory("ttftgap-engine", true),
            transport.factory());
    try {
      EngineContext context = new EngineContext(config, group.next());
      ChannelGroup connections = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
      EngineRouter router = new EngineRouter(context);
      Channel channel =
          new ServerBootstrap()
              .group(group)
              .channel(transport.serverChannel())
              .option(ChannelOption.SO_BACKLOG, 4096)
              .childOption(ChannelOption.TCP_NODELAY, true)
              .childHandler(
                  new EngineServerInitializer(
                      router, config.maxBodyBytes(), context.httpWorkers(), tls, connections))
              .bind(config.host(), config.port())
              .sync()
              .channel();
      return new EmbeddedEngine(
          config, group, channel, connections, context, transport.name(), tls);
    } catch (InterruptedException e) {
      group.shutdownGracefully(0, 0, TimeUnit.SECONDS);
      closeTls(tls);
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while starting the engine", e);
    } catch (RuntimeException e) {
      group.shutdownGracefully(0, 0, TimeUnit.SECONDS);
      closeTls(tls);
      throw new IllegalStateException(
          "cannot start the engine on " + config.host() + ":" + config.port() + ": " + e, e);
    }
  }

  /** The bound TCP port (the real one when the config asked for 0). */
  public int port() {
    return port;
  }

  /** {@code http://HOST:PORT/v1} ({@code https://} over TLS), the OpenAI base URL. */
  public String baseUrl() {
    String host = config.host().contains(":") ? "[" + config.host() + "]" : config.host();
    return (tls == null ? "http://" : "https://") + host + ":" + port + "/v1";
  }

  /**
   * The PEM file of the certificate the engine serves, for a client to trust: the generated one
   * (written at start) or the one given; empty without TLS.
   */
  public Optional<Path> certificatePath() {
    return Optional.ofNullable(tls).map(ServerTls::certificatePath);
  }

  /** The certificate the engine serves (the chain's first); empty without TLS. */
  public Optional<X509Certificate> certificate() {
    return Optional.ofNullable(tls).map(ServerTls::certificate);
  }

  /**
   * TLS connections so far per protocol ALPN chose, like {@code {h2=3, http/1.1=1}}: whether a
   * client really spoke HTTP/2. Empty without HTTP/2 (no ALPN offered).
   */
  public Map<String, Long> negotiatedConnections() {
    return tls == null ? Map.of() : tls.negotiatedConnections();
  }

  private static void closeTls(ServerTls tls) {
    if (tls != null) {
      tls.close();
    }
  }

  public EngineConfig config() {
    return config;
  }

  /** The transport running: {@code "nio"}, {@code "epoll"} or {@code "io_uring"}. */
  public String transport() {
    return transportName;
  }

  /** A Netty transport: NIO, or a native one found by reflection (not a compile dependency). */
  private record Transport(
      IoHandlerFactory factory, Class<? extends ServerChannel> serverChannel, String name) {

    static Transport select(EngineTransport wanted) {
      return switch (wanted) {
        case EPOLL -> reflective("io.netty.channel.epoll", "Epoll", "epoll");
        case IO_URING -> reflective("io.netty.channel.uring", "IoUring", "io_uring");
        case NIO -> nio();
      };
    }

    private static Transport reflective(String pkg, String prefix, String name) {
      try {
        Class<?> probe = Class.forName(pkg + "." + prefix);
        if ((Boolean) probe.getMethod("isAvailable").invoke(null)) {
          IoHandlerFactory factory =
              (IoHandlerFactory)
                  Class.forName(pkg + "." + prefix + "IoHandler")
                      .getMethod("newFactory")
                      .invoke(null);
          Class<? extends ServerChannel> channel =
              Class.forName(pkg + "." + prefix + "ServerSocketChannel")
                  .asSubclass(ServerChannel.class);
          return new Transport(factory, channel, name);
        }
      } catch (ReflectiveOperationException | LinkageError e) {
        // not on the class path, or not this OS: NIO below
      }
      return nio();
    }

    private static Transport nio() {
      return new Transport(NioIoHandler.newFactory(), NioServerSocketChannel.class, "nio");
    }
  }

  /** The ground truth of request {@code requestId} once its response ended. */
  public Optional<GroundTruth> groundTruth(String requestId) {
    return context.groundTruth().get(requestId);
  }

  /** Every ground truth still held, oldest first. */
  public List<GroundTruth> groundTruths() {
    return context.groundTruth().all();
  }

  /**
   * Copies of the engine's timing-lag histograms since the start or the last {@link #resetLag()}:
   * how late tokens were written relative to the simulated step ends.
   */
  public EngineLag lag() {
    return onEngineThread(context::lagCopy);
  }

  /** Shorthand for {@code lag().writeLagMicros()}: token write lag, µs. */
  public org.HdrHistogram.Histogram writeLagMicros() {
    return lag().writeLagMicros();
  }

  /** Clears the histograms of {@link #lag()}. */
  public void resetLag() {
    onEngineThread(
        () -> {
          context.resetLag();
          return null;
        });
  }

  /** Sequences running in {@code model}'s batch now. */
  public int runningCount(String model) {
    return onEngineThread(() -> requireModel(model).scheduler().runningCount());
  }

  /** Sequences waiting in {@code model}'s queue now. */
  public int waitingCount(String model) {
    return onEngineThread(() -> requireModel(model).scheduler().waitingCount());
  }

  /**
   * Preemptions of {@code model}'s running sequences so far ({@code vllm:num_preemptions_total}).
   */
  public long preemptionsTotal(String model) {
    return onEngineThread(() -> requireModel(model).scheduler().preemptionsTotal());
  }

  /** HTTP workers held now by connections (and abandoned streams); 0 without a worker pool. */
  public int busyHttpWorkers() {
    HttpWorkerPool pool = context.httpWorkers();
    return pool == null ? 0 : onEngineThread(pool::busyWorkers);
  }

  /** Connections accepted but not read yet, waiting for an HTTP worker; 0 without a pool. */
  public int connectionsWaitingForWorker() {
    HttpWorkerPool pool = context.httpWorkers();
    return pool == null ? 0 : onEngineThread(pool::waitingConnections);
  }

  private ModelEngine requireModel(String model) {
    ModelEngine engine = context.model(model);
    if (engine == null) {
      throw new IllegalArgumentException(
          "unknown model '" + model + "'; served: " + ModelProfiles.names(config.profiles()));
    }
    return engine;
  }

  private <T> T onEngineThread(java.util.concurrent.Callable<T> task) {
    try {
      return context.executor().submit(task).get(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("engine thread did not answer: " + e, e);
    }
  }

  /**
   * Stops accepting, closes every connection, flushes the trace file, deletes a temporary
   * certificate file.
   */
  @Override
  public void close() {
    serverChannel.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
    // the event loops' shutdown leaves open connections open more often than not (a client
    // mid-stream saw no FIN in 4 runs of 6): closed here, as a killed server's would be
    connections.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    context.groundTruth().close();
    closeTls(tls);
  }
}
