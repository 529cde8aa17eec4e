/**
 * @file The words of the UI, German first, English second, and the language switch: `t(key,
 * params)`, `data-i18n` / `data-i18n-attr` on static text, and `data-lang` blocks for long prose.
 * Never builds HTML: every string is meant for textContent or an attribute.
 */
// @ts-check

import { setText } from './dom.js';

export const LANG_KEY = 'ziehdomino.lang';
export const LANGS = ['de', 'en'];

const DE = {
  'lang.switch': 'English',
  'nav.home': 'Start',
  'nav.rules': 'Regeln & FAQ',
  'nav.local': 'Gegen Computer',
  'nav.profile': 'Profil',
  'nav.main': 'Hauptnavigation',

  'form.defaultName': 'Gast',
  'form.name': 'Dein Name',
  'form.nameHint': '1 bis 24 Zeichen.',
  'name.tooLong': 'Höchstens 24 Zeichen (jetzt {n}).',
  'name.empty': 'Bitte gib einen Namen ein (1 bis 24 Zeichen).',
  'name.invisible': 'Der Name braucht mindestens ein sichtbares Zeichen.',
  'name.forbidden': 'Der Name darf keine Steuerzeichen, unsichtbaren Zeichen, Zeilenumbrüche oder Richtungszeichen enthalten.',
  'form.seat': 'Platz {n}',
  'form.computerWord': 'Computer',
  'skip': 'Zum Inhalt springen',
  'footer.text': 'Ziehdomino – Domino mit Doppel-Sechs, freier Eröffnung und unverzweigter Kette.',
  'form.level': 'Stufe',
  'level.leicht': 'Leicht',
  'level.mittel': 'Mittel',
  'level.stark': 'Stark',
  'level.about.leicht': 'Leicht legt irgendeinen passenden Stein.',
  'level.about.mittel': 'Mittel behält Zahlen, von denen es viele hat, und wird Doppel und schwere Steine früh los.',
  'level.about.stark': 'Stark spielt jeden Zug in vielen möglichen Verteilungen zu Ende und liest aus den Zügen der anderen, was sie halten und wie sie spielen.',

  'ai.h': 'Für KI-Mitspieler',
  'ai.room': 'Jeder Zug ist ein Knopf mit festem Namen: „Stein a|b“ wählt einen Stein aus der Hand, „a|b links anlegen“ oder „a|b rechts anlegen“ legt ihn an, sonst „Ziehen“ oder „Passen“. Der Statusbereich sagt in Worten, wer am Zug ist.',
  'ai.more': 'Ganze Anleitung für KI-Mitspieler (Startseite)',

  'room.title': 'Raum – Ziehdomino',
  'room.h': 'Raum',
  'room.invite.h': 'Einladung',
  'room.invite.label': 'Einladungslink',
  'room.invite.copy': 'Link kopieren',
  'room.invite.copied': 'Link kopiert.',
  'room.invite.share': 'Einladung teilen',
  'room.invite.shareTitle': 'Ziehdomino: spiel mit!',
  'room.invite.shareText': 'Komm an meinen Ziehdomino-Tisch:',
  'room.invite.shared': 'Einladung geteilt.',
  'room.invite.qr': 'QR-Code zeigen',
  'room.invite.qrHide': 'QR-Code verbergen',
  'room.invite.qrAlt': 'QR-Code des Einladungslinks',
  'room.invite.qrCaption': 'Zum Scannen mit dem Handy: öffnet den Einladungslink.',
  'room.invite.copyFailed': 'Kopieren ging nicht – markiere den Link und kopiere ihn selbst.',
  'room.seats.h': 'Plätze',
  'room.waiting': 'Die Runde startet von selbst, sobald alle Plätze besetzt sind.',
  'room.seat.free': 'frei',
  'room.seat.you': '(du)',
  'room.join.h': 'Mitspielen',
  'room.join.intro': 'In diesem Raum ist noch ein Platz frei.',
  'room.join.submit': 'Beitreten',
  'room.spectator': 'Du schaust zu. Alle Plätze sind besetzt.',
  'room.notFound': 'Diesen Raum gibt es nicht. Prüfe den Link oder eröffne einen neuen Raum.',
  'conn.online': 'Verbunden.',
  'conn.connecting': 'Verbinde …',
  'conn.retry': 'Verbindung zum Server unterbrochen – die Seite versucht es weiter …',
  'conn.retryShort': 'Verbindung unterbrochen\u00a0…',

  'local.computerName': 'Computer {n}',


  'table.round': 'Runde {n}',
  'table.players': 'Am Tisch (im Uhrzeigersinn)',
  'table.line': 'Kette',
  'table.lineEmpty': 'Die Kette ist leer.',
  'table.endLeft': 'Links: {n}',
  'table.endRight': 'Rechts: {n}',
  'table.boneyard': 'Vorrat: {n} Steine',
  'table.boneyard1': 'Vorrat: 1 Stein',
  'table.hand': 'Deine Hand',
  'table.place': 'Anlegen',
  'table.actions': 'Aktionen',
  'table.draw': 'Ziehen',
  'table.pass': 'Passen',
  'table.log': 'Verlauf',
  'table.logEmpty': 'Noch keine Züge.',
  'table.tile': 'Stein {t}',
  'table.sort': 'Sortieren',
  'table.fitsLeft': 'passt links',
  'table.fitsRight': 'passt rechts',
  'table.fitsBoth': 'passt links und rechts',
  'table.fitsAny': 'passt: du eröffnest',
  'table.placeLeft': '{t} links anlegen',
  'table.placeRight': '{t} rechts anlegen',
  'table.placeOnly': '{t} anlegen',
  'table.you': 'Du',
  'table.youNamed': 'Du ({name})',
  'table.since': 'dabei seit Runde {n}',
  'table.heir': '{name} übernimmt ab der nächsten Runde',
  'table.tiles': '{n} Steine',
  'table.tiles1': '1 Stein',
  'table.connected': 'verbunden',
  'table.away': 'abwesend',
  'table.computer': 'Computer, {level}',
  'table.wins': 'Siege {w}',
  'table.winsOf': 'Siege {w} von {n}',
  'table.shared': 'geteilt {s}',
  'table.turnMark': 'am Zug',
  'table.unknown': 'Verbindung unklar',
  'table.sideToggle': 'Verlauf & Einstellungen',
  'table.sideClose': 'Schließen',
  'table.sending': 'Wird gesendet …',
  'table.restoring': 'Verbindung wird wiederhergestellt …',

  'deed.open': 'eröffnet mit {t}',
  'deed.playLeft': 'legt {t} links an',
  'deed.playRight': 'legt {t} rechts an',
  'deed.draw': 'zieht {n}',
  'deed.pass': 'passt',

  'settings.h': 'Einstellungen',
  'settings.tempo': 'Tempo',
  'settings.sound': 'Ton',
  'tempo.langsam': 'langsam',
  'tempo.normal': 'normal',
  'tempo.schnell': 'schnell',
  'keys.hint': 'Tasten: 1 bis 9 (0 für den zehnten) wählt einen Stein der Hand, Punkt den nächsten, Komma den vorigen, L legt ihn links an, R rechts, Z zieht, P passt, N startet die nächste Runde.',
  'attention.title': 'Du bist am Zug',

  'status.yourTurn': 'Du bist am Zug.',
  'status.turnOf': '{name} ist am Zug.',
  'status.over': 'Die Runde ist vorbei.',
  'status.ends': 'Offene Enden: links {l}, rechts {r}.',
  'status.empty': 'Die Kette ist leer: der erste Stein ist frei.',
  'status.last': 'Zuletzt: {what}',
  'status.spectating': 'Du schaust zu.',
  'status.drawn': 'Gezogen: {t}.',

  'log.openYou': 'Du eröffnest mit {t}.',
  'log.open': '{name} eröffnet mit {t}.',
  'log.playYouLeft': 'Du legst {t} links an.',
  'log.playYouRight': 'Du legst {t} rechts an.',
  'log.playLeft': '{name} legt {t} links an.',
  'log.playRight': '{name} legt {t} rechts an.',
  'log.drawYou': 'Du ziehst einen Stein.',
  'log.draw': '{name} zieht einen Stein.',
  'log.drawManyYou': 'Du ziehst {n} Steine.',
  'log.drawMany': '{name} zieht {n} Steine.',
  'log.passYou': 'Du passt.',
  'log.pass': '{name} passt.',

  'preview.none': 'Wähle einen Stein, um zu sehen, wo er passt.',
  'preview.notTurn': '{t}: Du bist nicht am Zug.',
  'preview.open': '{t} eröffnet die Kette.',
  'preview.left': '{t} passt links (an die {l}).',
  'preview.right': '{t} passt rechts (an die {r}).',
  'preview.both': '{t} passt links (an die {l}) und rechts (an die {r}).',
  'preview.noFit': '{t} passt an kein Ende.',
  'preview.mustDraw': 'Kein Stein passt: ziehe einen Stein.',
  'preview.mustPass': 'Kein Stein passt und der Vorrat ist leer: passe.',

  'why.draw': 'Ziehen ist nicht erlaubt: {reason}.',
  'why.pass': 'Passen ist nicht erlaubt: {reason}.',
  'why.notTurn': 'Du bist nicht am Zug',
  'why.over': 'die Runde ist vorbei',
  'why.emptyLine': 'die Kette ist leer, lege einen beliebigen Stein',
  'why.fits': '{t} passt {end}',
  'why.boneyard': 'der Vorrat ist nicht leer, ziehe',
  'why.emptyBoneyard': 'der Vorrat ist leer',
  'why.spectator': 'du schaust nur zu',
  'end.left': 'links',
  'end.right': 'rechts',
  'end.both': 'links und rechts',

  'result.h': 'Rundenende',
  'result.dominoYou': 'Du gewinnst die Runde mit leerer Hand.',
  'result.domino': '{name} gewinnt die Runde mit leerer Hand.',
  'result.blockedYou': 'Blockade: Du gewinnst mit {p} Augen, der kleinsten Summe.',
  'result.blocked': 'Blockade: {name} gewinnt mit {p} Augen, der kleinsten Summe.',
  'result.shared': 'Blockade: Die Runde ist geteilt zwischen {names} (je {p} Augen). Niemand erhält einen Sieg.',
  'result.player': 'Name',
  'result.youShared': 'dir',
  'result.tilesCol': 'Steine in der Hand',
  'result.pipsCol': 'Augen',
  'result.outcomeCol': 'Ergebnis',
  'result.win': 'Sieg',
  'result.share': 'geteilt',
  'result.emptyHand': 'keine',
  'result.next': 'Nächste Runde',
  'result.rematch': 'Revanche',
  'match.won': '{name} gewinnt die Partie {score}.',
  'match.youWon': 'Du gewinnst die Partie {score}.',
  'match.shared': '({n} geteilt)',
  'match.h': 'Partie vorbei',
  'match.target': 'Partie bis {n} Siege',
  'result.nextStarter': '{name} eröffnet die nächste Runde.',
  'result.nextStarterYou': 'Du eröffnest die nächste Runde.',

  'tips.switch': 'Mit Tipps lernen',
  'tips.remaining': 'Tipps für noch {n} von 3 Aktionen (Anlegen, Ziehen oder Passen).',
  'tips.wait': 'Der Tipp kommt, sobald du am Zug bist.',

  // rooms that survive real people: turn time, stand-ins, leaving, the ready step, the history
  'form.targetNone': 'ohne Ende',
  'clock.you': 'Dein Zug: noch {s} s',
  'clock.other': '{name} am Zug: noch {s} s',
  'clock.away': 'In {s} s spielt ein Computer für {name}',
  'clock.awayShort': '{name}: Computer in {s} s',
  'clock.standIn': 'Computer spielt für {name}',
  'clock.standInYou': 'Computer spielt für dich',
  'clock.warnYou': 'Noch 10 Sekunden für deinen Zug.',
  'clock.warn': 'Noch 10 Sekunden für {name}.',
  'clock.noLimit': 'Ohne Zeitlimit',
  'seat.computerPlays': 'Computer spielt',
  'seat.left': 'hat den Raum verlassen',
  'seat.ready': 'bereit',
  'log.standIn': 'Computer spielt für {name}: {what}.',
  'log.standInYou': 'Computer spielt für dich: {what}.',
  'log.act.open': 'eröffnet mit {t}',
  'log.act.playLeft': 'legt {t} links an',
  'log.act.playRight': 'legt {t} rechts an',
  'log.act.draw': 'zieht einen Stein',
  'log.act.drawMany': 'zieht {n} Steine',
  'log.act.pass': 'passt',
  'ready.waiting': 'Warte auf {names}.',
  'ready.youObject': 'dich',
  'ready.you': 'Du bist bereit.',
  'ready.all': 'Alle sind bereit.',
  'ready.hint': 'Die nächste Runde beginnt, sobald alle am Tisch „Nächste Runde“ gewählt haben.',
  'leave.button': 'Raum verlassen',
  'leave.confirm': 'Wirklich verlassen? Ein Computer spielt für dich weiter, und du kannst nicht zurück auf diesen Platz.',
  'leave.yes': 'Ja, Raum verlassen',
  'leave.no': 'Abbrechen',
  'leave.done': 'Du hast den Raum verlassen. Ein Computer spielt auf deinem Platz weiter.',
  'leave.home': 'Zur Startseite',
  'history.h': 'Rundenübersicht',
  'history.empty': 'Noch keine Runde beendet.',
  'history.round': 'Runde',
  'history.starter': 'Eröffnet von',
  'history.how': 'Ausgang',
  'history.winners': 'Gewinner',
  'history.pips': 'Augen in der Hand',
  'history.pipsOf': '{name} {n}',
  'history.domino': 'Leere Hand',
  'history.blocked': 'Blockade',
  'history.shared': 'Blockade, geteilt',
  'history.nobody': 'niemand',
  'error.reaction_too_soon': 'Eine Reaktion alle drei Sekunden.',
  'error.too_many_rooms': 'Von deiner Adresse sind schon zu viele Räume offen. Verlasse einen unter „Meine Räume“ oder versuche es in ein paar Minuten noch einmal (ein Raum, an dem niemand sitzt, zählt dann nicht mehr).',
  'error.left': 'Du hast diesen Raum verlassen.',

  'error.invalid_action': 'Diese Aktion ist ungültig.',
  'error.round_over': 'Die Runde ist schon vorbei.',
  'error.not_your_turn': 'Du bist nicht am Zug.',
  'error.tile_not_in_hand': 'Dieser Stein ist nicht in deiner Hand.',
  'error.tile_does_not_fit': 'Dieser Stein passt dort nicht: die berührenden Augen müssen gleich sein.',
  'error.must_play': 'Ein Stein aus deiner Hand passt: du musst ihn anlegen statt zu ziehen oder zu passen.',
  'error.cannot_draw': 'Ziehen ist jetzt nicht erlaubt: die Kette ist leer oder der Vorrat ist aufgebraucht.',
  'error.cannot_pass': 'Passen ist nur erlaubt, wenn kein Stein passt und der Vorrat leer ist.',
  'error.round_not_over': 'Die Runde läuft noch.',
  'error.stale_version': 'Das Spiel hat sich inzwischen geändert. Du siehst jetzt den aktuellen Stand – wähle bitte noch einmal.',
  'error.bad_message': 'Die Nachricht an den Server war fehlerhaft.',
  'error.too_large': 'Die Nachricht an den Server war zu groß.',
  'error.rate_limited': 'Zu viele Aktionen auf einmal – warte bitte einen Moment.',
  'error.hello_first': 'Die Verbindung war noch nicht angemeldet. Sie wird neu aufgebaut.',
  'error.bad_credential': 'Dein gespeicherter Zugang gilt für diesen Raum nicht. Du schaust jetzt zu.',
  'error.spectator': 'Zuschauende können nicht mitspielen.',
  'error.not_started': 'Die Runde hat noch nicht begonnen.',
  'error.room_not_found': 'Diesen Raum gibt es nicht.',
  'error.room_full': 'Der Raum ist inzwischen voll. Du kannst zuschauen.',
  'error.already_seated': 'Du hast an diesem Tisch schon einen Platz (oder übernimmst einen). Ein Browser spielt an einem offenen Tisch nur einmal mit.',
  'error.too_many_seats': 'Von deiner Adresse sitzen schon mehrere an offenen Tischen, die noch auf Leute warten. Sobald einer davon anfängt, geht es wieder (wer im selben Netz ist, teilt sich die Adresse).',
  'error.bad_profile_key': 'Dein Browser hat für das Profil keinen gültigen Schlüssel geschickt.',
  'error.profile_not_found': 'Dieses Profil gibt es nicht (mehr).',
  'error.device_code_wrong': 'Diesen Code gibt es nicht. Prüfe die acht Zeichen und versuche es noch einmal.',
  'error.device_code_expired': 'Der Code ist abgelaufen (er gilt 10 Minuten). Lass dir im anderen Browser einen neuen zeigen.',
  'error.device_code_used': 'Dieser Code wurde schon benutzt. Jeder Code gilt nur einmal.',
  'error.invalid_name': 'Der Name muss 1 bis 24 Zeichen lang sein, ohne Steuerzeichen.',
  'error.bad_origin': 'Die Verbindung wurde abgelehnt (falsche Herkunft der Seite).',
  'error.replaced': 'Dieser Platz ist jetzt in einem anderen Tab geöffnet. Lade die Seite neu, um hier weiterzuspielen.',
  'error.server_error': 'Der Server konnte das gerade nicht speichern; nichts wurde geändert. Versuche es noch einmal.',
  'error.room_moved': 'Der Raum zieht gerade auf einen anderen Server um; die Verbindung wird neu aufgebaut.',
  'error.server_full': 'Der Server ist gerade voll. Versuche es später noch einmal.',
  'error.cross_site': 'Diese Anfrage kam von einer anderen Website und wurde abgelehnt.',
  'error.bad_request': 'Die Anfrage war fehlerhaft.',
  'error.not_found': 'Diese Adresse gibt es nicht.',
  'error.method_not_allowed': 'Diese Anfrage ist hier nicht erlaubt.',
  'error.round_not_found': 'Diese Runde gibt es in diesem Raum nicht.',
  'error.round_in_progress': 'Diese Runde läuft noch. Ansehen kann man sie, sobald sie zu Ende ist.',
  'error.network': 'Der Server antwortet gerade nicht. Versuche es gleich noch einmal.',
  'error.undelivered': 'Was du zuletzt gewählt hast, kam beim Server nicht an, als die Verbindung abbrach. Bitte wähle es noch einmal.',
  'error.offline': 'Nicht gesendet: Die Verbindung zum Server ist unterbrochen. Sobald sie wieder steht, kannst du weiterspielen.',
  'error.pending': 'Dein letzter Zug ist noch unterwegs – die Antwort des Servers steht aus. Warte bitte einen Moment.',
  'error.unknown': 'Etwas ist schiefgegangen ({code}).',
  'replay.link': 'Runde ansehen',
  'replay.endNote': '„Abspielen“ zeigt die Runde noch einmal von vorn, „Zurück“ Schritt für Schritt.',
  'replay.keys': 'Tasten: Pfeil links geht einen Schritt zurück, Pfeil rechts einen weiter, Pos1 springt zum Anfang, Ende zum letzten Schritt.',
  'stats.h': 'Statistik',
  'watch.option': 'Nur zuschauen',
  'watch.optionHint': 'Die Computer spielen gegeneinander, du schaust zu.',
  'nav.puzzles': 'Aufgaben',
  // one reason for a play (web/learn/reasons.js), in the tips and the round's analysis
  // the round's analysis: its link at a round's end (the rest in learn/analysis-strings.js)
  'an.link': 'Runde analysieren',
};

