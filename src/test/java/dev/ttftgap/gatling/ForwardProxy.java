package dev.ttftgap.gatling;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback HTTP forward proxy, as corporate machines have: {@code CONNECT host:port} opens a
 * tunnel (for https targets); an absolute-form request ({@code POST http://host:port/v1/...}) is
 * forwarded in origin form (for http targets). It logs what it carried: each tunnel's authority,
 * each forwarded request's line and {@code User-Agent} (the load's is {@code ttft-gap}, the
 * preflight's the JDK's) and when it came, so a test can tell who went through it.
 *
 * <p>Plain {@code java.net} sockets, daemon threads, closed by {@link #close()}; one upstream
 * connection per client connection, kept alive as the client keeps its own.
 */
final class ForwardProxy implements AutoCloseable {
  /**
   * One request the proxy carried: a tunnel ({@code CONNECT}) or a forwarded request, and when it
   * arrived (epoch ms).
   */
  record Carried(String method, String target, String userAgent, long atMillis) {}

  private final ServerSocket server;
  private final List<Carried> carried = new CopyOnWriteArrayList<>();
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();

  private ForwardProxy() throws IOException {
    server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
    daemon(this::accept, "forward-proxy-accept");
  }

  static ForwardProxy start() throws IOException {
    return new ForwardProxy();
  }

  /** {@code http://127.0.0.1:PORT}, the value of {@code HTTPS_PROXY} / {@code HTTP_PROXY}. */
  String url() {
    return "http://127.0.0.1:" + server.getLocalPort();
  }

  List<Carried> carried() {
    return List.copyOf(carried);
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket client = server.accept();
        open.add(client);
        daemon(() -> serve(client), "forward-proxy-client");
      } catch (IOException e) {
        return;
      }
    }
  }

  private void serve(Socket client) {
    Socket upstream = null;
    try (client) {
      InputStream in = new BufferedInputStream(client.getInputStream());
      OutputStream out = client.getOutputStream();
      HttpPieces request;
      while ((request = HttpPieces.read(in)) != null) {
        String[] line = request.startLine().split(" ");
        String userAgent = request.header("User-Agent");
        if (line[0].equals("CONNECT")) {
          carried.add(new Carried("CONNECT", line[1], userAgent, System.currentTimeMillis()));
          Socket tunnel = connect(URI.create("http://" + line[1]));
          out.write(
              "HTTP/1.1 200 Connection Established\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
          out.flush();
          daemon(() -> pump(tunnel, client), "forward-proxy-tunnel");
          in.transferTo(tunnel.getOutputStream());
          return;
        }
        URI target = URI.create(line[1]);
        carried.add(new Carried(line[0], line[1], userAgent, System.currentTimeMillis()));
        if (upstream == null) {
          upstream = connect(target);
          Socket from = upstream;
          daemon(() -> pump(from, client), "forward-proxy-response");
        }
        String head = request.head();
        String originForm =
            line[0]
                + " "
                + target.getRawPath()
                + (target.getRawQuery() == null ? "" : "?" + target.getRawQuery())
                + " "
                + line[2];
        OutputStream up = upstream.getOutputStream();
        up.write(
            (originForm + head.substring(head.indexOf("\r\n")))
                .getBytes(StandardCharsets.ISO_8859_1));
        String length = request.header("Content-Length");
        if (!length.isEmpty()) {
          up.write(in.readNBytes(Integer.parseInt(length)));
        }
        up.flush();
      }
    } catch (IOException | RuntimeException e) {
      // the client or the upstream left: the connection ends
    } finally {
      closeQuietly(upstream);
      open.remove(client);
    }
  }

  private Socket connect(URI authority) throws IOException {
    Socket socket = new Socket(authority.getHost(), authority.getPort());
    open.add(socket);
    return socket;
  }

  /** Copies {@code from} to {@code to} until {@code from} ends, then closes {@code to}. */
  private void pump(Socket from, Socket to) {
    try {
      from.getInputStream().transferTo(to.getOutputStream());
    } catch (IOException e) {
      // either side closed
    } finally {
      closeQuietly(to);
      closeQuietly(from);
    }
  }

  private static void closeQuietly(Socket socket) {
    if (socket != null) {
      try {
        socket.close();
      } catch (IOException e) {
        // closing
      }
    }
  }

  private static void daemon(Runnable body, String name) {
    Thread thread = new Thread(body, name);
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public void close() throws IOException {
    server.close();
    open.forEach(ForwardProxy::closeQuietly);
  }
}
