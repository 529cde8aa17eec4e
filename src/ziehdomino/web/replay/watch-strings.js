/**
 * @file The words of "/zuschauen", German and English, added to common/i18n.js's tables when its controls load.
 */
// @ts-check

import { addWords } from '../common/i18n.js';

addWords({
  'watch.title': 'Nur zuschauen – Ziehdomino',
  'watch.play': 'Selbst mitspielen',
  'watch.setup': 'Wer spielt?',
  'watch.start': 'Zuschauen',
  'watch.again': 'Andere Computer',
  'watch.h': 'Computer spielen gegeneinander',
  'watch.showAll': 'Alle Hände zeigen',
  'watch.pause': 'Anhalten',
  'watch.resume': 'Abspielen',
  'watch.step': 'Ein Zug',
  'watch.stop': 'Zuschauen beenden',
  'watch.tally': 'Siege bisher',
  'watch.rounds': '{n} Runden zu Ende geschaut',
  'watch.count': 'Anzahl Computer',
}, {
  'watch.title': 'Just watch – Ziehdomino',
  'watch.play': 'Play yourself',
  'watch.setup': 'Who plays?',
  'watch.start': 'Watch',
  'watch.again': 'Other computers',
  'watch.h': 'Computers playing each other',
  'watch.showAll': 'Show all hands',
  'watch.pause': 'Pause',
  'watch.resume': 'Play',
  'watch.step': 'One move',
  'watch.stop': 'Stop watching',
  'watch.tally': 'Wins so far',
  'watch.rounds': '{n} rounds watched to the end',
  'watch.count': 'Number of computers',
});
