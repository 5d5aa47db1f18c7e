(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('llm-data').textContent);
  Chart.defaults.animation = false;
  Chart.defaults.maintainAspectRatio = false;
  function el(id) { return document.getElementById(id); }
  function points(xs, ys) { return xs.map(function (x, i) { return { x: x, y: ys[i] }; }); }

  var t = data.timeline;
  // A run of embeddings and rerank requests alone generates no output token: its timeline carries the inputs
  // its answers delivered per second instead, and its requests in flight.
  var pooling = t.pooledInputs !== undefined;
  var rate = pooling ? t.pooledInputs : t.outputTokens;
  var rateLabel = pooling ? 'inputs/s' : 'output tok/s';
  var inFlightLabel = pooling ? 'requests in flight' : 'streams in flight';
  var seconds = rate.map(function (_, i) { return i * t.stepSeconds + t.offsetSeconds; });
  var rateTop = Math.max.apply(null, rate.concat([1]));
  new Chart(el('chart-timeline'), {
    type: 'line',
    data: { datasets: [
      { label: rateLabel, data: points(seconds, rate), yAxisID: 'y', borderColor: '#1a73e8', pointRadius: 0, borderWidth: 1.5 },
      { label: inFlightLabel, data: points(seconds, t.activeStreams), yAxisID: 'y1', borderColor: '#e37400', pointRadius: 0, borderWidth: 1.5 }
    ].concat(t.warmupEndSeconds === undefined ? [] : [
      { label: 'before the first level: warm-up, in no figure', yAxisID: 'y', pointRadius: 0, borderWidth: 0,
        fill: 'origin', backgroundColor: 'rgba(128,128,128,0.18)',
        data: [ { x: 0, y: rateTop }, { x: t.warmupEndSeconds, y: rateTop } ] }
    ]) },
    options: { parsing: true, scales: {
      x: { type: 'linear', title: { display: true, text: 's since start' } },
      y: { beginAtZero: true, title: { display: true, text: rateLabel } },
      y1: { beginAtZero: true, position: 'right', grid: { drawOnChartArea: false }, title: { display: true, text: pooling ? 'requests' : 'streams' } }
    } }
  });

  if (el('chart-server') && data.server) {
    var s = data.server;
    var sets = (pooling ? [] : [
      { label: 'client output tok/s', data: points(seconds, t.outputTokens), yAxisID: 'y', borderColor: '#1a73e8', pointRadius: 0, borderWidth: 1.5 }
    ]).concat([
      { label: 'server generated tok/s', data: points(s.seconds, s.generatedTokensPerSecond), yAxisID: 'y', borderColor: '#9334e6', pointRadius: 0, borderWidth: 1.5 },
      { label: 'server running', data: points(s.seconds, s.running), yAxisID: 'y1', borderColor: '#188038', pointRadius: 0, borderWidth: 1.5 },
      { label: 'server waiting', data: points(s.seconds, s.waiting), yAxisID: 'y1', borderColor: '#d93025', pointRadius: 0, borderWidth: 1.5 }
    ]);
    new Chart(el('chart-server'), {
      type: 'line',
      data: { datasets: sets },
      options: { scales: {
        x: { type: 'linear', title: { display: true, text: 's since start' } },
        y: { beginAtZero: true, title: { display: true, text: 'tok/s' } },
        y1: { beginAtZero: true, position: 'right', grid: { drawOnChartArea: false }, title: { display: true, text: 'requests' } }
      } }
    });
  }

  var levels = data.levels.filter(function (l) { return l.load > 0; });
  // The baseline's levels, when this run was compared with one: drawn dashed beside this run's in the charts
  // against load and in the trade-off.
  var baselineData = el('llm-baseline');
  var baseline = baselineData ? JSON.parse(baselineData.textContent) : null;
  var thenLevels = baseline ? (baseline.levels || []) : [];
  function thenLine(label, figure, color, axis) {
    return { label: label + ' (baseline)', yAxisID: axis, borderColor: color, borderDash: [3, 3], pointRadius: 2,
      data: thenLevels.filter(function (l) { return l[figure] != null; }).map(function (l) { return { x: l.load, y: l[figure] }; }) };
  }
  var loadTitle = levels.length && levels[0].closed ? 'concurrent streams' : 'request rate (req/s)';
  var logScale = levels.length > 2 && levels[levels.length - 1].load / levels[0].load >= 8;
  var loads = levels.map(function (l) { return l.load; });
  if (el('chart-throughput')) {
    if (baseline) { el('chart-throughput').setAttribute('data-baseline', 'drawn'); }
    new Chart(el('chart-throughput'), {
      type: 'line',
      data: { datasets: [
        { label: 'output tok/s', data: points(loads, levels.map(function (l) { return l.outputThroughput; })), yAxisID: 'y', borderColor: '#1a73e8' },
        { label: 'per-stream tok/s', data: points(loads, levels.map(function (l) { return l.perStream; })), yAxisID: 'y1', borderColor: '#188038' }
      ].concat(baseline ? [thenLine('output tok/s', 'outputThroughput', '#1a73e8', 'y'), thenLine('per-stream tok/s', 'perStream', '#188038', 'y1')] : []) },
      options: { scales: {
        x: { type: logScale ? 'logarithmic' : 'linear', title: { display: true, text: loadTitle } },
        y: { beginAtZero: true, title: { display: true, text: 'output tok/s' } },
        y1: { beginAtZero: true, position: 'right', grid: { drawOnChartArea: false }, title: { display: true, text: 'per-stream tok/s' } }
      } }
    });
  }
  if (el('chart-ttft')) {
    var ttftSets = [
      { label: 'TTFT p50 ms', data: points(loads, levels.map(function (l) { return l.ttftP50; })), borderColor: '#1a73e8' },
      { label: 'TTFT p99 ms', data: points(loads, levels.map(function (l) { return l.ttftP99; })), borderColor: '#d93025' }
    ];
    if (baseline) {
      ttftSets.push(thenLine('TTFT p50 ms', 'ttftP50', '#1a73e8'), thenLine('TTFT p99 ms', 'ttftP99', '#d93025'));
      el('chart-ttft').setAttribute('data-baseline', 'drawn');
    }
    // A bound far above every TTFT would squash the figures into the chart's foot: it is then named in the
    // legend as above the chart, and the axis follows the figures.
    var ttftTop = 0;
    ttftSets.forEach(function (set) { set.data.forEach(function (p) { if (p.y != null && p.y > ttftTop) { ttftTop = p.y; } }); });
    var above = [];
    function line(label, y, color) {
      if (ttftTop > 0 && y > 2 * ttftTop) {
        above.push(label);
        ttftSets.push({ label: label + ': above the chart', data: [], borderColor: color, borderDash: [6, 4], pointRadius: 0 });
        return;
      }
      ttftSets.push({ label: label, data: [{ x: loads[0], y: y }, { x: loads[loads.length - 1], y: y }],
        borderColor: color, borderDash: [6, 4], pointRadius: 0 });
    }
    if (data.sloTtftMs != null && loads.length) {
      line('TTFT SLO ' + data.sloTtftMs + ' ms', data.sloTtftMs, '#5f6368');
    }
    if (data.targetTtftMs != null && data.targetTtftMs !== data.sloTtftMs && loads.length) {
      line('target: ' + data.targetLabel, data.targetTtftMs, '#9334e6');
    }
    el('chart-ttft').setAttribute('data-bounds-above', String(above.length));
    new Chart(el('chart-ttft'), {
      type: 'line',
      data: { datasets: ttftSets },
      options: { scales: {
        x: { type: logScale ? 'logarithmic' : 'linear', title: { display: true, text: loadTitle } },
        y: { beginAtZero: true, title: { display: true, text: 'ms' } }
      } }
    });
  }
  if (el('chart-pooling')) {
    // Embeddings and rerank requests alone: what the service embedded per second, and its whole-answer latency.
    new Chart(el('chart-pooling'), {
      type: 'line',
      data: { datasets: [
        { label: 'inputs/s', data: points(loads, levels.map(function (l) { return l.inputsPerSecond; })), yAxisID: 'y', borderColor: '#1a73e8' },
        { label: 'E2EL p99 ms', data: points(loads, levels.map(function (l) { return l.pooledE2elP99; })), yAxisID: 'y1', borderColor: '#d93025' }
      ] },
      options: { scales: {
        x: { type: logScale ? 'logarithmic' : 'linear', title: { display: true, text: loadTitle } },
        y: { beginAtZero: true, title: { display: true, text: 'inputs/s' } },
        y1: { beginAtZero: true, position: 'right', grid: { drawOnChartArea: false }, title: { display: true, text: 'E2EL p99 ms' } }
      } }
    });
  }
  // Labels drawn beside the points of the datasets that carry them (pointLabels): right of the point, or left
  // of it where the chart's right edge would cut them, below it near the top; the canvas counts those that still
  // leave the chart area (data-labels-outside), which should be none.
  var pointLabels = {
    id: 'pointLabels',
    afterDatasetsDraw: function (chart) {
      var ctx = chart.ctx;
      var area = chart.chartArea;
      var outside = 0;
      ctx.save();
      ctx.font = '11px sans-serif';
      ctx.fillStyle = '#333';
      chart.data.datasets.forEach(function (set, i) {
        if (!set.pointLabels) { return; }
        chart.getDatasetMeta(i).data.forEach(function (point, j) {
          var text = set.pointLabels[j];
          var width = ctx.measureText(text).width;
          var x = point.x + 6 + width <= area.right ? point.x + 6 : point.x - 6 - width;
          var y = point.y - 6 - 11 >= area.top ? point.y - 6 : point.y + 6 + 11;
          x = Math.max(area.left, x);
          if (x + width > area.right + 0.5 || y - 11 < area.top - 0.5 || y > area.bottom + 0.5) { outside++; }
          ctx.fillText(text, x, y);
        });
      });
      ctx.restore();
      chart.canvas.setAttribute('data-labels-outside', String(outside));
    }
  };
  if (el('chart-tradeoff')) {
    // Per GPU when the run said how many serve the endpoint (llm.gpus): deployments of different sizes compare.
    var gpus = data.gpus || 1;
    var trade = function (l) { return { x: l.perStream, y: l.outputThroughput == null ? null : l.outputThroughput / gpus }; };
    var name = function (l) { return l.label + (l.capacity ? ' (capacity)' : '') + (l.knee ? ' (knee)' : ''); };
    var meeting = levels.filter(function (l) { return l.meetsTarget; });
    var missing = levels.filter(function (l) { return !l.meetsTarget; });
    var tradeSets = [
      { label: 'levels by load', data: levels.map(trade), showLine: true, borderColor: '#9aa0a6', pointRadius: 0 },
      { label: 'meets the target', data: meeting.map(trade), pointLabels: meeting.map(name), backgroundColor: '#188038', pointRadius: 5 },
      { label: 'misses it', data: missing.map(trade), pointLabels: missing.map(name), backgroundColor: '#d93025', pointRadius: 5 }
    ];
    if (data.breakEvenTokensPerSecond != null) {
      // Above the line the deployment's output costs less than the API's.
      var widest = 1.25 * Math.max.apply(null, levels.map(function (l) { return l.perStream || 0; }).concat([1]));
      var breakEven = data.breakEvenTokensPerSecond / gpus;
      tradeSets.push({ label: 'break-even against the API: ' + Math.round(breakEven) + ' output tok/s' + (data.gpus ? ' per GPU' : ''),
        data: [{ x: 0, y: breakEven }, { x: widest, y: breakEven }],
        showLine: true, borderColor: '#9334e6', borderDash: [6, 4], pointRadius: 0 });
    }
    if (baseline) {
      // Per its own GPUs when it said them, else per this run's: the same deployment, another night.
      var thenTrade = function (l) {
        return { x: l.perStream, y: data.gpus && l.outputPerGpu != null ? l.outputPerGpu : l.outputThroughput / gpus };
      };
      tradeSets.push({ label: 'baseline', data: thenLevels.map(thenTrade), pointLabels: thenLevels.map(function (l) { return l.label + ' (then)'; }),
        showLine: true, borderColor: '#1a73e8', backgroundColor: '#1a73e8', borderDash: [3, 3], pointRadius: 3 });
      el('chart-tradeoff').setAttribute('data-baseline', 'drawn');
    }
    if (data.gpus) { el('chart-tradeoff').setAttribute('data-per-gpu', String(data.gpus)); }
    new Chart(el('chart-tradeoff'), {
      type: 'scatter',
      data: { datasets: tradeSets },
      options: { scales: {
        // room on the right for the labels of the fastest streams
        x: { beginAtZero: true, suggestedMax: 1.25 * Math.max.apply(null, levels.concat(thenLevels).map(function (l) { return l.perStream || 0; }).concat([1])),
          title: { display: true, text: 'per-stream output tok/s (interactivity)' } },
        y: { beginAtZero: true, title: { display: true, text: data.gpus ? 'output tok/s per GPU (' + data.gpus + ' GPUs)' : 'output tok/s' } }
      } },
      plugins: [pointLabels]
    });
  }
  function distribution(id, name, color) {
    var bins = data.distributions[name] || [];
    var chart = new Chart(el(id), {
      type: 'bar',
      data: {
        labels: bins.map(function (b) { return b[0].toFixed(b[1] - b[0] < 1 ? 2 : 0); }),
        datasets: [{ label: name === 'itl' ? 'gaps' : 'requests', data: bins.map(function (b) { return b[2]; }), backgroundColor: color }]
      },
      // a log axis keeps the few requests or gaps of a tail visible beside a body of thousands
      options: { scales: { x: { title: { display: true, text: 'ms (bar start)' } },
        // counts are whole: no tick below one request, none between 1, 10, 100...
        y: { type: 'logarithmic', min: 0.8, title: { display: true, text: name === 'itl' ? 'gaps (log)' : 'requests (log)' },
          ticks: { callback: function (v) { return wholePower(v) ? String(v) : ''; } } } } }
    });
    var shown = chart.scales.y.ticks.filter(function (t) { return t.label !== '' && t.label != null; });
    el(id).setAttribute('data-count-ticks', shown.map(function (t) { return t.value; }).join(' '));
  }
  function wholePower(v) {
    if (v < 1) { return false; }
    var p = Math.pow(10, Math.round(Math.log10(v)));
    return Math.abs(v - p) < 1e-9 * p;
  }
  function percentileLabel(p) { return p === 0 ? 'min' : p === 100 ? 'max' : 'p' + p; }
  function percentiles(id) {
    var names = { ttft: ['TTFT', '#1a73e8'], tpot: ['TPOT', '#188038'], itl: ['ITL', '#e37400'] };
    var sets = [];
    var labels = [];
    // A log axis has no 0, and a gap of 0 ms (two events in one chunk) would stretch it over decades: values
    // below a tenth of the smallest median are drawn at that floor, their true value in the tooltip.
    var floor = Infinity;
    Object.keys(names).forEach(function (name) {
      var curve = data.percentiles[name] || [];
      if (curve.length > 1 && curve[1][1] > 0) { floor = Math.min(floor, curve[1][1] / 10); }
    });
    if (!isFinite(floor)) { floor = 0.001; }
    Object.keys(names).forEach(function (name) {
      var curve = data.percentiles[name] || [];
      if (curve.length > labels.length) { labels = curve.map(function (p) { return percentileLabel(p[0]); }); }
      sets.push({ label: names[name][0] + ' ms', borderColor: names[name][1], exact: curve.map(function (p) { return p[1]; }),
        data: curve.map(function (p) { return Math.max(p[1], floor); }) });
    });
    new Chart(el(id), {
      type: 'line',
      data: { labels: labels, datasets: sets },
      options: {
        plugins: { tooltip: { callbacks: { label: function (c) { return c.dataset.label + ': ' + c.dataset.exact[c.dataIndex]; } } } },
        scales: { x: { title: { display: true, text: 'percentile' } },
          y: { type: 'logarithmic', title: { display: true, text: 'ms (log)' } } } }
    });
  }
  // A run of embeddings and rerank requests alone has none of these: the page leaves their canvases out.
  if (el('chart-dist-ttft')) {
    distribution('chart-dist-ttft', 'ttft', '#1a73e8');
    distribution('chart-dist-tpot', 'tpot', '#188038');
    distribution('chart-dist-itl', 'itl', '#e37400');
    percentiles('chart-percentiles');
  }
  document.body.setAttribute('data-charts', 'ready');
})();
