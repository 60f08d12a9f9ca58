// `node scripts/bench-chart.mjs`: how uPlot (the Dashboard's chart library) copes with 100k points, in
// headless Chromium. A standalone page draws a line chart of N per-minute heart-rate readings and times the
// first draw and a zoom redraw (setScale on x, as a drag-select does), each the median of several runs,
// next to a 1k-point baseline measured in the same run.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);
const uplotJs = fs.readFileSync(require.resolve('uplot/dist/uPlot.iife.min.js'), 'utf8');
const uplotCss = fs.readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8');
const sizes = [1_000, 10_000, 100_000];
const runs = 7;

const html = `<!doctype html><html><head><style>${uplotCss}</style></head>
<body><div id="chart"></div><script>${uplotJs}</script></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

/* global document, requestAnimationFrame, uPlot -- measureInPage runs in the browser */

/** In the page: builds N points, then times the first draw and a zoom to the middle tenth. */
function measureInPage(n) {
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  let hr = 70;
  const start = Date.UTC(2026, 0, 1) / 1000;
  for (let i = 0; i < n; i++) {
    x[i] = start + i * 60;
    hr = Math.min(180, Math.max(45, hr + (Math.random() - 0.5) * 4));
    y[i] = hr;
  }
  const el = document.getElementById('chart');
  el.innerHTML = '';
  return new Promise((resolve) => {
    let phase = 'first';
    let t0 = performance.now();
    const result = {};
    const opts = {
      width: 1100,
      height: 300,
      scales: { x: { time: true } },
      series: [{}, { label: 'Heart rate', stroke: '#2D9A93', width: 2, spanGaps: true }],
      cursor: { drag: { x: true, y: false } },
      legend: { show: false },
      hooks: {
        draw: [
          (u) => {
            const t = performance.now() - t0;
            if (phase === 'first') {
              result.firstDraw = t;
              phase = 'zoom';
              // Next frame, zoom to the middle tenth as a drag-select would.
              requestAnimationFrame(() => {
                t0 = performance.now();
                u.setScale('x', { min: x[Math.floor(n * 0.45)], max: x[Math.floor(n * 0.55)] });
              });
            } else if (phase === 'zoom') {
              result.zoom = t;
              phase = 'reset';
              requestAnimationFrame(() => {
                t0 = performance.now();
                u.setData([x, y]);
              });
            } else if (phase === 'reset') {
              result.reset = t;
              phase = 'done';
              u.destroy();
              resolve(result);
            }
          },
        ],
      },
    };
    t0 = performance.now();
    new uPlot(opts, [x, y], el);
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 400 } });
  await page.setContent(html);
  await page.evaluate(measureInPage, 1_000); // warm-up: JIT and font caches
  const results = {};
  for (const n of sizes) {
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await page.evaluate(measureInPage, n));
    results[n] = {
      firstDraw: median(samples.map((s) => s.firstDraw)),
      zoom: median(samples.map((s) => s.zoom)),
      reset: median(samples.map((s) => s.reset)),
    };
  }
  const base = results[sizes[0]];
  const ms = (v) => `${v.toFixed(1)} ms`;
  console.log(
    `uPlot ${JSON.parse(fs.readFileSync(require.resolve('uplot/package.json'), 'utf8')).version}, headless Chromium, median of ${runs} runs`,
  );
  for (const n of sizes) {
    const r = results[n];
    console.log(
      `${String(n).padStart(7)} points: first draw ${ms(r.firstDraw)} (${(r.firstDraw / base.firstDraw).toFixed(2)}× baseline), ` +
        `zoom redraw ${ms(r.zoom)} (${(r.zoom / base.zoom).toFixed(2)}×), zoom reset ${ms(r.reset)} (${(r.reset / base.reset).toFixed(2)}×)`,
    );
  }
  const big = results[sizes[sizes.length - 1]];
  // A frame is 16.7 ms; a zoom that redraws within ~3 frames still feels immediate.
  const ok = big.zoom < 50 && big.firstDraw < 200;
  console.log(
    ok
      ? 'bench:chart 100k points within budget (first draw < 200 ms, zoom < 50 ms)'
      : 'bench:chart OVER BUDGET',
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await browser.close();
}
