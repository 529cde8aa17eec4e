/**
 * @file The round end's seal of the committed deal (docs/fair.md, "What the browser can vouch
 * for"): the verdict, what was checked in plain words, and the proof. A room's check
 * (replay/fair-proof.js) loads when a round with a proof ends, and is retried if it cannot.
 */
// @ts-check

import { t } from '../common/i18n.js';
import { h, setText } from '../common/dom.js';
import { cardName } from './words.js';

/**
 * @param {object} ctx  the table's context (render.js): `view`, `room`, `lang()`
 * @param {object} session  the table's session
 * @returns {{element: HTMLElement, render: () => void}}
 */
export function createFairSeal(ctx, session) {
  const summary = h('summary', { class: 'fair-summary' });
  // scrolls within a few lines (table.css), so it is a named region the keyboard can reach
  const body = h('div', { class: 'fair-body', attrs: { tabindex: '0', role: 'region' } });
  const element = h('details', { class: 'fair-seal' }, summary, body);
  element.hidden = true;
  // key: what the shown check is of; outcome: its ProofCheck, null while it runs; proofTries:
  // failed loads of fair-proof.js (a retry has an address of its own)
  const S = { ctx, session, summary, body, element, key: null, outcome: null, painted: null, proofTries: 0 };
  return { element, render: () => render(S) };
}

/** Checks the deal of `view` (of: its key) and paints the outcome, unless another round is shown by then. */
async function check(S, view, of) {
  const { session } = S;
  let result;
  try {
    if (typeof session.checkDeal === 'function') {
      result = await session.checkDeal(view);
    } else {
      let proof;
      try {
        proof = await import(S.proofTries ? `../replay/fair-proof.js?try=${S.proofTries}` : '../replay/fair-proof.js');
      } catch {
        S.proofTries += 1;
        setTimeout(() => { if (of === S.key) check(S, view, of); }, Math.min(30, 2 ** S.proofTries) * 1000);
        return; // still "Mischen wird geprüft …"
      }
      result = await proof.checkView(view, witnessOf(S, view));
    }
  } catch {
    result = { status: 'failed', reason: 'shape', proof: view.fair, promised: false, byJoin: false, mine: null, missing: [], ms: 0 };
  }
  if (of !== S.key) return;
  S.outcome = result;
  S.element.dataset.ms = result.ms.toFixed(1);
  render(S);
}

/** What this browser saw of the deal before its end (deal-witness.js), or nothing. */
function witnessOf(S, view) {
  const witness = S.session.dealWitness?.(view) ?? { seen: null, promised: null, byJoin: false, waited: false, mine: null, previous: null };
  // a seat a computer holds at the round's end held it at the deal (a person takes one only at a deal)
  const computers = (S.ctx.room?.seats ?? []).filter((s) => s.kind === 'computer').map((s) => s.seat);
  return { ...witness, computers };
}

/** The summary's words: a replay checks a record, which no browser of a player vouches for. */
function verdict(state, view) {
  if (state === 'ok' && view.replay) return 'fair.record';
  return { checking: 'fair.checking', ok: 'fair.ok', partial: 'fair.partial', failed: 'fair.failed', none: 'fair.none' }[state];
}

/** The note in plain words: what was checked and what it means for the player. */
function note(outcome, state, view, room) {
  if (state === 'failed') return `${t('fair.failedNote')} ${t(`fair.why.${outcome.reason}`)}`;
  if (state === 'partial') {
    const lines = outcome.missing.map((m) => t(`fair.partial.${m}`));
    const later = Number.isInteger(view.seat) ? ` ${t('fair.partialLater')}` : '';
    return `${t('fair.partialNote')} ${lines.join(' ')}${later}`;
  }
  return t(view.replay ? 'fair.recordNote' : room?.local ? 'fair.localNote' : 'fair.okNote');
}

/** The proof: the commitment (and whether it was held before the deal), the seed, every seat's contribution. */
function proofList(outcome, view, room) {
  const proof = view.fair ?? { commitment: null, seed: null, contributions: null };
  const held = outcome?.byJoin ? 'fair.promisedJoin' : outcome?.promised ? 'fair.promised' : 'fair.notPromised';
  const promisedText = view.replay || room?.local ? '' : ` (${t(held)})`;
  const contributions = (proof.contributions ?? []).map((c, s) => {
    const own = s === view.seat && outcome?.mine;
    return h('li', { class: own ? 'own' : '' }, h('span', { text: `${cardName(view, room, s)}: ` }),
      c ? h('code', { text: c }) : h('span', { text: t('fair.noContribution') }),
      own ? h('strong', { text: ` (${t(outcome.mine === 'in' ? 'fair.yours' : 'fair.late')})` }) : null);
  });
  return h('dl', {},
    h('dt', { text: t('fair.commitment') }), h('dd', {}, h('code', { class: 'fair-commitment', text: proof.commitment ?? '' }), promisedText),
    outcome?.before ? h('dt', { text: t('fair.before') }) : null,
    outcome?.before ? h('dd', {}, h('code', { class: 'fair-before', text: outcome.before })) : null,
    h('dt', { text: t('fair.seed') }), h('dd', {}, h('code', { class: 'fair-seed', text: proof.seed ?? '' })),
    h('dt', { text: t('fair.contributions') }), h('dd', {}, h('ul', {}, ...contributions)));
}

/** In a room, the next deal's commitment and this seat's contribution to it. */
function nextDeal(next) {
  return h('dl', { class: 'fair-next' },
    h('dt', { text: t('fair.next') }), h('dd', {}, h('code', { class: 'fair-next-commitment', text: next.commitment })),
    next.contribution ? h('dt', { text: t('fair.nextMine') }) : null,
    next.contribution ? h('dd', {}, h('code', { class: 'fair-next-mine', text: next.contribution }),
      ` (${t(next.confirmed ? 'fair.nextHeld' : 'fair.nextSent')})`) : null);
}

function paint(S, view, room) {
  const { outcome, element, body } = S;
  const state = outcome === null ? 'checking' : outcome.status;
  element.className = `fair-seal ${state}`;
  setText(S.summary, t(verdict(state, view)));
  if (state === 'failed') element.open = true;
  const rows = [];
  if (outcome) rows.push(h('p', { class: 'fair-note', text: note(outcome, state, view, room) }));
  rows.push(proofList(outcome, view, room));
  if (outcome && outcome.status !== 'none') rows.push(h('p', { class: 'fair-ms', text: t('fair.ms', { ms: outcome.ms.toFixed(1) }) }));
  const next = S.session.pendingDeal?.() ?? null;
  if (next) rows.push(nextDeal(next));
  body.setAttribute('aria-label', t('fair.details'));
  body.replaceChildren(...rows);
}

function render(S) {
  const { ctx, element, session } = S;
  const { view, room } = ctx;
  // a room's round ends with its proof; one without a seed is shown too (as not confirmed)
  // when this browser saw a commitment for it
  const show = Boolean(view?.result && (view.fair?.seed || ((view.fair || witnessOf(S, view).seen) && !room?.local && !view.replay)));
  if (element.hidden === show) element.hidden = !show;
  if (!show) {
    S.key = null;
    return;
  }
  const of = `${view.round_number}:${view.fair?.commitment}:${view.fair?.seed}`;
  if (of !== S.key) {
    S.key = of;
    S.outcome = null;
    element.open = false;
    check(S, view, of);
  }
  const sig = JSON.stringify([ctx.lang(), of, S.outcome, room?.seats?.map((s) => s.name), session.pendingDeal?.() ?? null]);
  if (sig === S.painted) return;
  S.painted = sig;
  paint(S, view, room);
}
