/**
 * @file The words of the pages "Profil" (/profil) and a player's public page (/p/<id>), German
 * and English: added to common/i18n.js's tables when one of them loads.
 */
// @ts-check

import { addWords } from '../common/i18n.js';

addWords({
  'profile.title': 'Dein Profil – Ziehdomino',
  'profile.h': 'Dein Profil',
  'profile.about': 'Gespeichert werden nur dein Name, deine Spielstärke mit ihren Runden und der Tag, an dem du das Profil angelegt hast; dein Browser hält den Schlüssel dazu. Name und Spielstärke sehen alle, die an deinem Tisch sitzen oder deine öffentliche Seite öffnen.',
  'profile.loading': 'Profil wird geladen …',
  'profile.failed': 'Das Profil konnte nicht geladen werden.',
  'profile.name.h': 'Name und Spielstärke',
  'profile.name.hint': '1 bis 24 Zeichen. So heißt du an jedem Tisch.',
  'profile.name.save': 'Namen speichern',
  'profile.name.saved': 'Gespeichert.',
  'profile.level': 'Spielstärke',
  'profile.rounds': 'Gewertete Runden',
  'profile.levelNote': '„?“: deine Spielstärke steht nach deinen ersten 10 gewerteten Runden fest.',
  'profile.public': 'Deine öffentliche Seite',
  'profile.device.h': 'Anderes Gerät',
  'profile.device.intro': 'Ein Code bringt dein Profil auf ein anderes Gerät: tippe ihn dort unter „Profil übernehmen“ ein oder scanne den QR-Code. Er gilt 10 Minuten und nur einmal; zeig ihn niemand anderem.',
  'profile.device.show': 'Auf anderem Gerät weiterspielen',
  'profile.device.code': 'Dein Code:',
  'profile.device.until': 'Gilt bis {time} Uhr, einmal.',
  'profile.device.qrAlt': 'QR-Code zum Weiterspielen auf einem anderen Gerät',
  'profile.take.h': 'Profil von einem anderen Gerät übernehmen',
  'profile.take.offer': 'Du hast einen Code geöffnet. Soll dieses Gerät das Profil übernehmen? Das Profil, das dieses Gerät bisher hatte, ist dann hier nicht mehr zu erreichen.',
  'profile.take.code': 'Code vom anderen Gerät',
  'profile.take.hint': '8 Zeichen, zum Beispiel ABCD-EFGH.',
  'profile.take.submit': 'Profil übernehmen',
  'profile.take.empty': 'Bitte gib den Code vom anderen Gerät ein.',
  'profile.take.done': 'Profil übernommen: du spielst hier jetzt als {name}.',
  'profile.data.h': 'Deine Daten',
  'profile.download': 'Profil herunterladen',
  'profile.logout': 'Von diesem Gerät abmelden',
  'profile.logout.ask': 'Dieser Browser vergisst dein Profil. Zurück kommst du nur mit einem Code von einem anderen Gerät, das es noch hat. Abmelden?',
  'profile.logout.yes': 'Ja, abmelden',
  'profile.logout.done': 'Abgemeldet: dieser Browser hat kein Profil mehr. Beim nächsten Spiel bekommt er ein neues.',
  'profile.delete': 'Profil löschen',
  'profile.delete.ask': 'Dein Profil wird auf dem Server gelöscht: Name, Spielstärke und Runden. Das lässt sich nicht rückgängig machen. Löschen?',
  'profile.delete.yes': 'Ja, Profil löschen',
  'profile.delete.done': 'Dein Profil ist gelöscht.',
  'profile.cancel': 'Abbrechen',
  'profile.toStart': 'Zur Startseite',
  'player.title': 'Spielerprofil – Ziehdomino',
  'player.h': 'Spielerprofil',
}, {
  'profile.title': 'Your profile – Ziehdomino',
  'profile.h': 'Your profile',
  'profile.about': 'Only your name, your level with its rounds and the day you made the profile are stored; your browser holds its key. Your name and level are seen by everyone at your table and by whoever opens your public page.',
  'profile.loading': 'Loading the profile …',
  'profile.failed': 'The profile could not be loaded.',
  'profile.name.h': 'Name and level',
  'profile.name.hint': '1 to 24 characters. Your name at every table.',
  'profile.name.save': 'Save the name',
  'profile.name.saved': 'Saved.',
  'profile.level': 'Level',
  'profile.rounds': 'Rated rounds',
  'profile.levelNote': '"?": your level is settled after your first 10 rated rounds.',
  'profile.public': 'Your public page',
  'profile.device.h': 'Another device',
  'profile.device.intro': 'A code brings your profile to another device: type it in there under "Take the profile" or scan the QR code. It lasts 10 minutes and works once; show it to nobody else.',
  'profile.device.show': 'Keep playing on another device',
  'profile.device.code': 'Your code:',
  'profile.device.until': 'Valid until {time}, once.',
  'profile.device.qrAlt': 'QR code to keep playing on another device',
  'profile.take.h': 'Take a profile from another device',
  'profile.take.offer': 'You opened a code. Should this device take the profile? The profile this device had so far can then no longer be reached here.',
  'profile.take.code': 'Code from the other device',
  'profile.take.hint': '8 characters, for example ABCD-EFGH.',
  'profile.take.submit': 'Take the profile',
  'profile.take.empty': 'Please enter the code from the other device.',
  'profile.take.done': 'Profile taken: you play here as {name} now.',
  'profile.data.h': 'Your data',
  'profile.download': 'Download the profile',
  'profile.logout': 'Sign out on this device',
  'profile.logout.ask': 'This browser forgets your profile. You only get back with a code from another device that still has it. Sign out?',
  'profile.logout.yes': 'Yes, sign out',
  'profile.logout.done': 'Signed out: this browser has no profile any more. It gets a new one at the next game.',
  'profile.delete': 'Delete the profile',
  'profile.delete.ask': 'Your profile is deleted on the server: name, level and rounds. This cannot be undone. Delete?',
  'profile.delete.yes': 'Yes, delete the profile',
  'profile.delete.done': 'Your profile is deleted.',
  'profile.cancel': 'Cancel',
  'profile.toStart': 'To the start page',
  'player.title': 'Player profile – Ziehdomino',
  'player.h': 'Player profile',
});

/**
 * A level as shown: its number, or "?" while it is provisional or the server gives none yet.
 * @param {{level?: unknown, provisional?: unknown}} profile
 * @returns {string}
 */
export function levelText(profile) {
  return typeof profile.level === 'number' && profile.provisional === false ? String(profile.level) : '?';
}

/**
 * The number of rated rounds as shown, or "?" when the server gives none yet.
 * @param {{rated_rounds?: unknown}} profile
 * @returns {string}
 */
export function roundsText(profile) {
  return typeof profile.rated_rounds === 'number' ? String(profile.rated_rounds) : '?';
}
