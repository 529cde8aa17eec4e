/**
 * @file The table's words, made from the seat's view (docs/view.md) and ROOMINFO
 * (docs/protocol.md) alone; pure, tested by tests/web/table-words.test.mjs.
 */
// @ts-check

import { DEFAULT_LEVEL } from '../common/constants.js';
import { lang, t } from '../common/i18n.js';
import { entryText, isMe, isMyTurn, seatName } from '../common/seat-words.js';
import { seatWords } from '../common/stand-in.js';

// The words several folders share live in common/seat-words.js; the table's parts take them from here.
export { entryText, isMe, isMyTurn, seatName };

/** Where the run of draws by one seat that holds entry `i` begins (`i` itself when it is none). */
function drawRunStart(log, i) {
  if (log[i]?.type !== 'draw') return i;
  while (i > 0 && log[i - 1].type === 'draw' && log[i - 1].seat === log[i].seat
    && Boolean(log[i - 1].stand_in) === Boolean(log[i].stand_in)) i--;
  return i;
}

/**
 * The log entries the viewer has not acted on yet, at most `limit` of the newest; a run of
 * draws by one seat is never cut.
 * @returns {object[]} oldest first
 */
export function recentEntries(view, limit = 3) {
  const log = view?.log ?? [];
  let from;
  if (view?.seat === null || view?.seat === undefined) from = Math.max(0, log.length - Math.max(1, view?.players - 1 || 1));
  else {
    let mine = -1;
    for (let i = log.length - 1; i >= 0; i--) if (log[i].seat === view.seat) { mine = i; break; }
    from = mine + 1;
    // Right after one's own action, that action (with the draws before it) is the news.
    if (from === log.length && mine >= 0) {
      from = mine;
      while (from > 0 && log[from - 1].seat === view.seat && log[from - 1].type === 'draw') from--;
    }
  }
  return log.slice(drawRunStart(log, Math.max(from, log.length - limit)));
}

/** The positions in the line of the tiles placed by others since the viewer's last action. */
export function freshTiles(view) {
  if (!view) return [];
  const log = view.log;
  let from = 0;
  if (view.seat !== null) {
    for (let i = log.length - 1; i >= 0; i--) if (log[i].seat === view.seat) { from = i + 1; break; }
  } else {
    from = Math.max(0, log.length - 1);
  }
  const tiles = [];
  for (const entry of log.slice(from)) if (entry.type === 'play') tiles.push(entry.tile);
  return tiles;
}

/** Log entries with each run of draws by one seat as one entry `{type: 'draw', n}`. */
function grouped(entries) {
  const out = [];
  for (const entry of entries) {
    const prev = out[out.length - 1];
    if (entry.type === 'draw' && prev?.type === 'draw' && prev.seat === entry.seat && Boolean(prev.stand_in) === Boolean(entry.stand_in)) out[out.length - 1] = { ...prev, n: (prev.n ?? 1) + 1 };
    else out.push(entry);
  }
  return out;
}

/** The status sentence: whose turn, the open ends, what happened since one's last action. */
export function statusText(view, room) {
  return statusParts(view, room).map((p) => p.text).join(' ');
}

/**
 * The status sentence in parts `{kind, text}`: 'last' (since one's last action), 'over', else
 * 'now'; a narrow screen gives 'last' and 'over' to screen readers only.
 */
export function statusParts(view, room) {
  const parts = [];
  const now = (text) => parts.push({ kind: 'now', text });
  // A replay is watched by no spectator: it names whose turn it was, "du" for the player's own
  // seat when the page knows it (`room.mine`), and never says "Du schaust zu".
  const replay = Boolean(view.replay);
  const mine = replay ? (room?.mine ?? null) : null;
  if (mine !== null) view = { ...view, seat: mine };
  // The round's end says who won (the result's sentence; a phone shows it here only, kind
  // 'over' to screen readers only) instead of the ends, which the line's chips show.
  if (view.result) parts.push({ kind: 'over', text: t('status.over') }, { kind: 'now', text: resultSentence(view, room) });
  else if (view.turn !== null) now(isMe(view, view.turn) ? t('status.yourTurn') : t('status.turnOf', { name: seatName(room, view.turn) }));
  if (view.seat === null && !replay) now(t('status.spectating'));
  if (!view.result) now(view.ends ? t('status.ends', { l: view.ends[0], r: view.ends[1] }) : t('status.empty'));
  const recent = grouped(recentEntries(view, 8)).slice(-3);
  if (recent.length) parts.push({ kind: 'last', text: t('status.last', { what: recent.map((e) => entryText(view, room, e)).join(' ') }) });
  // One's own draw names the tile drawn (the last of one's hand, docs/view.md); nobody else's does.
  const last = view.log[view.log.length - 1];
  if (last?.type === 'draw' && isMe(view, last.seat) && view.hand?.length) {
    now(t('status.drawn', { t: view.hand[view.hand.length - 1] }));
  }
  return parts;
}

