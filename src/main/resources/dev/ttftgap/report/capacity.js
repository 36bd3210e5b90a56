// Draws the capacity charts from the embedded report; counts what rendered for headless checks.
// A closed run (steps of concurrency) is drawn against its users, an open one against its rate.
(function () {
  var report = JSON.parse(document.getElementById('report-data').textContent);
  var steps = report.steps;
  var closed = report.loadModel === 'closed';
  var loadAxisName = closed ? 'concurrency (users)' : 'offered rate (rps)';
  var rendered = 0;

  function chart(id, option) {
    try {
      var element = document.getElementById(id);
      var instance = echarts.init(element, null, { renderer: 'canvas' });
      option.animation = false;
      option.tooltip = option.tooltip || { trigger: 'axis' };
      option.grid = option.grid || { left: 70, right: 40, top: 50, bottom: 60 };
      instance.setOption(option);
      element.dataset.rendered = 'true';
      rendered++;
    } catch (e) {
      window.recordPageError(id + ': ' + e.message);
    }
  }

  function latency(step, metric, percentile) {
    var summary = step[metric];
    return summary ? summary[percentile] : null;
  }

  // a launch spike's base after the burst (step 3) is the queue's drain, not a load level: it
  // stays off the charts against load, as it stays out of the verdicts by load
  var drainStep = report.recovery ? 3 : null;

  // the step's load on the x axis: its users in a closed run, its rate in an open one
  function rateOf(step) {
    if (step.step === drainStep) {
      return null;
    }
    return closed ? step.concurrency : step.ratePerSec;
  }

  function stepName(step) {
    if (closed) {
      return step.concurrency != null ? step.concurrency + ' users' : 'step ' + step.step;
    }
    return step.ratePerSec != null ? round(step.ratePerSec) + ' rps' : 'step ' + step.step;
  }

  function categoryAxis() {
    return { type: 'category', name: 'step', nameLocation: 'middle', nameGap: 30, axisLabel: { interval: 0 }, data: steps.map(stepName) };
  }

  // 1, 2 or 5 × a power of ten at or above value: an axis maximum that reads cleanly
  function niceCeil(value) {
    var power = Math.pow(10, Math.floor(Math.log10(value)));
    var nice = [1, 2, 5, 10].find(function (m) { return m * power >= value; });
    return nice * power;
  }

  function round(value) {
    return Math.round(value * 100) / 100;
  }

  // The knee, saturation (or plateau) and max-under-SLO lines often fall within a fraction of a
  // step of each other (7.5–8 rps in the default run): their labels run along the lines, each at
  // its own height (top, middle, bottom), so that they cannot overlap however close the lines are.
  var LABEL_SLOTS = ['insideEndTop', 'insideMiddleTop', 'insideStartTop'];

  function markerLine(x, name) {
    return { xAxis: x, name: name, label: { formatter: name } };
  }

  function verticalLines() {
    var lines = [];
    if (closed) {
      if (report.knee.found && report.knee.concurrency != null) {
        lines.push(markerLine(report.knee.concurrency, 'knee'));
      }
      if (report.saturation.reached && report.saturation.plateauConcurrency != null) {
        lines.push(markerLine(report.saturation.plateauConcurrency, 'plateau'));
      }
      if (report.sloVerdict.maxConcurrencyUnderSlo != null) {
        lines.push(markerLine(report.sloVerdict.maxConcurrencyUnderSlo, 'SLO max'));
      }
    } else {
      if (report.knee.found) {
        lines.push(markerLine(report.knee.ratePerSec, 'knee'));
      }
      if (report.saturation.reached) {
        lines.push(markerLine(report.saturation.saturationRatePerSec, 'saturation'));
      }
      if (report.sloVerdict.maxSustainableRatePerSec != null) {
        lines.push(markerLine(report.sloVerdict.maxSustainableRatePerSec, 'SLO max'));
      }
    }
    lines.forEach(function (line, i) { line.label.position = LABEL_SLOTS[i % LABEL_SLOTS.length]; });
    return lines;
  }

  // 1. gap percentiles against the rate, with the fitted model's curve
  var withGap = steps.filter(function (s) { return s.gapMillis && rateOf(s) != null; });
  var gapSeries = ['p50', 'p90', 'p95', 'p99'].map(function (p) {
    return {
      name: 'gap ' + p, type: 'line', symbolSize: 7,
      data: withGap.map(function (s) { return [rateOf(s), s.gapMillis[p]]; })
    };
  });
  gapSeries[0].markLine = { symbol: 'none', lineStyle: { type: 'dotted', color: '#888' }, data: verticalLines() };
  if (report.model && !closed) {
    ['gapP50Millis', 'gapP95Millis'].forEach(function (field, i) {
      gapSeries.push({
        name: 'model ' + (i === 0 ? 'p50' : 'p95'), type: 'line', showSymbol: false,
        lineStyle: { type: 'dashed', width: 2 },
        data: report.model.curve
          .filter(function (point) { return point[field] != null; })
          .map(function (point) { return [point.ratePerSec, point[field]]; })
      });
    });
  }
  var allGaps = [];
  gapSeries.forEach(function (s) { s.data.forEach(function (d) { allGaps.push(d[1]); }); });
  var logScale = allGaps.length > 0 && Math.min.apply(null, allGaps) > 0;
  chart('chart-gap', {
    legend: { top: 0 },
    xAxis: { type: 'value', name: loadAxisName, nameLocation: 'middle', nameGap: 30 },
    yAxis: { type: logScale ? 'log' : 'value', name: 'gap TTFT − TTFB (ms)' },
    series: gapSeries
  });

  // 2. TTFB and gap stacked per step (medians: TTFT ≈ TTFB + gap). Overloaded steps can be a
  // hundred times taller than the rest; the axis stops at 1.5 × the tallest step before
  // saturation so the low-load split stays readable (the cut bars carry their value). With no
  // step before saturation there is no low-load split to keep, and nothing is cut.
  var totals = steps.map(function (s) { return (latency(s, 'ttfbMillis', 'p50') || 0) + (latency(s, 'gapMillis', 'p50') || 0); });
  var before = totals.filter(function (total, i) { return !(report.saturation.reached && steps[i].step >= report.saturation.step) && total > 0; });
  var stackMax = niceCeil(Math.max.apply(null, before.concat([1])) * 1.5);
  var clipped = before.length > 0 && Math.max.apply(null, totals) > 2 * stackMax;
  document.body.dataset.stackCut = clipped ? String(stackMax) : '';
  // Where each step's queue is: the growth of TTFB (before the headers) and of the gap (after
  // them) over the low-load step, as lines on the right axis, and the step's place under its name.
  var location = report.queueLocation;
  var located = location && location.determined;
  var PLACES = { NONE: 'no queue', BEFORE_HEADERS: 'before hdrs', AFTER_HEADERS: 'after hdrs', BOTH: 'both' };
  var stackAxis = categoryAxis();
  if (located) {
    // the place under the first step of each run of steps that share it (a label per step would
    // not fit under a dozen steps), and never under two neighbouring steps
    var placeLabels = [];
    var lastLabelled = -2;
    steps.forEach(function (s, i) {
      var place = s.queueLocation ? s.queueLocation.place : null;
      var previous = i > 0 && steps[i - 1].queueLocation ? steps[i - 1].queueLocation.place : null;
      var starts = place && (i === 0 || place !== previous);
      placeLabels.push(starts && i - lastLabelled > 1 ? PLACES[place] : '');
      if (placeLabels[i]) {
        lastLabelled = i;
      }
    });
    stackAxis.axisLabel.formatter = function (value, i) {
      return value + (placeLabels[i] ? '\n' + placeLabels[i] : '');
    };
    stackAxis.axisLabel.lineHeight = 16;
    stackAxis.nameGap = 52;
  }
  function growth(field) {
    // floored at 0, as the share before the headers counts them: both axes then start at 0
    return steps.map(function (s) {
      var value = s.queueLocation ? s.queueLocation[field] : null;
      return value == null ? null : Math.max(0, value);
    });
  }
  var stackSeries = [
    { name: 'TTFB p50', type: 'bar', stack: 'ttft', itemStyle: { color: '#8ae234' }, data: steps.map(function (s) { return latency(s, 'ttfbMillis', 'p50'); }) },
      {
        name: 'gap p50', type: 'bar', stack: 'ttft', itemStyle: { color: '#729fcf' },
        // along the bar (rotated), so that neighbouring cut bars' values never run into each other
        label: {
          show: clipped, position: 'insideTop', rotate: 90, align: 'right', verticalAlign: 'middle',
          formatter: function (p) {
            var total = totals[p.dataIndex];
            return total > stackMax ? (total >= 10000 ? round(total / 1000).toFixed(1) + ' s' : Math.round(total) + ' ms') : '';
          }
        },
        data: steps.map(function (s) { return latency(s, 'gapMillis', 'p50'); })
      }
  ];
  if (located) {
    stackSeries.push(
      { name: 'TTFB growth', type: 'line', yAxisIndex: 1, symbolSize: 6, itemStyle: { color: '#4e9a06' }, data: growth('ttfbGrowthP50Millis') },
      { name: 'gap growth', type: 'line', yAxisIndex: 1, symbolSize: 6, lineStyle: { type: 'dashed' }, itemStyle: { color: '#3465a4' }, data: growth('gapGrowthP50Millis') });
  }
  var stackYAxes = [{ type: 'value', name: 'median (ms)' + (clipped ? ', cut at ' + stackMax : ''), max: clipped ? stackMax : null }];
  if (located) {
    stackYAxes.push({ type: 'value', name: 'p50 growth over step ' + location.baselineStep + ' (ms)', nameTextStyle: { align: 'right' }, splitLine: { show: false } });
  }
  chart('chart-stack', {
    legend: { top: 0 },
    grid: located ? { left: 70, right: 80, top: 60, bottom: 80 } : null,
    xAxis: stackAxis,
    yAxis: stackYAxes,
    series: stackSeries
  });

  // 3. achieved against offered rate
  var withRates = steps.filter(function (s) { return rateOf(s) != null && s.achievedRatePerSec != null; });
  var maxRate = Math.max.apply(null, withRates.map(rateOf).concat([1]));
  var throughputSeries = [
    { name: 'achieved (completions/s)', type: 'line', symbolSize: 7, data: withRates.map(function (s) { return [rateOf(s), s.achievedRatePerSec]; }) },
    { name: 'arrivals/s', type: 'line', symbolSize: 5, data: withRates.map(function (s) { return [rateOf(s), s.arrivalRatePerSec]; }) }
  ];
  if (withRates.some(function (s) { return s.goodputPerSec != null; })) {
    throughputSeries.push({ name: 'goodput (meeting the SLO)/s', type: 'line', symbolSize: 5, lineStyle: { type: 'dotted' }, data: withRates.map(function (s) { return [rateOf(s), s.goodputPerSec]; }) });
  }
  if (!closed) {
    // in a closed run arrivals follow completions: there is no offered rate to follow
    throughputSeries.push({ name: 'achieved = offered', type: 'line', showSymbol: false, itemStyle: { color: '#aaa' }, lineStyle: { type: 'dashed', color: '#aaa' }, data: [[0, 0], [maxRate, maxRate]] });
  }
  if (report.saturation.reached) {
    throughputSeries[0].markLine = {
      symbol: 'none', lineStyle: { type: 'dotted', color: '#c00' },
      data: [{ yAxis: round(report.saturation.saturationRatePerSec), label: { position: 'insideEndTop', formatter: 'plateau {c} rps' } }]
    };
  }
  chart('chart-throughput', {
    legend: { top: 0 },
    xAxis: { type: 'value', name: loadAxisName, nameLocation: 'middle', nameGap: 30 },
    yAxis: { type: 'value', name: 'requests/s' },
    series: throughputSeries
  });

  // 4. error rate per step, by failure reason (drawn only when some request failed)
  var reasons = {};
  steps.forEach(function (s) { Object.keys(s.failuresByReason).forEach(function (r) { reasons[r] = true; }); });
  var reasonNames = Object.keys(reasons).sort();
  var errorSeries = reasonNames.map(function (reason) {
    return {
      name: reason, type: 'bar', stack: 'errors',
      data: steps.map(function (s) { return round(100 * (s.failuresByReason[reason] || 0) / s.requests); })
    };
  });
  if (document.getElementById('chart-errors')) {
    chart('chart-errors', {
      legend: { top: 0 },
      xAxis: categoryAxis(),
      yAxis: { type: 'value', name: 'failed requests (%)', min: 0 },
      series: errorSeries
    });
  }

  // 5. the server's own queue, when it reports queue time
  if (document.getElementById('chart-queue')) {
    chart('chart-queue', {
      legend: { top: 0 },
      xAxis: categoryAxis(),
      yAxis: [{ type: 'value', name: 'queue time (ms)' }, { type: 'value', name: 'queue depth' }],
      series: [
        { name: 'server queue time p50', type: 'bar', data: steps.map(function (s) { return latency(s, 'serverQueueMillis', 'p50'); }) },
        { name: 'server queue time p95', type: 'bar', data: steps.map(function (s) { return latency(s, 'serverQueueMillis', 'p95'); }) },
        { name: 'queue depth (Little: λ × mean queue time)', type: 'line', yAxisIndex: 1, data: steps.map(function (s) { return s.serverQueueDepth; }) }
      ]
    });
  }

  // 6. where the mean TTFT went, from the server's /metrics: TTFB, queue, prefill, rest
  if (document.getElementById('chart-decomposition')) {
    var part = function (field) {
      return steps.map(function (s) { var d = s.server && s.server.ttftDecomposition; return d ? d[field] : null; });
    };
    chart('chart-decomposition', {
      legend: { top: 0 },
      xAxis: categoryAxis(),
      yAxis: { type: 'value', name: 'mean (ms)' },
      series: [
        { name: 'TTFB', type: 'bar', stack: 'ttft', data: part('ttfbMeanMillis') },
        { name: 'server queue', type: 'bar', stack: 'ttft', data: part('serverQueueMeanMillis') },
        { name: 'prefill', type: 'bar', stack: 'ttft', data: part('prefillMeanMillis') },
        { name: 'rest (transfer, client)', type: 'bar', stack: 'ttft', data: part('restMillis') },
        { name: 'client TTFT (mean)', type: 'line', data: part('ttftMeanMillis') }
      ]
    });
  }

  // 7. the server's waiting and running requests over time, steps as bands
  if (document.getElementById('chart-server-series')) {
    var block = report.serverMetrics;
    // a dark step (its /metrics mostly unanswered) is marked, and the lines break at it, so that
    // no line is drawn across readings the server did not give
    var dark = block.darkSteps || [];
    var bands = block.stepBands.map(function (b) {
      var isDark = dark.indexOf(b.step) >= 0;
      var from = { xAxis: b.fromSeconds, name: 'step ' + b.step + (isDark ? ' · dark' : '') };
      if (isDark) { from.itemStyle = { color: 'rgba(200,60,60,0.12)' }; }
      return [from, { xAxis: b.toSeconds }];
    });
    var points = function (field) {
      var data = block.series.map(function (p) { return [p.seconds, p[field]]; });
      block.stepBands.forEach(function (b) {
        if (dark.indexOf(b.step) >= 0) { data.push([b.fromSeconds, null]); }
      });
      return data.sort(function (a, b) { return a[0] - b[0]; });
    };
    chart('chart-server-series', {
      legend: { top: 0 },
      xAxis: { type: 'value', name: 'seconds since the first scrape', nameLocation: 'middle', nameGap: 30 },
      yAxis: { type: 'value', name: 'requests' },
      series: [
        {
          name: 'waiting', type: 'line', showSymbol: false, step: 'end',
          data: points('waiting'),
          markArea: { silent: true, itemStyle: { color: 'rgba(120,120,120,0.08)' }, label: { position: 'insideTop' }, data: bands }
        },
        {
          name: 'running', type: 'line', showSymbol: false, step: 'end',
          data: points('running')
        }
      ]
    });
  }

  // 8. the load generator's own delay beside the gap: a step whose delay is high is not the server's
  if (document.getElementById('chart-load-generator')) {
    var health = report.loadGenerator;
    function loopDelay(s, field) { return s.loadGenerator ? s.loadGenerator[field] : null; }
    chart('chart-load-generator', {
      legend: { top: 0 },
      xAxis: categoryAxis(),
      yAxis: [{ type: 'value', name: 'gap (ms)' }, { type: 'value', name: 'client delay (ms)', nameTextStyle: { align: 'right' }, min: 0 }],
      series: [
        { name: 'gap p99', type: 'bar', data: steps.map(function (s) { return latency(s, 'gapMillis', 'p99'); }) },
        {
          name: 'event-loop delay p99', type: 'line', yAxisIndex: 1, symbolSize: 7,
          data: steps.map(function (s) { return loopDelay(s, 'eventLoopDelayP99Millis'); }),
          markLine: { symbol: 'none', lineStyle: { type: 'dotted' }, label: { position: 'insideEndTop', formatter: 'vouch limit' }, data: [{ yAxis: health.maxEventLoopDelayP99Millis }] }
        },
        { name: 'stamp delay p99', type: 'line', yAxisIndex: 1, symbolSize: 7, lineStyle: { type: 'dashed' }, data: steps.map(function (s) { return loopDelay(s, 'stampDelayP99Millis'); }) },
        { name: 'event-loop delay max', type: 'line', yAxisIndex: 1, symbolSize: 4, data: steps.map(function (s) { return loopDelay(s, 'eventLoopDelayMaxMillis'); }) }
      ]
    });
  }

  // 9. this run against its baseline: the baseline's figures are this run's minus the deltas
  if (document.getElementById('chart-baseline')) {
    var deltas = {};
    report.baselineComparison.steps.forEach(function (d) { deltas[d.step] = d; });
    var pair = function (metric, percentile, deltaField, name, color) {
      var now = steps.map(function (s) { return latency(s, metric, percentile); });
      var then = steps.map(function (s, i) {
        var d = deltas[s.step];
        return d && d[deltaField] != null && now[i] != null ? round(now[i] - d[deltaField]) : null;
      });
      return [
        { name: name, type: 'line', symbolSize: 7, itemStyle: { color: color }, lineStyle: { color: color }, data: now },
        { name: name + ' (baseline)', type: 'line', symbolSize: 5, itemStyle: { color: color }, lineStyle: { color: color, type: 'dashed' }, data: then }
      ];
    };
    chart('chart-baseline', {
      legend: { top: 0 },
      xAxis: categoryAxis(),
      yAxis: { type: 'value', name: 'ms' },
      series: pair('gapMillis', 'p50', 'gapP50DeltaMillis', 'gap p50', '#3465a4')
        .concat(pair('gapMillis', 'p95', 'gapP95DeltaMillis', 'gap p95', '#cc0000'))
        .concat(pair('ttfbMillis', 'p50', 'ttfbP50DeltaMillis', 'TTFB p50', '#4e9a06'))
    });
  }

  // Texts that overlap on a chart (marker labels, legend, axis names and labels) are counted for
  // headless checks: the boxes of every visible text element, pairwise, per chart.
  var overlaps = [];
  try {
    Array.prototype.forEach.call(document.querySelectorAll('.chart[data-rendered]'), function (element) {
      var instance = echarts.getInstanceByDom(element);
      var boxes = [];
      instance.getZr().storage.getDisplayList(true).forEach(function (el) {
        // zrender draws each line of a text as a 'tspan' inside its text element
        if ((el.type !== 'tspan' && el.type !== 'text') || el.ignore || el.invisible || !el.style || !el.style.text) {
          return;
        }
        var box = el.getBoundingRect().clone();
        var transform = el.getComputedTransform();
        if (transform) {
          box.applyTransform(transform);
        }
        if (box.width > 0 && box.height > 0) {
          boxes.push({ text: String(el.style.text), box: box });
        }
      });
      for (var i = 0; i < boxes.length; i++) {
        for (var j = i + 1; j < boxes.length; j++) {
          var a = boxes[i].box;
          var b = boxes[j].box;
          var w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
          var h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
          if (w > 1 && h > 1) {
            overlaps.push(element.id + ': "' + boxes[i].text + '" × "' + boxes[j].text + '"');
          }
        }
      }
    });
  } catch (e) {
    window.recordPageError('label overlap check: ' + e.message);
  }
  document.body.dataset.labelOverlaps = String(overlaps.length);
  document.body.dataset.labelOverlapDetails = overlaps.join(' | ');

  document.body.dataset.chartsRendered = String(rendered);
  window.recordPageError(null);
})();
