import uPlot from '/vendor/uplot/uPlot.esm.js';
import { el } from './api.js';

const MAX_POINTS = 720;
const PALETTE = ['#ae3ec9', '#e03131', '#1098ad', '#f08c00', '#5c940d', '#3b5bdb', '#c2255c', '#495057'];
const times = [];
const mood = { pleasure: [], arousal: [], dominance: [] };
/** emotion name → intensity per sample (null while it was not felt) */
const emotions = new Map();
let moodPlot = null;
let emotionPlot = null;

// Each series is [uPlot's options, its samples].
function chart(target, series, range) {
  const options = series.map(([o]) => o);
  return new uPlot(
    { width: Math.max(280, target.clientWidth), height: 180, scales: { y: { range } }, series: [{}, ...options], axes: [{}, { values: (_, ticks) => ticks.map((t) => t.toFixed(1)) }] },
    [times, ...series.map(([, samples]) => samples)],
    target,
  );
}

function drawMood() {
  const series = [
    [{ label: 'pleasure', stroke: '#2f9e44', width: 2 }, mood.pleasure],
    [{ label: 'arousal', stroke: '#e8590c', width: 2 }, mood.arousal],
    [{ label: 'dominance', stroke: '#1971c2', width: 2 }, mood.dominance],
  ];
  if (!moodPlot) moodPlot = chart(document.getElementById('mood'), series, [-1, 1]);
  else moodPlot.setData([times, ...series.map(([, samples]) => samples)]);
}

// A new emotion is a new series: the plot is made again (uPlot's series are fixed at creation).
function drawEmotions(rebuild) {
  const series = [...emotions].map(([name, samples], i) => [{ label: name, stroke: PALETTE[i % PALETTE.length], width: 2 }, samples]);
  if (rebuild && emotionPlot) {
    emotionPlot.destroy();
    emotionPlot = null;
  }
  if (!emotionPlot) emotionPlot = chart(document.getElementById('emotion-plot'), series, [0, 1]);
  else emotionPlot.setData([times, ...series.map(([, samples]) => samples)]);
}

/** One affect sample: the mood's three axes and each felt emotion's intensity. */
export function addAffect(a) {
  const t = Date.parse(a.ts) / 1000;
  if (!Number.isFinite(t)) return;
  const last = times.length - 1;
  if (last >= 0 && t < times[last]) return; // a late sample: the time axis must grow
  const same = last >= 0 && t === times[last];
  if (!same) {
    times.push(t);
    for (const values of [...Object.values(mood), ...emotions.values()]) values.push(null);
  }
  const at = times.length - 1;
  for (const axis of Object.keys(mood)) mood[axis][at] = a.mood[axis];
  let rebuild = false;
  for (const e of a.emotions) {
    if (!emotions.has(e.emotion)) {
      emotions.set(e.emotion, times.map(() => null));
      rebuild = true;
    }
    emotions.get(e.emotion)[at] = e.intensity;
  }
  if (times.length > MAX_POINTS) for (const values of [times, ...Object.values(mood), ...emotions.values()]) values.shift();
  drawMood();
  drawEmotions(rebuild);
  document.getElementById('emotions').replaceChildren(
    ...(a.emotions.length ? a.emotions.map((e) => el('span', 'chip', `${e.emotion} ${e.intensity.toFixed(2)}`)) : [el('span', 'chip', 'calm: no emotion')]),
  );
}
