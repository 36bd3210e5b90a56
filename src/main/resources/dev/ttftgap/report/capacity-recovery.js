  // 4d. a launch spike: p50 and p95 TTFT per short window over time, the low-load band dashed, the
  // burst shaded, the recovery point marked; requests in flight (and the server's waiting, where
  // scraped) on the right axis
  if (document.getElementById('chart-recovery') && report.recovery) {
    var recovery = report.recovery;
    var plan = recovery.plan;
    var windowPoints = function (field) {
      return recovery.windows.map(function (w) { return [w.startSeconds, w[field]]; });
    };
    var bandLines = [];
    if (recovery.bandP50Millis != null) {
      bandLines.push({ yAxis: recovery.bandP50Millis, label: { formatter: 'band p50 ' + round(recovery.bandP50Millis) + ' ms', position: 'insideStartTop' } });
    }
    if (recovery.bandP95Millis != null) {
      bandLines.push({ yAxis: recovery.bandP95Millis, label: { formatter: 'band p95 ' + round(recovery.bandP95Millis) + ' ms', position: 'insideEndTop' } });
    }
    var recoveryLines = [];
    if (recovery.recoverySeconds != null) {
      recoveryLines.push({
        xAxis: plan.burstSeconds + recovery.recoverySeconds,
        lineStyle: { type: 'solid', color: '#2e7d32', width: 2 },
        label: { formatter: 'back in band +' + round(recovery.recoverySeconds) + ' s', position: 'insideMiddleTop' }
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
        markLine: { symbol: 'none', silent: true, lineStyle: { type: 'dashed' }, data: bandLines.slice(0, 1).concat(recoveryLines) }
      },
      {
        name: 'TTFT p95', type: 'line', symbolSize: 5, data: windowPoints('ttftP95Millis'),
        markLine: { symbol: 'none', silent: true, lineStyle: { type: 'dashed' }, data: bandLines.slice(1) }
      },
      { name: 'in flight (max)', type: 'line', step: 'end', yAxisIndex: 1, showSymbol: false, lineStyle: { width: 1 }, areaStyle: { opacity: 0.1 }, data: windowPoints('inFlightMax') }
    ];
    if (recovery.windows.some(function (w) { return w.serverWaiting != null; })) {
      recoverySeries.push({ name: 'server waiting', type: 'line', step: 'end', yAxisIndex: 1, showSymbol: false, connectNulls: false, data: windowPoints('serverWaiting') });
    }
    chart('chart-recovery', {
      legend: { top: 0 },
      xAxis: { type: 'value', name: 'seconds from the burst\u2019s start (window start)', nameLocation: 'middle', nameGap: 30 },
      yAxis: [
        { type: 'value', name: 'TTFT (ms)', min: 0 },
        { type: 'value', name: 'requests', min: 0, splitLine: { show: false } }
      ],
      series: recoverySeries
    });
  }

