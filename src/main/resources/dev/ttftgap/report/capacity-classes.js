  // 4c. request classes, one small chart each: TTFT p95 and gap p95 per step against the run's total
  // rate, the class's own SLO limits dashed (named in the legend), the joint answer and the class's
  // own answer dotted
  (report.classes || []).forEach(function (cls, i) {
    var id = 'chart-class-' + i;
    if (!document.getElementById(id)) {
      return;
    }
    var withRate = cls.steps.filter(function (s) { return s.ratePerSec != null; });
    var p95 = function (metric) {
      return withRate.map(function (s) { return [s.ratePerSec, latency(s, metric, 'p95')]; });
    };
    // a limit as a dashed level across the steps, named in the legend: a label on the line could
    // meet the answers' labels
    var rates = withRate.map(function (s) { return s.ratePerSec; });
    var level = function (value, name) {
      return {
        name: name + ' ' + Math.round(value) + ' ms', type: 'line', symbol: 'none', silent: true,
        lineStyle: { type: 'dashed', width: 1 },
        data: [[Math.min.apply(null, rates), value], [Math.max.apply(null, rates), value]]
      };
    };
    // the joint answer and the class's own, along their vertical lines: one line when they coincide
    // (the limiting class), else the joint's label at the top and the own one in the middle
    var joint = report.joint ? report.joint.maxSustainableRatePerSec : null;
    var own = cls.verdict ? cls.verdict.maxSustainableRatePerSec : null;
    var answers = [];
    if (joint != null && own != null && Math.abs(joint - own) < 1e-9) {
      answers.push(markerLine(joint, 'joint = alone ' + round(joint) + ' rps'));
    } else {
      if (joint != null) {
        answers.push(markerLine(joint, 'joint ' + round(joint) + ' rps'));
      }
      if (own != null) {
        answers.push(markerLine(own, 'alone ' + round(own) + ' rps'));
      }
    }
    answers.forEach(function (line, k) {
      line.label.position = ['insideEndTop', 'insideMiddleTop'][k % 2];
      line.lineStyle = { type: 'dotted', color: '#555' };
    });
    var values = p95('ttftMillis').concat(p95('gapMillis')).map(function (d) { return d[1]; }).filter(function (v) { return v != null; });
    var classSeries = [
      { name: 'TTFT p95', type: 'line', symbolSize: 6, data: p95('ttftMillis'), markLine: { symbol: 'none', silent: true, data: answers } },
      { name: 'gap p95', type: 'line', symbolSize: 6, data: p95('gapMillis') }
    ];
    if (rates.length > 0 && cls.slo.ttftP95Millis != null) {
      classSeries.push(level(cls.slo.ttftP95Millis, 'TTFT SLO'));
      values.push(cls.slo.ttftP95Millis);
    }
    if (rates.length > 0 && cls.slo.gapP95Millis != null) {
      classSeries.push(level(cls.slo.gapP95Millis, 'gap SLO'));
      values.push(cls.slo.gapP95Millis);
    }
    chart(id, {
      legend: { top: 0 },
      grid: { left: 60, right: 30, top: 50, bottom: 50 },
      xAxis: { type: 'value', name: 'total offered rate (rps)', nameLocation: 'middle', nameGap: 28 },
      yAxis: { type: values.length > 0 && Math.min.apply(null, values) > 0 ? 'log' : 'value', name: 'p95 (ms)' },
      series: classSeries
    });
  });

