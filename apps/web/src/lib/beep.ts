/** Short tones for a scan, made by the Web Audio API: no sound file to load. */
type Tone = "ok" | "error";

let context: AudioContext | undefined;

function audio(): AudioContext | undefined {
  if (typeof window === "undefined" || typeof window.AudioContext !== "function") return undefined;
  context ??= new window.AudioContext();
  return context;
}

/**
 * Opens the audio output ahead of the first scan (when the scan field takes the focus): the first
 * `new AudioContext()` waits on the browser's audio service, which would otherwise delay the first tick.
 */
export function prepareBeep() {
  audio();
}

/** 'ok': one short high beep; 'error': two low, buzzing beeps that no one takes for the first. */
export function beep(tone: Tone) {
  const ctx = audio();
  if (!ctx) return;
  void ctx.resume().catch(() => undefined);
  const notes = tone === "ok" ? [{ at: 0, hz: 1320 }] : [{ at: 0, hz: 220 }, { at: 0.2, hz: 220 }];
  for (const note of notes) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = tone === "ok" ? "sine" : "square";
    oscillator.frequency.value = note.hz;
    const start = ctx.currentTime + note.at;
    gain.gain.setValueAtTime(0.15, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + 0.15);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start);
    oscillator.stop(start + 0.16);
  }
}
