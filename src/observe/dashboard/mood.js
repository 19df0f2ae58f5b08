import uPlot from '/vendor/uplot/uPlot.esm.js';
import { el } from './api.js';

const MAX_POINTS = 720;
const data = [[], [], [], [], []];
let plot = null;

function make() {
  const target = document.getElementById('mood');
  const width = Math.max(280, target.clientWidth);
  plot = new uPlot(
    {
      width,
      height: 220,
      scales: { y: { range: [-1, 1] } },
      series: [
        {},
        { label: 'pleasure', stroke: '#2f9e44', width: 2 },
        { label: 'arousal', stroke: '#e8590c', width: 2 },
        { label: 'dominance', stroke: '#1971c2', width: 2 },
        { label: 'emotion', stroke: '#ae3ec9', width: 1, dash: [4, 4] },
      ],
      axes: [{}, { values: (_, ticks) => ticks.map((t) => t.toFixed(1)) }],
    },
    data,
    target,
  );
}

/** One affect sample: the mood's three axes and the strongest emotion's intensity. */
export function addAffect(a) {
  const t = Date.parse(a.ts) / 1000;
  if (!Number.isFinite(t)) return;
  const last = data[0].length - 1;
  if (last >= 0 && t < data[0][last]) return; // late sample: the plot's x must grow
  const strongest = Math.max(0, ...a.emotions.map((e) => e.intensity));
  const values = [t, a.mood.pleasure, a.mood.arousal, a.mood.dominance, strongest];
  if (last >= 0 && t === data[0][last]) values.forEach((v, i) => (data[i][last] = v));
  else values.forEach((v, i) => data[i].push(v));
  if (data[0].length > MAX_POINTS) data.forEach((s) => s.shift());
  if (!plot) make();
  plot.setData(data);
  document.getElementById('emotions').replaceChildren(
    ...(a.emotions.length ? a.emotions.map((e) => el('span', 'chip', `${e.emotion} ${e.intensity.toFixed(2)}`)) : [el('span', 'chip', 'calm: no emotion')]),
  );
}
