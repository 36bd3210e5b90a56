  // 4b. the first token by kind, when the run reasoned or called tools: p95 per step
  if (document.getElementById('chart-first-tokens')) {
    var kinds = [
      ['TTFT (any output)', null],
      ['TTFVT (first answer token)', 'ttfvtMillis'],
      ['TTFR (first reasoning token)', 'ttfrMillis'],
      ['TTFTC (first tool call)', 'ttftcMillis']
    ];
    var kindSeries = kinds
      .filter(function (k) {
        return k[1] === null || steps.some(function (s) { return s.firstTokens && s.firstTokens[k[1]]; });
      })
      .map(function (k) {
        return {
          name: k[0] + ' p95', type: 'line', connectNulls: false,
          data: steps.map(function (s) {
            return k[1] === null ? latency(s, 'ttftMillis', 'p95') : (s.firstTokens ? latency(s.firstTokens, k[1], 'p95') : null);
          })
        };
      });
    chart('chart-first-tokens', {
      legend: { top: 0 },
      xAxis: categoryAxis(),
      yAxis: { type: 'value', name: 'p95 (ms)', min: 0 },
      series: kindSeries
    });
  }

