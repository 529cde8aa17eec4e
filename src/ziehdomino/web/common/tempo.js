/**
 * @file The pace "Tempo" of the computers in a local game, a replay and a watch: the pause
 * before each computer acts (or each action is shown), in ms. The sessions keep it, the
 * table's settings offer it, the motion's flights follow it.
 */
// @ts-check

/** The pause before each computer acts (or a replay's next action), in ms, by the name of the pace. */
export const TEMPOS = Object.freeze({ langsam: 1500, normal: 800, schnell: 300 });
