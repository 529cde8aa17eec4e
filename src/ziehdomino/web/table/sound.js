/**
 * @file The table's sounds while "Ton" is on, made with the Web Audio API (nothing downloaded);
 * the audio context waits for the first gesture, as browsers require.
 */
// @ts-check

/** Each sound's tones: [Hz, start s, length s, wave, peak gain]; the first tone's Hz is the sound's own. */
export const SOUNDS = Object.freeze({
  place: [[1900, 0, 0.03, 'triangle', 0.1], [620, 0, 0.06, 'sine', 0.08]],
  draw: [[1300, 0, 0.025, 'sine', 0.04], [330, 0.02, 0.06, 'sine', 0.05]],
  turn: [[660, 0, 0.12, 'sine', 0.1], [880, 0.13, 0.16, 'sine', 0.1]],
  round: [[494, 0, 0.14, 'sine', 0.1], [587, 0.15, 0.14, 'sine', 0.1], [740, 0.3, 0.24, 'sine', 0.1]],
  match: [[523, 0, 0.14, 'sine', 0.1], [659, 0.14, 0.14, 'sine', 0.1], [784, 0.28, 0.14, 'sine', 0.1], [1047, 0.42, 0.5, 'sine', 0.12]],
});

/**
 * The sounds a change of view calls for, in order, with their delays in s.
 * @param {{action: {type: string}|null, turn: boolean, roundEnd: boolean, matchEnd: boolean}} change
 * @returns {[name: string, delay: number][]}
 */
export function soundsFor(change) {
  /** @type {[name: string, delay: number][]} */
  const out = [];
  if (change.action?.type === 'play') out.push(['place', 0]);
  if (change.action?.type === 'draw') out.push(['draw', 0]);
  const later = out.length ? 0.1 : 0;
  if (change.matchEnd) out.push(['match', later]);
  else if (change.roundEnd) out.push(['round', later]);
  else if (change.turn) out.push(['turn', later]);
  return out;
}

/**
 * @param {{sound: () => boolean}} settings
 * @returns {{update: (change: object) => void}}
 */
export function createSound(settings) {
  let audio = null;

  function open() {
    const AudioCtx = globalThis.AudioContext ?? globalThis.webkitAudioContext;
    if (!audio && AudioCtx) {
      try {
        audio = new AudioCtx();
      } catch {
        audio = null;
      }
    }
    return audio;
  }

  // A gesture lets the context start; before one (a page opened with "Ton" already on) none is made.
  const gestured = () => Boolean(globalThis.navigator?.userActivation?.hasBeenActive);
  function wake() {
    if (!settings.sound()) return;
    open()?.resume?.();
    document.removeEventListener('pointerdown', wake, true);
    document.removeEventListener('keydown', wake, true);
  }
  if (gestured()) wake();
  else {
    document.addEventListener('pointerdown', wake, true);
    document.addEventListener('keydown', wake, true);
  }

  function play(name, delay) {
    const ac = audio ?? (gestured() ? open() : null);
    if (!ac) return;
    try {
      if (ac.state === 'suspended') ac.resume();
      const at = ac.currentTime + delay;
      for (const [freq, start, length, wave, peak] of SOUNDS[name]) {
        const osc = ac.createOscillator();
        const gain = ac.createGain();
        osc.type = wave;
        osc.frequency.value = freq;
        gain.gain.setValueAtTime(0.0001, at + start);
        gain.gain.exponentialRampToValueAtTime(peak, at + start + Math.min(0.01, length / 3));
        gain.gain.exponentialRampToValueAtTime(0.0001, at + start + length);
        osc.connect(gain).connect(ac.destination);
        osc.start(at + start);
        osc.stop(at + start + length + 0.02);
      }
    } catch {
      // no sound, the game goes on
    }
  }

  return {
    update(change) {
      if (!settings.sound()) return;
      for (const [name, delay] of soundsFor(change)) play(name, delay);
    },
  };
}
