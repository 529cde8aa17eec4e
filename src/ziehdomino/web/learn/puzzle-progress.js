/**
 * @file The puzzles a player solved, and the daily streak, kept in the browser (localStorage,
 * key `ziehdomino.puzzles`); the puzzle of the day. Pure but for the storage it is given.
 *
 * Stored value: `{solved: {id: "YYYY-MM-DD"}, shown: {id: true}, daily: {last: "YYYY-MM-DD",
 * streak: n}}`. `shown`: puzzles whose solution was shown before they were solved (they do not
 * count as solved, and a daily puzzle solved after it does not extend the streak).
 */
// @ts-check

export const PROGRESS_KEY = 'ziehdomino.puzzles';

/** A local date as "YYYY-MM-DD" (the player's calendar day). */
export function dateText(date) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The days since 1970-01-01 of a "YYYY-MM-DD" date. */
export function dayNumber(text) {
  const [y, m, d] = text.split('-').map(Number);
  return Math.round(Date.UTC(y, m - 1, d) / 86400000);
}

/**
 * The index of the puzzle of the day among `count` puzzles: the same for everyone on that date
 * (a multiplicative hash of the day number, so that following days jump across the series).
 */
export function dailyIndex(text, count) {
  return (Math.imul(dayNumber(text), 2654435761) >>> 0) % count;
}

function empty() {
  return { solved: {}, shown: {}, daily: { last: null, streak: 0 } };
}

/** The stored progress (an empty one when there is none or it cannot be read). */
export function loadProgress(storage) {
  try {
    const raw = storage?.getItem(PROGRESS_KEY);
    const data = raw ? JSON.parse(raw) : null;
    if (!data || typeof data !== 'object') return empty();
    return { ...empty(), ...data, daily: { ...empty().daily, ...(data.daily ?? {}) } };
  } catch {
    return empty();
  }
}

/** Stores the progress; false when the browser refuses (private mode, full). */
export function saveProgress(storage, progress) {
  try {
    storage?.setItem(PROGRESS_KEY, JSON.stringify(progress));
    return true;
  } catch {
    return false;
  }
}

/** The streak as it stands on `today`: kept when the daily puzzle was solved today or yesterday. */
export function currentStreak(progress, today) {
  const last = progress.daily.last;
  if (!last) return 0;
  return dayNumber(today) - dayNumber(last) <= 1 ? progress.daily.streak : 0;
}

/** Marks the solution of `id` as shown (before it was solved). */
export function markShown(progress, id) {
  if (!progress.solved[id]) progress.shown[id] = true;
  return progress;
}

/**
 * Marks `id` solved on `today` (unless its solution was shown first); a daily puzzle solved on
 * its day extends the streak by one (once a day), starting it anew after a missed day.
 */
export function markSolved(progress, id, today, isDaily) {
  if (progress.shown[id] || progress.solved[id]) return progress;
  progress.solved[id] = today;
  if (isDaily && progress.daily.last !== today) {
    const gap = progress.daily.last ? dayNumber(today) - dayNumber(progress.daily.last) : null;
    progress.daily = { last: today, streak: gap === 1 ? progress.daily.streak + 1 : 1 };
  }
  return progress;
}

/** How many of `puzzles` are solved, and the first unsolved one (null when all are). */
export function seriesState(progress, puzzles) {
  const open = puzzles.find((p) => !progress.solved[p.id]) ?? null;
  return { solved: puzzles.filter((p) => progress.solved[p.id]).length, total: puzzles.length, next: open };
}

/**
 * The puzzle "Nächste Aufgabe" opens after `current`. After the daily puzzle (`daily`): the
 * first unsolved puzzle of the easiest series that has one (`order`: the series, easiest first),
 * not the daily puzzle's place in its series. Else the next unsolved one after `current` in its
 * series (from its start again), then the first unsolved of the next harder series; when every
 * puzzle is solved, the one after `current` in its series.
 */
export function nextPuzzleOf(progress, puzzles, current, daily, order) {
  const open = (p) => !progress.solved[p.id] && p !== current;
  const ofSeries = (name) => puzzles.filter((p) => p.series === name);
  if (daily) {
    for (const name of order) {
      const found = ofSeries(name).find(open);
      if (found) return found;
    }
    return ofSeries(order[0])[0] ?? current;
  }
  const list = ofSeries(current.series);
  const i = list.indexOf(current);
  const after = list.slice(i + 1).concat(list.slice(0, i));
  const found = after.find(open);
  if (found) return found;
  for (const name of order.slice(order.indexOf(current.series) + 1)) {
    const harder = ofSeries(name).find(open);
    if (harder) return harder;
  }
  return after[0] ?? current;
}