const EN = {
  'lang.switch': 'Deutsch',
  'nav.home': 'Home',
  'nav.rules': 'Rules & FAQ',
  'nav.local': 'Against computers',
  'nav.profile': 'Profile',
  'nav.main': 'Main navigation',

  'form.defaultName': 'Guest',
  'form.name': 'Your name',
  'form.nameHint': '1 to 24 characters.',
  'name.tooLong': 'At most 24 characters (now {n}).',
  'name.empty': 'Please enter a name (1 to 24 characters).',
  'name.invisible': 'The name needs at least one visible character.',
  'name.forbidden': 'The name may not contain control characters, invisible characters, line breaks or text direction marks.',
  'form.seat': 'Seat {n}',
  'form.computerWord': 'Computer',
  'skip': 'Skip to the content',
  'footer.text': 'Ziehdomino – dominoes with a double-six set, free opening and one unbranched line.',
  'form.level': 'Level',
  'level.leicht': 'Easy',
  'level.mittel': 'Medium',
  'level.stark': 'Strong',
  'level.about.leicht': 'Easy plays any tile that fits.',
  'level.about.mittel': 'Medium keeps numbers it holds many of and gets rid of doubles and heavy tiles early.',
  'level.about.stark': 'Strong plays every move out in many possible deals and reads from the others’ plays what they hold and how they play.',

  'ai.h': 'For AI players',
  'ai.room': 'Every move is a button with a fixed name: “Tile a|b” selects a tile in your hand, “Play a|b on the left” or “Play a|b on the right” plays it, otherwise “Draw” or “Pass”. The status region says in words whose turn it is.',
  'ai.more': 'Full guide for AI players (start page)',

  'room.title': 'Room – Ziehdomino',
  'room.h': 'Room',
  'room.invite.h': 'Invitation',
  'room.invite.label': 'Invitation link',
  'room.invite.copy': 'Copy link',
  'room.invite.copied': 'Link copied.',
  'room.invite.share': 'Share the invitation',
  'room.invite.shareTitle': 'Ziehdomino: join in!',
  'room.invite.shareText': 'Come to my Ziehdomino table:',
  'room.invite.shared': 'Invitation shared.',
  'room.invite.qr': 'Show QR code',
  'room.invite.qrHide': 'Hide QR code',
  'room.invite.qrAlt': 'QR code of the invitation link',
  'room.invite.qrCaption': 'Scan it with a phone: it opens the invitation link.',
  'room.invite.copyFailed': 'Copying failed – select the link and copy it yourself.',
  'room.seats.h': 'Seats',
  'room.waiting': 'The round starts by itself as soon as every seat is taken.',
  'room.seat.free': 'free',
  'room.seat.you': '(you)',
  'room.join.h': 'Join the game',
  'room.join.intro': 'A seat in this room is still free.',
  'room.join.submit': 'Join',
  'room.spectator': 'You are watching. Every seat is taken.',
  'room.notFound': 'This room does not exist. Check the link or open a new room.',
  'conn.online': 'Connected.',
  'conn.connecting': 'Connecting …',
  'conn.retry': 'Connection to the server interrupted – the page keeps trying …',
  'conn.retryShort': 'Connection interrupted\u00a0…',

  'local.computerName': 'Computer {n}',


  'table.round': 'Round {n}',
  'table.players': 'At the table (clockwise)',
  'table.line': 'Line of play',
  'table.lineEmpty': 'The line is empty.',
  'table.endLeft': 'Left: {n}',
  'table.endRight': 'Right: {n}',
  'table.boneyard': 'Boneyard: {n} tiles',
  'table.boneyard1': 'Boneyard: 1 tile',
  'table.hand': 'Your hand',
  'table.place': 'Play',
  'table.actions': 'Actions',
  'table.draw': 'Draw',
  'table.pass': 'Pass',
  'table.log': 'History',
  'table.logEmpty': 'No moves yet.',
  'table.tile': 'Tile {t}',
  'table.sort': 'Sort',
  'table.fitsLeft': 'fits on the left',
  'table.fitsRight': 'fits on the right',
  'table.fitsBoth': 'fits on the left and the right',
  'table.fitsAny': 'fits: you open',
  'table.placeLeft': 'Play {t} on the left',
  'table.placeRight': 'Play {t} on the right',
  'table.placeOnly': 'Play {t}',
  'table.you': 'You',
  'table.youNamed': 'You ({name})',
  'table.since': 'here since round {n}',
  'table.heir': '{name} takes over from the next round',
  'table.tiles': '{n} tiles',
  'table.tiles1': '1 tile',
  'table.connected': 'connected',
  'table.away': 'away',
  'table.computer': 'Computer, {level}',
  'table.wins': 'wins {w}',
  'table.winsOf': 'wins {w} of {n}',
  'table.shared': 'shared {s}',
  'table.turnMark': 'to play',
  'table.unknown': 'connection unknown',
  'table.sideToggle': 'History & settings',
  'table.sideClose': 'Close',
  'table.sending': 'Sending …',
  'table.restoring': 'Restoring the connection …',

  'deed.open': 'opens with {t}',
  'deed.playLeft': 'plays {t} on the left',
  'deed.playRight': 'plays {t} on the right',
  'deed.draw': 'draws {n}',
  'deed.pass': 'passes',

  'settings.h': 'Settings',
  'settings.tempo': 'Pace',
  'settings.sound': 'Sound',
  'tempo.langsam': 'slow',
  'tempo.normal': 'normal',
  'tempo.schnell': 'fast',
  'keys.hint': 'Keys: 1 to 9 (0 for the tenth) picks a tile of your hand, full stop the next one, comma the one before, L plays it on the left, R on the right, Z draws, P passes, N starts the next round.',
  'attention.title': 'Your turn',

  'status.yourTurn': 'It is your turn.',
  'status.turnOf': "It is {name}'s turn.",
  'status.over': 'The round is over.',
  'status.ends': 'Open ends: left {l}, right {r}.',
  'status.empty': 'The line is empty: the first tile is free.',
  'status.last': 'Last: {what}',
  'status.spectating': 'You are watching.',
  'status.drawn': 'Drawn: {t}.',

  'log.openYou': 'You open with {t}.',
  'log.open': '{name} opens with {t}.',
  'log.playYouLeft': 'You play {t} on the left.',
  'log.playYouRight': 'You play {t} on the right.',
  'log.playLeft': '{name} plays {t} on the left.',
  'log.playRight': '{name} plays {t} on the right.',
  'log.drawYou': 'You draw a tile.',
  'log.draw': '{name} draws a tile.',
  'log.drawManyYou': 'You draw {n} tiles.',
  'log.drawMany': '{name} draws {n} tiles.',
  'log.passYou': 'You pass.',
  'log.pass': '{name} passes.',

  'preview.none': 'Choose a tile to see where it fits.',
  'preview.notTurn': '{t}: it is not your turn.',
  'preview.open': '{t} opens the line.',
  'preview.left': '{t} fits on the left (the {l}).',
  'preview.right': '{t} fits on the right (the {r}).',
  'preview.both': '{t} fits on the left (the {l}) and on the right (the {r}).',
  'preview.noFit': '{t} fits neither end.',
  'preview.mustDraw': 'No tile fits: draw a tile.',
  'preview.mustPass': 'No tile fits and the boneyard is empty: pass.',

  'why.draw': 'Drawing is not allowed: {reason}.',
  'why.pass': 'Passing is not allowed: {reason}.',
  'why.notTurn': 'it is not your turn',
  'why.over': 'the round is over',
  'why.emptyLine': 'the line is empty, play any tile',
  'why.fits': '{t} fits {end}',
  'why.boneyard': 'the boneyard is not empty, draw',
  'why.emptyBoneyard': 'the boneyard is empty',
  'why.spectator': 'you are only watching',
  'end.left': 'on the left',
  'end.right': 'on the right',
  'end.both': 'on the left and on the right',

  'result.h': 'End of the round',
  'result.dominoYou': 'You win the round with an empty hand.',
  'result.domino': '{name} wins the round with an empty hand.',
  'result.blockedYou': 'Blocked: you win with {p} pips, the lowest sum.',
  'result.blocked': 'Blocked: {name} wins with {p} pips, the lowest sum.',
  'result.shared': 'Blocked: the round is shared by {names} ({p} pips each). Nobody gets a win.',
  'result.player': 'Player',
  'result.youShared': 'you',
  'result.tilesCol': 'Tiles in hand',
  'result.pipsCol': 'Pips',
  'result.outcomeCol': 'Result',
  'result.win': 'win',
  'result.share': 'shared',
  'result.emptyHand': 'none',
  'result.next': 'Next round',
  'result.rematch': 'Rematch',
  'match.won': '{name} wins the match {score}.',
  'match.youWon': 'You win the match {score}.',
  'match.shared': '({n} shared)',
  'match.h': 'Match over',
  'match.target': 'Match to {n} wins',
  'result.nextStarter': '{name} opens the next round.',
  'result.nextStarterYou': 'You open the next round.',

  'tips.switch': 'Learn with tips',
  'tips.remaining': 'Tips for {n} more of 3 actions (play, draw or pass).',
  'tips.wait': 'The tip comes as soon as it is your turn.',

  // rooms that survive real people: turn time, stand-ins, leaving, the ready step, the history
  'form.targetNone': 'no end',
  'clock.you': 'Your turn: {s} s left',
  'clock.other': "{name}'s turn: {s} s left",
  'clock.away': 'In {s} s a computer plays for {name}',
  'clock.awayShort': '{name}: computer in {s} s',
  'clock.standIn': 'Computer plays for {name}',
  'clock.standInYou': 'Computer plays for you',
  'clock.warnYou': '10 seconds left for your turn.',
  'clock.warn': '10 seconds left for {name}.',
  'clock.noLimit': 'No time limit',
  'seat.computerPlays': 'computer plays',
  'seat.left': 'left the room',
  'seat.ready': 'ready',
  'log.standIn': 'Computer plays for {name}: {what}.',
  'log.standInYou': 'Computer plays for you: {what}.',
  'log.act.open': 'opens with {t}',
  'log.act.playLeft': 'plays {t} on the left',
  'log.act.playRight': 'plays {t} on the right',
  'log.act.draw': 'draws a tile',
  'log.act.drawMany': 'draws {n} tiles',
  'log.act.pass': 'passes',
  'ready.waiting': 'Waiting for {names}.',
  'ready.youObject': 'you',
  'ready.you': 'You are ready.',
  'ready.all': 'Everyone is ready.',
  'ready.hint': 'The next round starts once everyone at the table has chosen “Next round”.',
  'leave.button': 'Leave the room',
  'leave.confirm': 'Really leave? A computer plays on for you, and you cannot come back to this seat.',
  'leave.yes': 'Yes, leave the room',
  'leave.no': 'Cancel',
  'leave.done': 'You left the room. A computer plays on in your seat.',
  'leave.home': 'To the start page',
  'history.h': 'Round overview',
  'history.empty': 'No round finished yet.',
  'history.round': 'Round',
  'history.starter': 'Opened by',
  'history.how': 'Outcome',
  'history.winners': 'Winners',
  'history.pips': 'Pips in hand',
  'history.pipsOf': '{name} {n}',
  'history.domino': 'Empty hand',
  'history.blocked': 'Blocked',
  'history.shared': 'Blocked, shared',
  'history.nobody': 'nobody',
  'error.reaction_too_soon': 'One reaction every three seconds.',
  'error.too_many_rooms': 'Too many rooms are open from your address. Leave one under “My rooms” or try again in a few minutes (a room nobody sits at no longer counts then).',
  'error.left': 'You left this room.',

  'error.invalid_action': 'This action is not valid.',
  'error.round_over': 'The round is already over.',
  'error.not_your_turn': 'It is not your turn.',
  'error.tile_not_in_hand': 'This tile is not in your hand.',
  'error.tile_does_not_fit': 'This tile does not fit there: the touching halves must be equal.',
  'error.must_play': 'A tile in your hand fits: you must play it instead of drawing or passing.',
  'error.cannot_draw': 'Drawing is not allowed now: the line is empty or the boneyard is used up.',
  'error.cannot_pass': 'You may pass only when no tile fits and the boneyard is empty.',
  'error.round_not_over': 'The round is still going.',
  'error.stale_version': 'The game changed in the meantime. You now see the current state – please choose again.',
  'error.bad_message': 'The message to the server was malformed.',
  'error.too_large': 'The message to the server was too large.',
  'error.rate_limited': 'Too many actions at once – please wait a moment.',
  'error.hello_first': 'The connection was not signed in yet. It is being rebuilt.',
  'error.bad_credential': 'Your saved access is not valid for this room. You are watching now.',
  'error.spectator': 'Spectators cannot play.',
  'error.not_started': 'The round has not started yet.',
  'error.room_not_found': 'This room does not exist.',
  'error.room_full': 'The room is full by now. You can watch.',
  'error.already_seated': 'You already have a seat at this table (or are taking one over). A browser plays at an open table only once.',
  'error.too_many_seats': 'Several people from your address already sit at open tables that are still waiting for players. As soon as one of them starts, you can join again (everyone on the same network shares the address).',
  'error.bad_profile_key': 'Your browser sent no valid key for the profile.',
  'error.profile_not_found': 'This profile does not exist (any more).',
  'error.device_code_wrong': 'There is no such code. Check the eight characters and try again.',
  'error.device_code_expired': 'The code has expired (it lasts 10 minutes). Ask the other browser for a new one.',
  'error.device_code_used': 'This code has been used already. Each code works once.',
  'error.invalid_name': 'The name must be 1 to 24 characters, without control characters.',
  'error.bad_origin': 'The connection was refused (wrong page origin).',
  'error.replaced': 'This seat is now open in another tab. Reload the page to play here again.',
  'error.server_error': 'The server could not store that just now; nothing was changed. Please try again.',
  'error.room_moved': 'The room is moving to another server; reconnecting.',
  'error.server_full': 'The server is full right now. Please try again later.',
  'error.cross_site': 'This request came from another website and was refused.',
  'error.bad_request': 'The request was malformed.',
  'error.not_found': 'This address does not exist.',
  'error.method_not_allowed': 'This request is not allowed here.',
  'error.round_not_found': 'This room has no such round.',
  'error.round_in_progress': 'This round is still being played. It can be watched once it is over.',
  'error.network': 'The server is not answering right now. Please try again in a moment.',
  'error.undelivered': 'What you chose last did not reach the server before the connection broke. Please choose it again.',
  'error.offline': 'Not sent: the connection to the server is interrupted. Once it is back you can make your move.',
  'error.pending': 'Your last move is still on its way – waiting for the server to answer. Please wait a moment.',
  'error.unknown': 'Something went wrong ({code}).',
  'replay.link': 'Watch the round',
  'replay.endNote': '"Play" shows the round again from the start, "Back" step by step.',
  'replay.keys': 'Keys: left arrow goes one step back, right arrow one step on, Home jumps to the start, End to the last step.',
  'stats.h': 'Statistics',
  'watch.option': 'Just watch',
  'watch.optionHint': 'The computers play each other while you watch.',
  'nav.puzzles': 'Puzzles',
  // one reason for a play (web/learn/reasons.js), in the tips and the round's analysis
  // the round's analysis: its link at a round's end (the rest in learn/analysis-strings.js)
  'an.link': 'Analyse the round',
};

