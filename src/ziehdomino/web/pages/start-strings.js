/**
 * @file The start page's own words (its forms' intro, how to play, the site's sections), German and English: added to common/i18n.js's tables when the page loads.
 */
// @ts-check

import { addWords } from '../common/i18n.js';

addWords({
  'site.name': 'Ziehdomino',
  'site.tagline': 'Domino zum Ziehen: lege passende Steine an die Kette und werde deine Hand als Erste:r los.',
  'start.title': 'Ziehdomino – Domino online spielen',
  'start.open.h': 'Raum eröffnen',
  'start.open.intro': 'Spiele mit Freundinnen und Freunden: eröffne einen Raum und teile den Einladungslink. Sobald alle dabei sind, startet die Runde.',
  'start.open.submit': 'Raum eröffnen',
  'start.open.seats': 'Plätze am Tisch',
  'start.open.needTwo': 'Ein Raum braucht mindestens zwei Menschen. Gegen Computer allein spielst du lokal: „Gegen Computer spielen“.',
  'start.open.failed': 'Der Raum konnte nicht eröffnet werden.',
  'start.local.h': 'Gegen Computer spielen',
  'start.local.intro': 'Ein bis drei Computer, sofort, ganz in deinem Browser.',
  'start.local.resume': 'Gespeichertes Spiel fortsetzen',
  'how.h': 'So geht’s in Kürze',
  'how.more': 'Alle Regeln, Sonderfälle und Fragen',
  'start.open.turnTime': 'Zeit pro Zug',
  'start.open.turn30': '30 Sekunden',
  'start.open.turn60': '1 Minute',
  'start.open.turn120': '2 Minuten',
  'start.open.turnNone': 'Ohne Zeitlimit',
  'start.open.turnHint': 'Wer abwesend ist oder die Zeit verstreichen lässt, für den spielt ein Computer diesen Zug.',
}, {
  'site.tagline': 'Draw dominoes: play matching tiles onto the line and be the first to empty your hand.',
  'start.title': 'Ziehdomino – play dominoes online',
  'start.open.h': 'Open a room',
  'start.open.intro': 'Play with friends: open a room and share the invitation link. The round starts as soon as everyone is there.',
  'start.open.submit': 'Open a room',
  'start.open.seats': 'Seats at the table',
  'start.open.needTwo': 'A room needs at least two people. Against computers alone you play locally: "Play against computers".',
  'start.open.failed': 'The room could not be opened.',
  'start.local.h': 'Play against computers',
  'start.local.intro': 'One to three computers, right away, entirely in your browser.',
  'start.local.resume': 'Resume the saved game',
  'how.h': 'How it works in short',
  'how.more': 'All rules, special cases and questions',
  'start.open.turnTime': 'Time per turn',
  'start.open.turn30': '30 seconds',
  'start.open.turn60': '1 minute',
  'start.open.turn120': '2 minutes',
  'start.open.turnNone': 'No time limit',
  'start.open.turnHint': 'For anyone who is away or lets the time run out, a computer plays that turn.',
});
