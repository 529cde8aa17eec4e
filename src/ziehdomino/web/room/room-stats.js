/**
 * @file The room's "Statistik" panel, from `GET /api/rooms/{id}/runden` (docs/protocol.md),
 * fetched again after each round while it is open; its modules load when it first opens.
 */
// @ts-check

import { h } from '../common/dom.js';
import { onLangChange, t } from '../common/i18n.js';

/**
 * @param {object} session  the room's session (session.js)
 * @param {string} roomId
 * @param {HTMLElement} after  the panel and its button go right after this element
 */
export function wireRoomStats(session, roomId, after) {
  const toggle = h('button', {
    class: 'btn',
    attrs: { type: 'button', id: 'room-stats-toggle', 'aria-expanded': 'false', 'aria-controls': 'room-stats' },
  });
  const tools = h('p', { class: 'game-tools', attrs: { hidden: true } }, toggle);
  let stats = null; // the panel (stats/stats-panel.js), made when it first opens
  const box = h('div', { attrs: { id: 'room-stats', hidden: true } });
  after.after(tools, box);

  let shownFor = null; // the view version the panel was filled for
  async function fill() {
    const view = session.view();
    shownFor = view?.version ?? null;
    try {
      if (!stats) {
        const { createRoomStats } = await import('../stats/stats-panel.js');
        stats ??= createRoomStats();
        box.append(stats.element);
      }
      const response = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/runden`, { headers: { accept: 'application/json' } });
      const body = await response.json();
      if (response.ok && Array.isArray(body.rounds)) stats.render(body.rounds, session.roomInfo());
    } catch {
      // the panel keeps what it showed; the next round's end tries again
    }
  }

  const words = () => {
    toggle.textContent = t('stats.h');
  };
  words();
  onLangChange(words);
  toggle.addEventListener('click', () => {
    const open = box.hidden;
    box.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    if (open) fill().then(() => stats?.heading.focus());
  });
  session.subscribe({
    change() {
      const view = session.view();
      tools.hidden = !view;
      if (!box.hidden && view?.result && shownFor !== view.version) fill();
    },
  });
}
