package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.GapDecomposition;
import dev.ttftgap.analysis.ServerMetricsView;
import dev.ttftgap.analysis.ServerStepMetrics;
import java.util.ArrayList;
import java.util.List;

/**
 * Reports with a server view attached: the hockey-stick run's steps, with the server's mean waiting
 * given per step (step 1 first) and prefill a flat 15 ms.
 */
final class ServerViews {
  private ServerViews() {}

  static CapacityReport hockeyStickWithWaiting(double... waitingMeans) {
    CapacityReport r = Synthetic.hockeyStick(false);
    List<ServerStepMetrics> steps = new ArrayList<>();
    Integer growth = null;
    for (int i = 0; i < r.steps().size() && i < waitingMeans.length; i++) {
      int step = r.steps().get(i).step();
      double waiting = waitingMeans[i];
      if (growth == null && waiting >= 1) {
        growth = step;
      }
      steps.add(
          new ServerStepMetrics(
              step,
              20,
              waiting,
              waiting + 1,
              4.0,
              8.0,
              null,
              10.0 * waiting,
              8.0 * waiting,
              20.0 * waiting,
              40.0,
              35.0,
              60.0,
              15.0,
              new GapDecomposition(
                  50.0, 2.0, 10.0 * waiting, 15.0, 33.0 - 10 * waiting, "histograms"),
              waiting >= 9 ? 4.0 : 0.0));
    }
    ServerMetricsView view =
        new ServerMetricsView(
            "http://127.0.0.1:8000/metrics",
            "vllm",
            List.of("vllm:num_requests_waiting"),
            120,
            0,
            steps,
            growth,
            List.of(new ServerMetricsView.Point(0, 0.0, 1.0)),
            List.of(new ServerMetricsView.Band(1, 0, 20)));
    return ReportCopy.withServerMetrics(r, view);
  }
}