export const STRINGS = { de: DE, en: EN };

/**
 * Adds the words of one part of the app (its own module, loaded with that part, so that a page
 * loads only the words it shows): `de` and `en` are key -> text tables as above.
 * @throws {Error} a key that is already there (two parts may not share a key).
 */
export function addWords(de, en) {
  for (const key of [...Object.keys(de), ...Object.keys(en)]) {
    if ((key in de && key in DE) || (key in en && key in EN)) throw new Error(`the word ${key} is there twice`);
  }
  Object.assign(DE, de);
  Object.assign(EN, en);
}

let current = 'de';

function storage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage blocked (privacy mode): the switch still works for this page
  }
}

/** The current language, 'de' or 'en'. */
export function lang() {
  return current;
}

/**
 * A UI string in the current language (German when the key has no translation).
 * @param {string} key
 * @param {Record<string, string|number>} [params]  fills `{name}` placeholders.
 * @returns {string} plain text; unknown keys come back as the key itself.
 */
export function t(key, params) {
  let text = STRINGS[current][key] ?? DE[key] ?? key;
  if (params) text = text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
  return text;
}

/** The words for an error code (server or engine refusal), never a raw message. */
export function errorText(code) {
  const key = `error.${code}`;
  return key in DE ? t(key) : t('error.unknown', { code: String(code) });
}