/** What seat `s` did in its latest turn, for its card ("zieht 2, legt 4|5 links an"); '' before any. */
export function deedText(view, s) {
  const log = view?.log ?? [];
  let end = log.length - 1;
  while (end >= 0 && log[end].seat !== s) end--;
  if (end < 0) return '';
  let start = end;
  while (start > 0 && log[start - 1].seat === s) start--;
  const turn = log.slice(start, end + 1);
  const draws = turn.filter((e) => e.type === 'draw').length;
  const parts = [];
  if (draws) parts.push(t('deed.draw', { n: draws }));
  const last = turn[turn.length - 1];
  if (last.type === 'play') {
    const key = last.end === null ? 'deed.open' : last.end === 'left' ? 'deed.playLeft' : 'deed.playRight';
    parts.push(t(key, { t: last.tile }));
  } else if (last.type === 'pass') parts.push(t('deed.pass'));
  return parts.join(', ');
}

/** "links", "rechts" or "links und rechts": where the given plays go. */
export function endWord(plays) {
  const left = plays.some((a) => a.end === 'left');
  const right = plays.some((a) => a.end === 'right');
  return t(left && right ? 'end.both' : left ? 'end.left' : 'end.right');
}

/** Why drawing / passing is not allowed now, in words: `{draw, pass}` ('' where it is allowed). */
export function reasons(view) {
  const canDraw = view.legal.some((a) => a.type === 'draw');
  const canPass = view.legal.some((a) => a.type === 'pass');
  const why = (() => {
    if (view.seat === null) return { draw: t('why.spectator'), pass: t('why.spectator') };
    if (view.result) return { draw: t('why.over'), pass: t('why.over') };
    if (!isMe(view, view.turn)) return { draw: t('why.notTurn'), pass: t('why.notTurn') };
    if (!view.ends) return { draw: t('why.emptyLine'), pass: t('why.emptyLine') };
    const plays = view.legal.filter((a) => a.type === 'play');
    if (plays.length > 0) {
      const tile = plays[0].tile;
      const fits = t('why.fits', { t: tile, end: endWord(plays.filter((a) => a.tile === tile)) });
      return { draw: fits, pass: fits };
    }
    return { draw: t('why.emptyBoneyard'), pass: canDraw ? t('why.boneyard') : '' };
  })();
  return {
    draw: canDraw ? '' : t('why.draw', { reason: why.draw }),
    pass: canPass ? '' : t('why.pass', { reason: why.pass }),
  };
}

/** The line under the hand: where a selected tile fits, or what to do now. */
export function previewText(view, selected) {
  const mine = isMyTurn(view);
  if (selected) {
    const fitting = view.legal.filter((a) => a.type === 'play' && a.tile === selected);
    if (!mine) return t('preview.notTurn', { t: selected });
    if (!view.ends) return t('preview.open', { t: selected });
    if (fitting.length === 0) return t('preview.noFit', { t: selected });
    const l = fitting.some((a) => a.end === 'left');
    const r = fitting.some((a) => a.end === 'right');
    const key = l && r ? 'preview.both' : l ? 'preview.left' : 'preview.right';
    return t(key, { t: selected, l: view.ends[0], r: view.ends[1] });
  }
  if (mine && view.legal.some((a) => a.type === 'draw')) return t('preview.mustDraw');
  if (mine && view.legal.some((a) => a.type === 'pass')) return t('preview.mustPass');
  return mine ? t('preview.none') : '';
}

/** The round's result in one sentence (view.result must be set). */
export function resultSentence(view, room) {
  const { kind, winners } = view.result;
  const pips = view.pips;
  if (kind === 'domino') {
    return isMe(view, winners[0]) ? t('result.dominoYou') : t('result.domino', { name: seatName(room, winners[0]) });
  }
  if (winners.length === 1) {
    const s = winners[0];
    return isMe(view, s) ? t('result.blockedYou', { p: pips[s] }) : t('result.blocked', { name: seatName(room, s), p: pips[s] });
  }
  // "zwischen dir und Anna": the viewer in the case the sentence needs.
  const names = winners.map((s) => (isMe(view, s) ? t('result.youShared') : seatName(room, s)));
  return t('result.shared', { names: new Intl.ListFormat(lang(), { type: 'conjunction' }).format(names), p: pips[winners[0]] });
}

