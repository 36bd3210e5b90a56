package dev.ttftgap.gatling;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntPredicate;

/**
 * A loopback HTTP/1.1 proxy in front of an upstream (the embedded engine) that puts one {@link
 * ProxyFault} between client and server, and counts the requests the client sent it: the ground
 * truth that {@code records.jsonl} must match (a request Gatling re-sent on its own shows here and
 * not there).
 *
 * <p>Plain {@code java.net} sockets, one daemon thread per client connection, one upstream
 * connection per request (opened when the request arrives: while the upstream is down the proxy
 * answers 502, as a gateway does). The fault applies to the <em>load requests</em> (POSTs with the
 * run's {@code User-Agent: ttft-gap}; the preflight speaks with Java's own client) whose number,
 * from 1, {@code which} accepts; {@link ProxyFault.IdleClose} applies to every connection.
 *
 * <pre>{@code
 * try (FaultProxy proxy = FaultProxy.start(engine.port(), new ProxyFault.DropUpstream(3), n -> n % 3 == 0)) {
 *   // point the run at proxy.baseUrl(), then compare proxy.loadRequests() with the records
 * }
 * }</pre>
 */
final class FaultProxy implements AutoCloseable {
  private static final String BAD_GATEWAY_BODY =
      "{\"error\":{\"message\":\"upstream refused\",\"type\":\"bad_gateway\"}}";
  private static final byte[] BAD_GATEWAY =
      ("HTTP/1.1 502 Bad Gateway\r\nContent-Type: application/json\r\nContent-Length: "
              + BAD_GATEWAY_BODY.length()
              + "\r\n\r\n"
              + BAD_GATEWAY_BODY)
          .getBytes(StandardCharsets.ISO_8859_1);

  private final ServerSocket server;
  private final int upstreamPort;
  private final ProxyFault fault;
  private final IntPredicate which;
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  private final AtomicInteger loadRequests = new AtomicInteger();
  private final AtomicInteger faulted = new AtomicInteger();
  private final AtomicInteger idleCloses = new AtomicInteger();
  private final AtomicInteger badGateways = new AtomicInteger();
  private volatile boolean closed;

  private FaultProxy(int upstreamPort, ProxyFault fault, IntPredicate which) throws IOException {
    this.upstreamPort = upstreamPort;
    this.fault = fault;
    this.which = which;
    this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    daemon("fault-proxy-accept", this::accept).start();
  }

  /** A proxy on 127.0.0.1, port 0, in front of {@code 127.0.0.1:upstreamPort}. */
  static FaultProxy start(int upstreamPort, ProxyFault fault, IntPredicate which)
      throws IOException {
    return new FaultProxy(upstreamPort, fault, which);
  }

  /** {@code http://127.0.0.1:PORT/v1}, the base URL to give the run. */
  String baseUrl() {
    return "http://127.0.0.1:" + server.getLocalPort() + "/v1";
  }

  /** Load requests (the run's POSTs) the client sent, each counted once as it arrived. */
  int loadRequests() {
    return loadRequests.get();
  }

  /** Load requests the fault was applied to. */
  int faulted() {
    return faulted.get();
  }

  /** Client connections closed for being idle ({@link ProxyFault.IdleClose}). */
  int idleCloses() {
    return idleCloses.get();
  }

  /** Load requests answered 502: the upstream refused the connection or closed it unanswered. */
  int badGateways() {
    return badGateways.get();
  }

  @Override
  public void close() {
    closed = true;
    quietly(server);
    open.forEach(FaultProxy::quietly);
  }

