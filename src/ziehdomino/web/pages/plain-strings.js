/**
 * @file The words of the pages without a game (the rules, the error pages), German and English: added to common/i18n.js's tables when the page loads.
 */
// @ts-check

import { addWords } from '../common/i18n.js';

addWords({
  'errorpage.home': 'Zur Startseite',
  'errorpage.not_found.title': 'Nicht gefunden – Ziehdomino',
  'errorpage.not_found.h': 'Nicht gefunden',
  'errorpage.not_found.text': 'Diese Seite gibt es nicht.',
  'errorpage.room_not_found.title': 'Raum nicht gefunden – Ziehdomino',
  'errorpage.room_not_found.h': 'Raum nicht gefunden',
  'errorpage.room_not_found.text': 'Diesen Raum gibt es nicht (mehr). Eröffne einen neuen auf der Startseite.',
  'errorpage.round_in_progress.title': 'Runde läuft noch – Ziehdomino',
  'errorpage.round_in_progress.h': 'Runde läuft noch',
  'errorpage.round_in_progress.text': 'Diese Runde läuft noch. Ansehen kann man sie, sobald sie zu Ende ist.',
  'errorpage.round_not_found.title': 'Nicht gefunden – Ziehdomino',
  'errorpage.round_not_found.h': 'Runde nicht gefunden',
  'errorpage.round_not_found.text': 'Diese Runde gibt es in diesem Raum nicht.',
  'errorpage.rate_limited.title': 'Zu viele Anfragen – Ziehdomino',
  'errorpage.rate_limited.h': 'Zu viele Anfragen',
  'errorpage.rate_limited.text': 'Von hier wurden zu viele unbekannte Räume aufgerufen. Warte bitte eine Minute.',
  'errorpage.server_error.title': 'Fehler – Ziehdomino',
  'errorpage.server_error.h': 'Ein Fehler ist aufgetreten',
  'errorpage.server_error.text': 'Bitte lade die Seite neu. Versuche es sonst später noch einmal.',
  'rules.title': 'Regeln und FAQ – Ziehdomino',
}, {
  'errorpage.home': 'To the start page',
  'errorpage.not_found.title': 'Not found – Ziehdomino',
  'errorpage.not_found.h': 'Not found',
  'errorpage.not_found.text': 'This page does not exist.',
  'errorpage.room_not_found.title': 'Room not found – Ziehdomino',
  'errorpage.room_not_found.h': 'Room not found',
  'errorpage.room_not_found.text': 'This room does not exist (any more). Open a new one on the start page.',
  'errorpage.round_in_progress.title': 'Round still running – Ziehdomino',
  'errorpage.round_in_progress.h': 'Round still running',
  'errorpage.round_in_progress.text': 'This round is still being played. It can be watched once it is over.',
  'errorpage.round_not_found.title': 'Not found – Ziehdomino',
  'errorpage.round_not_found.h': 'Round not found',
  'errorpage.round_not_found.text': 'This room has no such round.',
  'errorpage.rate_limited.title': 'Too many requests – Ziehdomino',
  'errorpage.rate_limited.h': 'Too many requests',
  'errorpage.rate_limited.text': 'Too many unknown rooms were asked for from here. Please wait a minute.',
  'errorpage.server_error.title': 'Error – Ziehdomino',
  'errorpage.server_error.h': 'Something went wrong',
  'errorpage.server_error.text': 'Please reload the page. Otherwise try again later.',
  'rules.title': 'Rules and FAQ – Ziehdomino',
});
