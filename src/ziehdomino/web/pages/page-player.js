/**
 * @file A player's public page (/p/<id>; docs/profile.md, "Who sees what"): the name, the level
 * and the number of rated rounds (when the server gives them), from `GET /api/p/{id}`; nothing else.
 */
// @ts-check

import { levelText, roundsText } from './profile-strings.js';
import { byId, setText } from '../common/dom.js';
import { errorText, initPage, t } from '../common/i18n.js';

initPage(document);

const status = byId('player-status');

/** The public id in the address, or ''. */
function idInAddress() {
  const match = /^\/p\/([^/]+)$/.exec(location.pathname);
  return match ? decodeURIComponent(match[1]) : '';
}

async function showPlayer() {
  try {
    const response = await fetch(`/api/p/${encodeURIComponent(idInAddress())}`);
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      setText(status, errorText(data.code ?? 'unknown'));
      return;
    }
    const heading = byId('player-name');
    delete heading.dataset.i18n; // a name, not a word to translate
    setText(heading, String(data.name));
    document.title = `${data.name} – Ziehdomino`;
    setText(byId('player-level'), levelText(data));
    setText(byId('player-rounds'), roundsText(data));
    byId('player-rounds-row').hidden = typeof data.rated_rounds !== 'number';
    byId('player-card').hidden = false;
    setText(status, '');
  } catch {
    setText(status, `${t('profile.failed')} ${errorText('network')}`);
  }
}

showPlayer();