  private void accept() {
    while (!closed) {
      try {
        Socket client = server.accept();
        open.add(client);
        daemon("fault-proxy-client", () -> serve(client)).start();
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  /** One client connection: its requests one after the other (HTTP/1.1, no pipelining). */
  private void serve(Socket client) {
    try (client) {
      client.setTcpNoDelay(true);
      InputStream in = new BufferedInputStream(client.getInputStream());
      OutputStream out = client.getOutputStream();
      boolean keepAlive = true;
      while (keepAlive && !closed) {
        if (fault instanceof ProxyFault.IdleClose idle) {
          client.setSoTimeout((int) idle.idleMillis());
        }
        HttpPieces request;
        try {
          request = HttpPieces.read(in);
        } catch (SocketTimeoutException e) {
          idleCloses.incrementAndGet();
          return;
        }
        if (request == null) {
          return;
        }
        client.setSoTimeout(0);
        byte[] body = in.readNBytes(Integer.parseInt("0" + request.header("content-length")));
        keepAlive = relay(request, body, faultFor(request), client, in, out);
      }
    } catch (IOException e) {
      // the client or the upstream went away: this connection is over
    } finally {
      open.remove(client);
    }
  }

  /** The fault for this request: counted as a load request when it is one. */
  private ProxyFault faultFor(HttpPieces request) {
    if (!isLoad(request)) {
      return new ProxyFault.None();
    }
    int n = loadRequests.incrementAndGet();
    if (fault instanceof ProxyFault.IdleClose || !which.test(n)) {
      return new ProxyFault.None();
    }
    faulted.incrementAndGet();
    return fault;
  }

  /** A request of the run's load: a POST with Gatling's {@code User-Agent: ttft-gap}. */
  private static boolean isLoad(HttpPieces request) {
    return request.startLine().startsWith("POST ")
        && request.header("user-agent").equals("ttft-gap");
  }

  /**
   * Sends the request upstream on a new connection and the answer back, with {@code applied} on the
   * way; false when the client connection must end.
   */
  private boolean relay(
      HttpPieces request,
      byte[] body,
      ProxyFault applied,
      Socket client,
      InputStream in,
      OutputStream out)
      throws IOException {
    Socket up = new Socket();
    try {
      up.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), upstreamPort), 2_000);
    } catch (IOException refused) {
      return badGateway(request, out);
    }
    open.add(up);
    try (up) {
      up.setTcpNoDelay(true);
      HttpPieces answer = exchange(up, request, body);
      if (answer == null) {
        return badGateway(request, out); // the upstream closed or reset without an answer
      }
      send(out, answer.headBytes(), applied);
      if (applied instanceof ProxyFault.ResetAfterHeaders reset) {
        pause(reset.pauseMillis());
        client.setSoLinger(true, 0);
        client.close(); // RST
        return false;
      }
      byte[] piece;
      while ((piece = nextOrEnd(answer)) != null) {
        send(out, piece, applied);
        if (applied instanceof ProxyFault.StallMidStream stall
            && answer.events() >= stall.events()) {
          up.close();
          awaitClose(in);
          return false;
        }
        if (applied instanceof ProxyFault.DropUpstream drop && answer.events() >= drop.events()) {
          up.close();
          client.shutdownOutput(); // FIN
          awaitClose(in);
          return false;
        }
      }
      return !answer.ended() ? endClient(client, in) : true;
    } finally {
      open.remove(up);
    }
  }

  /**
   * Sends the request upstream and reads the answer's head; null when the upstream closes or resets
   * the connection before a whole head (a server killed mid-request resets it), which a gateway
   * answers as 502, as nginx does for "upstream prematurely closed connection".
   */
  private static HttpPieces exchange(Socket up, HttpPieces request, byte[] body) {
    try {
      up.getOutputStream().write(request.headBytes());
      up.getOutputStream().write(body);
      up.getOutputStream().flush();
      return HttpPieces.read(new BufferedInputStream(up.getInputStream()));
    } catch (IOException cut) {
      return null;
    }
  }

  /** Answers 502, as a gateway does when its upstream refuses or closes before answering. */
  private boolean badGateway(HttpPieces request, OutputStream out) throws IOException {
    if (isLoad(request)) {
      badGateways.incrementAndGet();
    }
    out.write(BAD_GATEWAY);
    out.flush();
    return true;
  }

  /** The next piece, or null at the end; also null when the upstream went away mid-body. */
  private static byte[] nextOrEnd(HttpPieces answer) throws IOException {
    try {
      return answer.next();
    } catch (EOFException | SocketException cut) {
      return null; // answer.ended() stays false
    }
  }

  /** The upstream went away mid-answer: a clean FIN to the client, as a gateway would. */
  private static boolean endClient(Socket client, InputStream in) throws IOException {
    client.shutdownOutput();
    awaitClose(in);
    return false;
  }

  private static void send(OutputStream out, byte[] bytes, ProxyFault applied) throws IOException {
    if (applied instanceof ProxyFault.Drip drip) {
      for (int i = 0; i < bytes.length; i += drip.bytes()) {
        out.write(bytes, i, Math.min(drip.bytes(), bytes.length - i));
        out.flush();
        pause(drip.delayMillis());
      }
    } else {
      out.write(bytes);
      out.flush();
    }
  }

  /** Waits until the client closes its side (or the proxy closes). */
  private static void awaitClose(InputStream in) throws IOException {
    while (in.read() != -1) {
      // the client sends nothing more on a stream it waits on; drain until it gives up
    }
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static Thread daemon(String name, Runnable task) {
    Thread thread = new Thread(task, name);
    thread.setDaemon(true);
    return thread;
  }

  private static void quietly(java.io.Closeable c) {
    try {
      c.close();
    } catch (IOException e) {
      // closing anyway
    }
  }
}
