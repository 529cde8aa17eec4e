/**
 * @file Calling the player back: while it is the viewer's turn and the tab is hidden, the
 * page's title starts with "Du bist am Zug"; with "Ton" switched on, a short sound plays when
 * the turn comes and when the round ends. The sound is made in the page (Web Audio), nothing
 * is downloaded.
 */

import { t } from '../common/i18n.js';
import { isMyTurn } from './words.js';

/** The notes of each sound: [frequency in Hz, start in s, length in s]. */
const SOUNDS = {
  turn: [[660, 0, 0.12], [880, 0.13, 0.14]],
  end: [[523, 0, 0.14], [659, 0.15, 0.14], [784, 0.3, 0.22]],
};

/**
 * @param {object} ctx  the table's context (render.js)
 * @param {{sound: () => boolean, onSound: (fn: () => void) => void}} settings  settings.js
 * @returns {{update: (before: object|null, next: object|null) => void, played: string[]}}
 *   `played` lists the sounds played so far (for tests and the curious)
 */
export function createAttention(ctx, settings) {
  const played = [];
  let audio = null;
  let prefix = '';

  function context() {
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
  // Switching the sound on is a gesture: the audio context may start now.
  settings.onSound(() => context()?.resume?.());

  function play(name) {
    if (!settings.sound()) return;
    played.push(name);
    const ac = context();
    if (!ac) return;
    try {
      const now = ac.currentTime;
      for (const [freq, start, length] of SOUNDS[name]) {
        const osc = ac.createOscillator();
        const gain = ac.createGain();
        osc.type = 'sine';
        osc.frequency.value = freq;
        gain.gain.setValueAtTime(0.0001, now + start);
        gain.gain.exponentialRampToValueAtTime(0.2, now + start + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
        osc.connect(gain).connect(ac.destination);
        osc.start(now + start);
        osc.stop(now + start + length + 0.02);
      }
    } catch {
      // no sound, the game goes on
    }
  }

  function title() {
    const base = prefix && document.title.startsWith(prefix) ? document.title.slice(prefix.length) : document.title;
    const wanted = document.hidden && isMyTurn(ctx.view) ? `${t('attention.title')} – ` : '';
    prefix = wanted;
    const next = wanted + base;
    if (document.title !== next) document.title = next;
  }
  document.addEventListener('visibilitychange', title);

  return {
    played,
    update(before, next) {
      title();
      if (!next) return;
      if (next.result && !before?.result) play('end');
      else if (isMyTurn(next) && !isMyTurn(before)) play('turn');
    },
  };
}
