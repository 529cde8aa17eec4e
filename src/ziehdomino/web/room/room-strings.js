/**
 * @file The words of a room's reactions, spectator count and waiting open table (room/), German and English: added to common/i18n.js's tables when
 * the part that shows them loads.
 */
// @ts-check

import { addWords } from '../common/i18n.js';

addWords({
  'room.watching': '{n} schauen zu',
  'room.watching1': '1 schaut zu',
  'react.button': 'Reaktion',
  'react.off': 'Reaktionen aus',
  'react.mute': '{name} stummschalten',
  'react.hallo': 'Hallo',
  'react.viel_glueck': 'Viel Glück',
  'react.gut_gespielt': 'Gut gespielt',
  'react.danke': 'Danke',
  'react.glueckwunsch': 'Glückwunsch',
  'react.oh_nein': 'Oh nein',
  'react.hoppla': 'Hoppla',
  'react.tschuess': 'Tschüss',
  'wait.h': 'Warte auf Mitspielende',
  'wait.countdown': 'Computer übernehmen die freien Plätze in {s} s.',
  'wait.soon': 'Computer übernehmen die freien Plätze gleich.',
  'wait.startNow': 'Jetzt mit Computern starten',
}, {
  'room.watching': '{n} watching',
  'room.watching1': '1 watching',
  'react.button': 'Reaction',
  'react.off': 'Reactions off',
  'react.mute': 'Mute {name}',
  'react.hallo': 'Hello',
  'react.viel_glueck': 'Good luck',
  'react.gut_gespielt': 'Well played',
  'react.danke': 'Thanks',
  'react.glueckwunsch': 'Congratulations',
  'react.oh_nein': 'Oh no',
  'react.hoppla': 'Oops',
  'react.tschuess': 'Bye',
  'wait.h': 'Waiting for players',
  'wait.countdown': 'Computers take the free seats in {s} s.',
  'wait.soon': 'Computers take the free seats any moment.',
  'wait.startNow': 'Start now with computers',
});
