// Sounds, made with WebAudio (no files): a short knock for a move, two beeps when your own clock
// falls under ten seconds, a chord at the end. Muted with the header button; kept in this browser.
// <body data-sounds> counts the sounds played (0 while muted).

import { $ } from './dom.js';
import { T } from './i18n.js';
import { saveSetting, setting } from './storage.js';

export const sound = {
  ctx: null,
  on() { return setting('sound', 'on') === 'on'; },
  toggle() {
    saveSetting('sound', this.on() ? 'off' : 'on');
    this.show();
  },
  show() {
    const b = $('sound-toggle');
    if (!b) return;
    const on = this.on();
    b.textContent = on ? T.soundOn : T.soundOff;
    b.title = T.soundTitle;
    b.setAttribute('aria-label', b.title);
    b.setAttribute('aria-pressed', String(!on));
    document.body.dataset.muted = String(!on);
  },
  play(kind) {
    if (!this.on()) return;
    document.body.dataset.sounds = String(Number(document.body.dataset.sounds || 0) + 1);
    document.body.dataset.lastSound = kind;
    try {
      const AC = window.AudioContext || window.webkitAudioContext;
      if (!AC) return;
      this.ctx = this.ctx || new AC();
      const c = this.ctx;
      if (c.state === 'suspended') c.resume().catch(() => {});
      const t = c.currentTime;
      const tones = { move: [[330, 0, 0.07]], low: [[880, 0, 0.12], [880, 0.2, 0.12]],
        end: [[523, 0, 0.15], [659, 0.15, 0.15], [784, 0.3, 0.3]] }[kind] || [];
      for (const [freq, at, len] of tones) {
        const o = c.createOscillator();
        const gain = c.createGain();
        o.type = kind === 'move' ? 'triangle' : 'sine';
        o.frequency.value = freq;
        gain.gain.setValueAtTime(0.0001, t + at);
        gain.gain.exponentialRampToValueAtTime(0.25, t + at + 0.01);
        gain.gain.exponentialRampToValueAtTime(0.0001, t + at + len);
        o.connect(gain).connect(c.destination);
        o.start(t + at);
        o.stop(t + at + len + 0.02);
      }
    } catch (_) { /* no audio here: silent */ }
  },
};
