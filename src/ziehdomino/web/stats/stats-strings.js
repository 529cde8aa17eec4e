/**
 * @file The words of the statistics panels, German and English, added to common/i18n.js's tables when they load.
 */
// @ts-check

import { addWords } from '../common/i18n.js';

addWords({
  'stats.locale': 'de-DE',
  'stats.reset': 'Zurücksetzen',
  'stats.resetDone': 'Die Statistik ist zurückgesetzt.',
  'stats.local.caption': 'Deine Runden gegen Computer',
  'stats.local.row': 'Gegner und Tisch',
  'stats.local.rowLabel': '{level}, {n} Spieler',
  'stats.played': 'Gespielt',
  'stats.won': 'Gewonnen',
  'stats.shared': 'Geteilt',
  'stats.lost': 'Verloren',
  'stats.empty': 'Noch keine Runde gezählt.',
  'stats.room.caption': 'Runden in diesem Raum',
  'stats.room.row': 'Platz',
  'stats.room.wins': 'Siege',
  'stats.room.shared': 'Geteilte Runden',
  'stats.room.other': 'Andere Runden',
  'stats.room.rounds': 'Runden',
  'stats.room.avgPips': 'Ø Augen übrig',
  'stats.room.empty': 'In diesem Raum ist noch keine Runde zu Ende.',
}, {
  'stats.locale': 'en-GB',
  'stats.reset': 'Reset',
  'stats.resetDone': 'The statistics are reset.',
  'stats.local.caption': 'Your rounds against computers',
  'stats.local.row': 'Opponents and table',
  'stats.local.rowLabel': '{level}, {n} players',
  'stats.played': 'Played',
  'stats.won': 'Won',
  'stats.shared': 'Shared',
  'stats.lost': 'Lost',
  'stats.empty': 'No round counted yet.',
  'stats.room.caption': 'Rounds in this room',
  'stats.room.row': 'Seat',
  'stats.room.wins': 'Wins',
  'stats.room.shared': 'Shared rounds',
  'stats.room.other': 'Other rounds',
  'stats.room.rounds': 'Rounds',
  'stats.room.avgPips': 'Avg. pips left',
  'stats.room.empty': 'No round in this room is over yet.',
});