/** Who opens the next round, as a sentence. */
export function nextStarterText(view, room) {
  const s = view.match.next_starter;
  return isMe(view, s) ? t('result.nextStarterYou') : t('result.nextStarter', { name: seatName(room, s) });
}

/** The line under the result: who opens next, or in a replay what the viewer can do instead. */
export function roundEndNote(view, room) {
  return view.replay ? t('replay.endNote') : nextStarterText(view, room);
}

/** The keys the table answers to, in words; '' for a spectator of a live table. */
export function keysText(view) {
  if (view?.replay) return t('replay.keys');
  if (view && view.seat === null) return '';
  return t('keys.hint');
}

/** A seat's word in the result table's last column: "Sieg", "geteilt" or ''. */
export function outcomeWord(view, s) {
  const { winners } = view.result;
  if (!winners.includes(s)) return '';
  return winners.length > 1 ? t('result.share') : t('result.win');
}

/** The small print on a player's card; "verbunden" only while the viewer is connected too. */
export function cardMeta(view, room, s, connection = 'online') {
  return cardBits(view, room, s, connection).map((b) => b.text).join(' · ');
}

/** cardMeta's parts `{kind, text}`, so that a narrow screen may leave some out. */
export function cardBits(view, room, s, connection = 'online') {
  const info = room?.seats?.[s] ?? null;
  const bits = [];
  if (info?.kind === 'computer') bits.push({ kind: 'level', text: t('table.computer', { level: t(`level.${info.level ?? DEFAULT_LEVEL}`) }) });
  else if (!room?.local) {
    // "abwesend" is the card's badge (isAway), not said twice; a seat whose person left is the
    // computer's for good, not away
    const key = connection !== 'online' ? 'table.unknown' : info?.connected ? 'table.connected' : null;
    if (!info?.left && key) bits.push({ kind: 'connection', text: t(key) });
    for (const text of seatWords(info, Boolean(view.result), room?.clock ?? null)) {
      bits.push({ kind: text === t('seat.computerPlays') ? 'standin' : 'seat', text });
    }
  }
  // A person who took a computer's seat: the seat's counters are older than they are.
  if (info?.kind === 'person' && Number.isInteger(info.since)) bits.push({ kind: 'seat', text: t('table.since', { n: info.since }) });
  if (info?.heir) bits.push({ kind: 'seat', text: t('table.heir', { name: info.heir }) });
  const n = view.hand_counts[s];
  bits.push({ kind: 'count', text: n === 1 ? t('table.tiles1') : t('table.tiles', { n }) });
  return bits;
}

/** Whether a person's seat is known to be away (only while 'online'); a person who left is not. */
export function isAway(room, s, connection = 'online') {
  const info = room?.seats?.[s] ?? null;
  return Boolean(info) && !room?.local && info.kind !== 'computer' && connection === 'online' && !info.connected && !info.left;
}

/** The name on a card: "Du (Anna)" for the viewer, else the seat's name. */
export function cardName(view, room, s) {
  if (!isMe(view, s)) return seatName(room, s);
  const name = room?.seats?.[s]?.name;
  return name ? t('table.youNamed', { name }) : t('table.you');
}

/**
 * The match's end in a sentence, the winner's wins first ("Anna gewinnt die Partie 3:1."), or
 * null while nobody has won (ROOMINFO `match_winner`).
 * @param {object} view
 * @param {object|null} room
 * @returns {string|null}
 */
export function matchSentence(view, room) {
  const winner = room?.match_winner;
  if (!Number.isInteger(winner) || !view?.match) return null;
  const wins = view.match.wins;
  const score = [wins[winner], ...wins.filter((_, s) => s !== winner)].join(':');
  if (isMe(view, winner)) return t('match.youWon', { score });
  return t('match.won', { name: seatName(room, winner), score });
}

/**
 * Every seat's counters at the match's end ("Anna 3 · Ben 1 (1 geteilt)").
 * @param {object} view
 * @param {object|null} room
 * @returns {string}
 */
export function matchCounters(view, room) {
  const { wins, shared } = view.match;
  return wins.map((w, s) => {
    const part = `${cardName(view, room, s)} ${w}`;
    return shared[s] ? `${part} ${t('match.shared', { n: shared[s] })}` : part;
  }).join(' · ');
}
