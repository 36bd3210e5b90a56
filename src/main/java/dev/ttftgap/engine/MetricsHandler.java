package dev.ttftgap.engine;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code GET /metrics}: Prometheus text (format 0.0.4) with vLLM's metric names (or another
 * server's, {@link EngineConfig#withMetricsDialect}), read on the engine thread so every figure
 * comes from one instant.
 *
 * @param context the engine whose state it reads
 */
record MetricsHandler(EngineContext context) implements Endpoint {

  @Override
  public void handle(ChannelHandlerContext ctx, FullHttpRequest request) {
    boolean keepAlive = HttpUtil.isKeepAlive(request);
    context.onEngineThread(
        () -> {
          List<ModelEngine> models = context.models();
          List<EngineMetrics> metrics = new ArrayList<>();
          int[] running = new int[models.size()];
          int[] waiting = new int[models.size()];
          for (int i = 0; i < models.size(); i++) {
            metrics.add(models.get(i).metrics());
            running[i] = models.get(i).scheduler().runningCount();
            waiting[i] = models.get(i).scheduler().waitingCount();
            metrics.get(i).kvCacheUsage =
                models.get(i).scheduler().kvCacheUsage().orElse(Double.NaN);
            metrics.get(i).preemptions = models.get(i).scheduler().preemptionsTotal();
          }
          HttpResponses.send(
              ctx.channel(),
              keepAlive,
              HttpResponses.full(
                  HttpResponseStatus.OK,
                  EngineMetrics.render(
                      metrics, running, waiting, context.config().metricsDialect()),
                  "text/plain; version=0.0.4; charset=utf-8"));
        });
  }
}
