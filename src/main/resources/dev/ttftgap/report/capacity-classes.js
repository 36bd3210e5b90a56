  // 4c. request classes, one small chart each: TTFT p95 and gap p95 per step against the run's total
  // rate, the class's own SLO limits dashed, the joint answer and the class's own answer dotted
  (report.classes || []).forEach(function (cls, i) {
    var id = 'chart-class-' + i;
    if (!document.getElementById(id)) {
      return;
    }
    var withRate = cls.steps.filter(function (s) { return s.ratePerSec != null; });
    var p95 = function (metric) {
      return withRate.map(function (s) { return [s.ratePerSec, latency(s, metric, 'p95')]; });
    };
    var limit = function (value, name) {
      return { yAxis: value, name: name, label: { formatter: name + ' ' + Math.round(value) + ' ms', position: 'insideStartTop' } };
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
    var ttftLimits = cls.slo.ttftP95Millis != null ? [limit(cls.slo.ttftP95Millis, 'TTFT SLO')] : [];
    var gapLimits = cls.slo.gapP95Millis != null ? [limit(cls.slo.gapP95Millis, 'gap SLO')] : [];
    chart(id, {
      legend: { top: 0 },
      grid: { left: 60, right: 30, top: 40, bottom: 50 },
      xAxis: { type: 'value', name: 'total offered rate (rps)', nameLocation: 'middle', nameGap: 28 },
      yAxis: { type: values.length > 0 && Math.min.apply(null, values) > 0 ? 'log' : 'value', name: 'p95 (ms)' },
      series: [
        { name: 'TTFT p95', type: 'line', symbolSize: 6, data: p95('ttftMillis'), markLine: { symbol: 'none', silent: true, lineStyle: { type: 'dashed' }, data: ttftLimits.concat(answers) } },
        { name: 'gap p95', type: 'line', symbolSize: 6, data: p95('gapMillis'), markLine: { symbol: 'none', silent: true, lineStyle: { type: 'dashed' }, data: gapLimits } }
      ]
    });
  });

