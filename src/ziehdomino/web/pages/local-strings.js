/**
 * @file The words of the local game's setup and its saved game (on /lokal and the start page),
 * German and English: added to common/i18n.js's tables when such a page loads.
 */

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
}, {
  'local.title': 'Against computers – Ziehdomino',
  'local.h': 'Play against computers',
  'local.note': 'Local results are not verified by the server.',
  'local.setup.h': 'Set up a new game',
  'local.newGame': 'New game',
  'local.cancel': 'Back to the game',
  'local.discarded': 'The saved game was damaged or does not come from this game. It was discarded; start a new game.',
  'local.saveFailed': 'The game could not be saved (storage full or blocked).',
});
