package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.GapDecomposition;
import dev.ttftgap.analysis.ServerMetricsView;
import dev.ttftgap.analysis.ServerStepMetrics;
import dev.ttftgap.servermetrics.AfterRunCheck;
import java.util.ArrayList;
import java.util.List;

/**
 * Reports with a server view attached: the hockey-stick run's steps, with the server's mean waiting
 * given per step (step 1 first) and prefill a flat 15 ms.
 */
final class ServerViews {
  private ServerViews() {}

  static CapacityReport hockeyStickWithWaiting(double... waitingMeans) {
    return hockeyStickDarkFrom(Integer.MAX_VALUE, waitingMeans);
  }

  /**
   * As {@link #hockeyStickWithWaiting}, but from step {@code darkFrom} on {@code /metrics} timed
   * out: those steps took 2 of 20 scrapes (10 %), timed out 9, and have no server figures.
   */
  static CapacityReport hockeyStickDarkFrom(int darkFrom, double... waitingMeans) {
    CapacityReport r = Synthetic.hockeyStick(false);
    List<ServerStepMetrics> steps = new ArrayList<>();
    Integer growth = null;
    List<Integer> dark = new ArrayList<>();
    for (int i = 0; i < r.steps().size() && i < waitingMeans.length; i++) {
      int step = r.steps().get(i).step();
      if (step >= darkFrom) {
        dark.add(step);
        steps.add(darkStep(step));
        continue;
      }
      double waiting = waitingMeans[i];
      if (growth == null && waiting >= 1) {
        growth = step;
      }
      steps.add(litStep(step, waiting, waiting >= 9 ? 4.0 : 0.0));
    }
    return ReportCopy.withServerMetrics(r, view(steps, growth, dark, null));
  }

  /**
   * As {@link #hockeyStickDarkFrom}, with a 20 s band per step and a scrape a second (waiting as
   * given, none while dark), for the time-series chart.
   */
  static CapacityReport hockeyStickDarkFromWithSeries(int darkFrom, double... waitingMeans) {
    CapacityReport r = hockeyStickDarkFrom(darkFrom, waitingMeans);
    ServerMetricsView v = r.serverMetrics();
    List<ServerMetricsView.Point> series = new ArrayList<>();
    List<ServerMetricsView.Band> bands = new ArrayList<>();
    for (ServerStepMetrics s : v.steps()) {
      bands.add(new ServerMetricsView.Band(s.step(), (s.step() - 1) * 20.0, s.step() * 20.0));
      for (int t = 0; t < 20 && !s.dark(); t++) {
        series.add(new ServerMetricsView.Point((s.step() - 1) * 20.0 + t, s.waitingMean(), 4.0));
      }
    }
    return ReportCopy.withServerMetrics(r, redrawn(v, v.queueGrowthStep(), series, bands));
  }

  /**
   * {@code view} with {@code growth} as its queue-growth step and {@code series} and {@code bands}
   * as its chart; everything else as it was.
   */
  static ServerMetricsView redrawn(
      ServerMetricsView view,
      Integer growth,
      List<ServerMetricsView.Point> series,
      List<ServerMetricsView.Band> bands) {
    return new ServerMetricsView(
        view.url(),
        view.vendor(),
        view.familiesSeen(),
        view.scrapes(),
        view.failures(),
        view.steps(),
        growth,
        series,
        bands,
        view.timeouts(),
        view.coverageThresholdPercent(),
        view.darkSteps(),
        view.darkness(),
        view.afterRun());
  }

  /** The hockey-stick run with a quiet server view and {@code afterRun} as its after-run check. */
  static CapacityReport hockeyStickLeaving(AfterRunCheck afterRun) {
    CapacityReport r = Synthetic.hockeyStick(false);
    List<ServerStepMetrics> steps = new ArrayList<>();
    for (int i = 0; i < r.steps().size(); i++) {
      steps.add(litStep(r.steps().get(i).step(), 0, 0.0));
    }
    return ReportCopy.withServerMetrics(r, view(steps, null, List.of(), afterRun));
  }

  /** {@code report} with a view of {@code steps} (no queue growth). */
  static CapacityReport withSteps(CapacityReport report, List<ServerStepMetrics> steps) {
    List<Integer> dark = steps.stream().filter(ServerStepMetrics::dark).map(s -> s.step()).toList();
    return ReportCopy.withServerMetrics(report, view(steps, null, dark, null));
  }

  static ServerStepMetrics litStep(int step, double waiting, Double preemptions) {
    return new ServerStepMetrics(
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
        new GapDecomposition(50.0, 2.0, 10.0 * waiting, 15.0, 33.0 - 10 * waiting, "histograms"),
        preemptions,
        0,
        0,
        20,
        100.0,
        false);
  }

  static ServerStepMetrics darkStep(int step) {
    return ServerStepMetrics.dark(
        step, 2, new GapDecomposition(50.0, 2.0, null, null, null, null), 0, 9, 20, 10.0);
  }

  private static ServerMetricsView view(
      List<ServerStepMetrics> steps, Integer growth, List<Integer> dark, AfterRunCheck afterRun) {
    int darkScrapes = dark.size() * 11;
    return new ServerMetricsView(
        "http://127.0.0.1:8000/metrics",
        "vllm",
        List.of("vllm:num_requests_waiting"),
        120,
        dark.size() * 9,
        steps,
        growth,
        List.of(new ServerMetricsView.Point(0, 0.0, 1.0)),
        List.of(new ServerMetricsView.Band(1, 0, 20)),
        dark.size() * 9,
        50.0,
        dark,
        dark.isEmpty()
            ? null
            : new ServerMetricsView.Darkness(dark.get(0), darkScrapes, dark.size() * 9, 0),
        afterRun);
  }
}