/** Reads the remembered language (German when none or unknown). */
export function loadLang() {
  let saved = null;
  try {
    saved = storage()?.getItem(LANG_KEY) ?? null;
  } catch {
    saved = null;
  }
  current = LANGS.includes(saved) ? saved : 'de';
  return current;
}

const listeners = new Set();

/** Calls `fn(lang)` after every language change; returns an unsubscribe function. */
export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * Switches the language, remembers it, translates the page and tells the listeners.
 * @param {'de'|'en'} next
 */
export function setLang(next) {
  if (!LANGS.includes(next)) throw new RangeError(`Unknown language ${next}`);
  current = next;
  try {
    storage()?.setItem(LANG_KEY, next);
  } catch {
    // not remembered, still switched
  }
  if (globalThis.document) translatePage(globalThis.document);
  for (const fn of listeners) fn(next);
}

/**
 * Applies the current language to a document: `lang` on <html>, `data-i18n` text,
 * `data-i18n-attr` attributes, `data-lang` blocks and the title (`data-i18n-title` on <html>).
 * @param {Document} doc
 */
export function translatePage(doc) {
  const root = doc.documentElement;
  root.lang = current;
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (doc.querySelectorAll('[data-i18n]'))) setText(el, t(el.dataset.i18n));
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (doc.querySelectorAll('[data-i18n-attr]'))) {
    for (const pair of el.dataset.i18nAttr.split(';')) {
      const [attr, key] = pair.split(':');
      if (attr && key) el.setAttribute(attr.trim(), t(key.trim()));
    }
  }
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (doc.querySelectorAll('[data-lang]'))) el.hidden = el.dataset.lang !== current;
  if (root.dataset.i18nTitle) doc.title = t(root.dataset.i18nTitle);
}

/**
 * Starts i18n on a page: reads the remembered language, translates the page and wires every
 * `[data-lang-switch]` button to toggle between German and English.
 * @param {Document} doc
 */
export function initPage(doc) {
  loadLang();
  translatePage(doc);
  for (const button of doc.querySelectorAll('[data-lang-switch]')) {
    button.addEventListener('click', () => setLang(current === 'de' ? 'en' : 'de'));
  }
}
