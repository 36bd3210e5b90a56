  // 4d. a launch spike: p50 and p95 TTFT per short window over time, the low-load band dashed, the
  // burst shaded, the recovery point marked; requests in flight (and the server's waiting, where
  // scraped) on the right axis
  if (document.getElementById('chart-recovery') && report.recovery) {
    var recovery = report.recovery;
    var plan = recovery.plan;
    var windowPoints = function (field) {
      return recovery.windows.map(function (w) { return [w.startSeconds, w[field]]; });
    };
    // the band's edges as dashed levels named in the legend: labels on them could meet the
    // recovery's labels, which run along their vertical lines (top and bottom)
    var starts = recovery.windows.map(function (w) { return w.startSeconds; });
    var bandLevel = function (value, name) {
      return {
        name: name + ' ≤ ' + round(value) + ' ms', type: 'line', symbol: 'none', silent: true,
        lineStyle: { type: 'dashed', width: 1 },
        data: [[Math.min.apply(null, starts), value], [Math.max.apply(null, starts) + plan.windowSeconds, value]]
      };
    };
    var recoveryLines = [];
    if (recovery.recoverySeconds != null) {
      recoveryLines.push({
        xAxis: plan.burstSeconds + recovery.recoverySeconds,
        lineStyle: { type: 'solid', color: '#2e7d32', width: 2 },
        label: { formatter: 'back in band +' + round(recovery.recoverySeconds) + ' s', position: 'insideEndTop' }
      });
    }
    if (recovery.predictedDrainSeconds != null && recovery.predictedDrainSeconds > 0) {
      recoveryLines.push({
        xAxis: plan.burstSeconds + recovery.predictedDrainSeconds,
        lineStyle: { type: 'dotted', color: '#555' },
        label: { formatter: 'predicted +' + round(recovery.predictedDrainSeconds) + ' s', position: 'insideStartTop' }
      });
    }
    var recoverySeries = [
      {
        name: 'TTFT p50', type: 'line', symbolSize: 5, data: windowPoints('ttftP50Millis'),
        markArea: { silent: true, itemStyle: { color: 'rgba(204,0,0,0.08)' }, label: { position: 'insideTop' }, data: [[{ xAxis: 0, name: 'burst ' + round(plan.burstRatePerSec) + ' rps' }, { xAxis: plan.burstSeconds }]] },
        markLine: { symbol: 'none', silent: true, data: recoveryLines }
      },
      {
        name: 'TTFT p95', type: 'line', symbolSize: 5, data: windowPoints('ttftP95Millis')
      },
      { name: 'in flight (max)', type: 'line', step: 'end', yAxisIndex: 1, showSymbol: false, lineStyle: { width: 1 }, areaStyle: { opacity: 0.1 }, data: windowPoints('inFlightMax') }
    ];
    if (recovery.windows.some(function (w) { return w.serverWaiting != null; })) {
      recoverySeries.push({ name: 'server waiting', type: 'line', step: 'end', yAxisIndex: 1, showSymbol: false, connectNulls: false, data: windowPoints('serverWaiting') });
    }
    if (starts.length > 0 && recovery.bandP50Millis != null) {
      recoverySeries.push(bandLevel(recovery.bandP50Millis, 'band p50'));
    }
    if (starts.length > 0 && recovery.bandP95Millis != null) {
      recoverySeries.push(bandLevel(recovery.bandP95Millis, 'band p95'));
    }
    var ttfts = [];
    recovery.windows.forEach(function (w) { ttfts.push(w.ttftP50Millis, w.ttftP95Millis); });
    ttfts = ttfts.filter(function (v) { return v != null; });
    var logTtft = ttfts.length > 0 && Math.min.apply(null, ttfts) > 0;
    chart('chart-recovery', {
      legend: { top: 0 },
      xAxis: { type: 'value', name: 'seconds from the burst\u2019s start (window start)', nameLocation: 'middle', nameGap: 30 },
      yAxis: [
        // log when every figure is positive: the band's few tens of ms stay readable beside a
        // backlog's tens of seconds
        logTtft ? { type: 'log', name: 'TTFT (ms, log)' } : { type: 'value', name: 'TTFT (ms)', min: 0 },
        { type: 'value', name: 'requests', min: 0, splitLine: { show: false } }
      ],
      series: recoverySeries
    });
  }

