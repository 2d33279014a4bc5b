// Sounds made on the spot with WebAudio (no files): a soft snap when a card is played, a
// two-note chime when it is your turn.  Silent unless the "sound" setting is on.

import { currentSettings } from "./session.js";

let context = null;
let gestured = false;

function audio() {
  // Browsers let a page make sound only after a gesture; before it, stay silent.
  if (!gestured || !currentSettings().sound) return null;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  if (!context) context = new Context();
  if (context.state === "suspended") context.resume().catch(() => {});
  return context.state === "running" ? context : null;
}

for (const kind of ["pointerdown", "keydown"]) {
  window.addEventListener(kind, () => {
    gestured = true;
    if (currentSettings().sound && !context) audio();
  }, { once: true, capture: true });
}

export function cardSound() {
  const ctx = audio();
  if (!ctx) return;
  const length = Math.floor(ctx.sampleRate * 0.06);
  const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < length; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / length) ** 3;
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = 1800;
  filter.Q.value = 0.8;
  const gain = ctx.createGain();
  gain.gain.value = 0.5;
  source.connect(filter).connect(gain).connect(ctx.destination);
  source.start();
}

export function turnSound() {
  const ctx = audio();
  if (!ctx) return;
  const now = ctx.currentTime;
  [660, 880].forEach((frequency, i) => {
    const osc = ctx.createOscillator();
    osc.type = "sine";
    osc.frequency.value = frequency;
    const gain = ctx.createGain();
    const start = now + i * 0.12;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.18, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.35);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(start + 0.4);
  });
}
