// Makes the demo's short audio and video clips: the artists' previews in
// client/public/demo/artists, so the gallery's "Listen Now" and "Watch Video" open something
// real that the app serves itself (offline, under its own Content-Security-Policy), and the
// kick-and-bass example of the "Mixing Low End" development resource. The music is synthesised here, so it is
// ours to ship. Needs ffmpeg (apt-get install ffmpeg) and is run by hand, not by the build:
//   node scripts/make-demo-media.mjs
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const OUT = path.resolve("client/public/demo/artists");
const RATE = 22_050;

const midi = (note) => 440 * 2 ** ((note - 69) / 12);

/** A mono Float32 buffer of `seconds`, filled by `voice` calls. */
function track(seconds) {
  const samples = new Float32Array(Math.ceil(seconds * RATE));
  let noiseSeed = 1;
  const noise = () => {
    noiseSeed = (noiseSeed * 16_807) % 2_147_483_647;
    return noiseSeed / 1_073_741_823.5 - 1;
  };
  return {
    samples,
    /** One note: start and length in seconds, a waveform, an amplitude and a decay time. */
    note(start, length, freq, { wave = "sine", gain = 0.2, decay = 0.6, attack = 0.01 } = {}) {
      const from = Math.floor(start * RATE);
      const to = Math.min(samples.length, Math.floor((start + length) * RATE));
      for (let i = from; i < to; i++) {
        const t = (i - from) / RATE;
        const phase = (t * freq) % 1;
        let v;
        if (wave === "square") v = phase < 0.5 ? 1 : -1;
        else if (wave === "saw") v = 2 * phase - 1;
        else if (wave === "epiano")
          v = Math.sin(2 * Math.PI * phase) + 0.3 * Math.sin(4 * Math.PI * phase) * Math.exp(-t * 6);
        else v = Math.sin(2 * Math.PI * phase);
        const release = Math.min(1, (to - i) / (0.02 * RATE));
        samples[i] += v * gain * Math.min(1, t / attack) * Math.exp(-t / decay) * release;
      }
    },
    kick(start, gain = 0.6) {
      const from = Math.floor(start * RATE);
      for (let i = 0; i < 0.25 * RATE && from + i < samples.length; i++) {
        const t = i / RATE;
        samples[from + i] += Math.sin(2 * Math.PI * (55 + 90 * Math.exp(-t * 30)) * t) * gain * Math.exp(-t * 12);
      }
    },
    snare(start, gain = 0.25, decay = 0.09) {
      const from = Math.floor(start * RATE);
      for (let i = 0; i < 0.3 * RATE && from + i < samples.length; i++) {
        samples[from + i] += noise() * gain * Math.exp(-(i / RATE) / decay);
      }
    },
  };
}

function writeWav(file, samples) {
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  const scale = peak > 0 ? 0.89 / peak : 1;
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.tanh(s * scale) * 32_767), i * 2));
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  fs.writeFileSync(file, Buffer.concat([header, data]));
}

/** Late-night R&B: Am9 – Fmaj7 – C – G, 78 bpm, soft pads, an electric-piano line and a slow beat. */
function novaReign() {
  const beat = 60 / 78;
  const song = track(16 * beat + 1.5);
  const chords = [
    [57, 60, 64, 67, 71],
    [53, 57, 60, 64],
    [48, 55, 60, 64],
    [43, 55, 59, 62],
  ];
  const melody = [76, 74, 72, 71, 72, 74, 76, 79, 77, 76, 74, 72, 71, 72, 74, 71];
  chords.forEach((chord, bar) => {
    for (const n of chord) song.note(bar * 4 * beat, 4 * beat, midi(n), { gain: 0.07, attack: 0.3, decay: 3 });
    song.note(bar * 4 * beat, 4 * beat, midi(chord[0] - 12), { gain: 0.22, decay: 1.5 });
    for (let b = 0; b < 4; b++) {
      const at = (bar * 4 + b) * beat;
      if (b % 2 === 0) song.kick(at);
      else song.snare(at, 0.18, 0.12);
      song.note(at, beat, midi(melody[bar * 4 + b]), { wave: "epiano", gain: 0.1, decay: 0.5 });
    }
  });
  return song.samples;
}

/** Jazz quartet: a ii–V–I–VI in B♭ with swung piano comping and a walking bass, 120 bpm. */
function marisolVega() {
  const beat = 60 / 120;
  const bars = [
    [60, 63, 67, 70],
    [65, 69, 72, 75],
    [58, 62, 65, 69],
    [55, 59, 62, 65],
  ];
  const walk = [
    [48, 50, 51, 52],
    [53, 55, 57, 56],
    [46, 48, 50, 51],
    [43, 45, 47, 48],
  ];
  const song = track(bars.length * 2 * 4 * beat + 1.5);
  for (let round = 0; round < 2; round++) {
    bars.forEach((chord, i) => {
      const bar = round * bars.length + i;
      walk[i].forEach((n, b) => song.note((bar * 4 + b) * beat, beat, midi(n - 12), { gain: 0.3, decay: 0.5 }));
      for (const hit of [1.66, 3]) {
        for (const n of chord)
          song.note((bar * 4 + hit) * beat, beat, midi(n), { wave: "epiano", gain: 0.06, decay: 0.4 });
      }
      for (let b = 0; b < 4; b++) song.snare((bar * 4 + b + (b % 2 ? 0.66 : 0)) * beat, 0.05, 0.05);
    });
  }
  return song.samples;
}

