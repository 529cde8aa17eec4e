/**
 * @file The words of the setup forms (the local game's and a room's, on /lokal and the start page)
 * and of the local game's save, German and English: added to common/i18n.js's tables when such
 * a page loads.
 */
// @ts-check

import { addWords } from '../common/i18n.js';

addWords({
  'local.title': 'Gegen Computer – Ziehdomino',
  'local.h': 'Gegen Computer spielen',
  'local.note': 'Lokale Ergebnisse sind nicht serverseitig verifiziert.',
  'local.setup.h': 'Neues Spiel einrichten',
  'local.newGame': 'Neues Spiel',
  'local.cancel': 'Zurück zum Spiel',
  'local.discarded': 'Der gespeicherte Spielstand war beschädigt oder stammt nicht von diesem Spiel. Er wurde verworfen; starte ein neues Spiel.',
  'local.saveFailed': 'Der Spielstand konnte nicht gespeichert werden (Speicher voll oder gesperrt).',
  'start.local.submit': 'Gegen Computer spielen',
  'replace.h': 'Gespeichertes Spiel ersetzen?',
  'replace.text': 'Du hast ein gespeichertes Spiel in Runde {round} (du hast {wins} Runden gewonnen, {shared} geteilt). Ein neues Spiel ersetzt es samt diesem Stand.',
  'replace.yes': 'Ersetzen',
  'replace.keep': 'Behalten',
  'form.seatWord': 'Platz',
  'form.who': 'Wer spielt?',
  'form.person': 'Mensch',
  'form.computer': 'Computer',
  'form.computers': 'Anzahl Computer',
  'form.target': 'Partie bis',
  'form.target3': '3 Siege',
  'form.target5': '5 Siege',
  'form.target10': '10 Siege',
}, {
  'local.title': 'Against computers – Ziehdomino',
  'local.h': 'Play against computers',
  'local.note': 'Local results are not verified by the server.',
  'local.setup.h': 'Set up a new game',
  'local.newGame': 'New game',
  'local.cancel': 'Back to the game',
  'local.discarded': 'The saved game was damaged or does not come from this game. It was discarded; start a new game.',
  'local.saveFailed': 'The game could not be saved (storage full or blocked).',
  'start.local.submit': 'Play against computers',
  'replace.h': 'Replace the saved game?',
  'replace.text': 'You have a saved game in round {round} (you won {wins} rounds, shared {shared}). A new game replaces it and this score.',
  'replace.yes': 'Replace',
  'replace.keep': 'Keep',
  'form.seatWord': 'Seat',
  'form.who': 'Who plays?',
  'form.person': 'Person',
  'form.computer': 'Computer',
  'form.computers': 'Number of computers',
  'form.target': 'Match to',
  'form.target3': '3 wins',
  'form.target5': '5 wins',
  'form.target10': '10 wins',
});
