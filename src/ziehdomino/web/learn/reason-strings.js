/**
 * @file The words of the reasons a tip or an analysis gives (learn/reasons.js), German and English: added to common/i18n.js's tables when the part that
 * shows them loads.
 */
// @ts-check

import { addWords } from '../common/i18n.js';

addWords({
  'reason.lacksOne': 'keine {a}',
  'reason.lacksTwo': 'keine {a} und keine {b}',
  'reason.and': '{a} und {b}',
  'reason.how.draw': 'hat bei {ends} gezogen',
  'reason.how.pass': 'hat bei {ends} gepasst',
  'reason.blocksAll': '{name} hat {lacks} ({how}) und muss nach diesem Zug ziehen oder passen.',
  'reason.blocksOne': '{name} hat keine {n} ({how}): an die {n} kann {name} nicht anlegen.',
  'reason.keep': 'Danach liegen {l} und {r} offen, und dazu hast du noch {k} Steine: du kannst weiter anlegen.',
  'reason.keepSame': 'Danach liegen zwei {n} offen, und dazu hast du noch {k} Steine: du kannst weiter anlegen.',
  'reason.keepOne': 'Danach hast du noch einen Stein für die offenen Enden {l} und {r}.',
  'reason.keepOneSame': 'Danach liegen zwei {n} offen, und dazu hast du noch einen Stein.',
  'reason.overallKnown': 'Alle Steine sind bekannt: mit diesem Zug geht die Runde bei bestem Spiel beider Seiten besser aus.',
  'reason.overall': 'Ein einfacher Grund sticht hier nicht heraus: Stark hat beide Züge oft zu Ende gespielt, und dieser gewann in etwa {k} von 10 Fällen, deiner in etwa {j} von 10.',
  'reason.overallPlain': 'Ein einfacher Grund sticht hier nicht heraus: Stark hat die Züge oft zu Ende gespielt, und dieser gewann öfter.',
  'reason.playouts': 'Ein einfacher Grund sticht hier nicht heraus: Stark hat die möglichen Züge oft zu Ende gespielt, und mit diesem gewann er am häufigsten, in etwa {k} von 10 Fällen.',
  'reason.heavy': 'So geht der schwere {t} ({p} Augen) weg: bei einer Blockade zählen die Augen in deiner Hand.',
  'reason.double': 'Ein Doppelstein wie {t} passt nur an eine Zahl; jetzt passt er.',
  'reason.keepsHeavy': 'Den schwereren {t} ({p} Augen) behältst du hier, obwohl schwere Steine sonst früh weg sollen (siehe Regeln): der Grund davor wiegt hier mehr.',
  'reason.chance': 'Stark hat mit diesem Zug in etwa {k} von 10 ausgespielten Fällen gewonnen, {alt} in etwa {j} von 10.',
}, {
  'reason.lacksOne': 'no {a}',
  'reason.lacksTwo': 'no {a} and no {b}',
  'reason.and': '{a} and {b}',
  'reason.how.draw': 'drew at {ends}',
  'reason.how.pass': 'passed at {ends}',
  'reason.blocksAll': '{name} has {lacks} ({how}) and must draw or pass after this move.',
  'reason.blocksOne': '{name} has no {n} ({how}): {name} cannot play on the {n}.',
  'reason.keep': 'Then {l} and {r} are open, and you still hold {k} tiles for them: you can keep playing.',
  'reason.keepSame': 'Then two {n}s are open, and you still hold {k} tiles for them: you can keep playing.',
  'reason.keepOne': 'Then you still hold one tile for the open ends {l} and {r}.',
  'reason.keepOneSame': 'Then two {n}s are open, and you still hold one tile for them.',
  'reason.overallKnown': 'Every tile is known: with this move the round ends better when both sides play their best.',
  'reason.overall': 'No simple reason stands out here: Stark played both moves to the end many times, and this one won in about {k} of 10 cases, yours in about {j} of 10.',
  'reason.overallPlain': 'No simple reason stands out here: Stark played the moves to the end many times, and this one won more often.',
  'reason.playouts': 'No simple reason stands out here: Stark played the possible moves to the end many times, and this one won most often, in about {k} of 10 cases.',
  'reason.heavy': 'The heavy {t} ({p} pips) goes: in a blocked round the pips in your hand count.',
  'reason.double': 'A double like {t} fits only one number; now it fits.',
  'reason.keepsHeavy': 'You keep the heavier {t} ({p} pips) here, although heavy tiles should usually go early (see the rules): the reason before weighs more here.',
  'reason.chance': 'Stark won with this move in about {k} of 10 played-out cases, {alt} in about {j} of 10.',
});