/** Fast punk: E5 – C5 – G5 – D5 power chords in eighths at 172 bpm, with a driving beat. */
function theVelvetStatic() {
  const beat = 60 / 172;
  const roots = [40, 36, 43, 38];
  const song = track(roots.length * 4 * 4 * beat + 1);
  for (let bar = 0; bar < roots.length * 4; bar++) {
    const root = roots[Math.floor(bar / 2) % roots.length];
    for (let e = 0; e < 8; e++) {
      const at = (bar * 4 + e / 2) * beat;
      for (const n of [root, root + 7, root + 12])
        song.note(at, beat / 2, midi(n), { wave: "square", gain: 0.05, decay: 0.2 });
      song.note(at, beat / 2, midi(root - 12), { wave: "saw", gain: 0.12, decay: 0.3 });
    }
    for (let b = 0; b < 4; b++) {
      song.kick((bar * 4 + b) * beat, 0.5);
      if (b % 2) song.snare((bar * 4 + b) * beat, 0.35);
      song.snare((bar * 4 + b + 0.5) * beat, 0.06, 0.02);
    }
  }
  return song.samples;
}

/** Kick and bass: first the kick alone, then the bass alone, then both locked together, 100 bpm. */
function kickAndBass() {
  const beat = 60 / 100;
  const line = [36, 36, 43, 41, 36, 36, 39, 41];
  const song = track(3 * 8 * beat + 1);
  for (let section = 0; section < 3; section++) {
    for (let b = 0; b < 8; b++) {
      const at = (section * 8 + b) * beat;
      if (section !== 1) song.kick(at, 0.7);
      if (section !== 0) song.note(at, beat * 0.9, midi(line[b]), { gain: 0.45, decay: 0.5 });
    }
  }
  return song.samples;
}

const ffmpeg = (args) =>
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args], { stdio: "inherit" });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "demo-media-"));

for (const [name, samples] of [
  ["nova-reign", novaReign()],
  ["marisol-vega", marisolVega()],
]) {
  const wav = path.join(tmp, `${name}.wav`);
  writeWav(wav, samples);
  ffmpeg(["-i", wav, "-ac", "1", "-codec:a", "libmp3lame", "-b:a", "64k", path.join(OUT, `${name}-preview.mp3`)]);
}

/** A video: the artwork with the sound's waveform moving beneath it. */
function video(artwork, samples, colour, out) {
  const wav = path.join(tmp, `${path.basename(out)}.wav`);
  writeWav(wav, samples);
  ffmpeg([
    "-i",
    artwork,
    "-i",
    wav,
    "-filter_complex",
    "[0:v]scale=-2:300,pad=640:360:(ow-iw)/2:0:color=0x0c0a09,format=yuv420p[bg];" +
      `[1:a]showwaves=s=640x56:mode=cline:colors=${colour}:rate=15,format=yuva420p[waves];` +
      "[bg]loop=-1:1,fps=15[still];[still][waves]overlay=0:302:shortest=1,format=yuv420p[v]",
    "-map",
    "[v]",
    "-map",
    "1:a",
    "-c:v",
    "libx264",
    "-preset",
    "veryslow",
    "-crf",
    "32",
    "-tune",
    "stillimage",
    "-c:a",
    "aac",
    "-b:a",
    "64k",
    "-ac",
    "1",
    "-movflags",
    "+faststart",
    "-shortest",
    out,
  ]);
}

video(
  path.join(OUT, "the-velvet-static.svg"),
  theVelvetStatic(),
  "0xef4444",
  path.join(OUT, "the-velvet-static-live.mp4"),
);
const RESOURCES = path.resolve("client/public/demo/resources");
video(
  path.join(RESOURCES, "production.svg"),
  kickAndBass(),
  "0x2dd4bf",
  path.join(RESOURCES, "files/mixing-low-end.mp4"),
);

fs.rmSync(tmp, { recursive: true, force: true });
for (const dir of [OUT, path.join(RESOURCES, "files")]) {
  for (const file of fs.readdirSync(dir).filter((f) => /\.(mp3|mp4)$/.test(f))) {
    console.log(`${file}: ${(fs.statSync(path.join(dir, file)).size / 1024).toFixed(0)} KB`);
  }
}
