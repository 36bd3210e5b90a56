package dev.ttftgap.measure;

/**
 * Infers whether a request needed a connection the load generator's pool did not have yet: the
 * warm-up effect the source articles drop their first round for (the first request on a new
 * connection pays TCP and TLS set-up in its TTFB). Gatling does not report connection reuse, so
 * this is an inference, and records call it {@code newConnection} only with that caveat.
 *
 * <p>Algorithm overview: a shared keep-alive pool opens a connection when a request starts while
 * every open connection is busy, so a request is "new" when the requests in flight (itself
 * included) exceed the connections opened so far; a request that ends with the connection closed
 * (failed status, dropped or aborted stream) takes one connection away.
 *
 * <p>Assumptions: the server keeps connections alive and neither side closes idle ones during the
 * run (Gatling's pooled-connection idle timeout is 60 s); exact for one request at a time. With
 * {@code -Dconnections=per-user} each virtual user has its own connection, so only a user's first
 * request is new; the glue decides that case from the user's own request count.
 */
public final class ConnectionEstimator {
  private int inFlight;
  private int open;

  /** A request starts; true when it needs a new connection. */
  public synchronized boolean start() {
    inFlight++;
    if (inFlight > open) {
      open++;
      return true;
    }
    return false;
  }

  /** A request ended; {@code connectionClosed} when its connection did not go back to the pool. */
  public synchronized void finish(boolean connectionClosed) {
    inFlight--;
    if (connectionClosed && open > 0) {
      open--;
    }
  }
}
