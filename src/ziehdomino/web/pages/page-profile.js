/**
 * @file The page "Profil" (/profil; docs/profile.md): the name, the level, a code (and its QR
 * code) that brings the profile to another device, the field that takes one by such a code
 * (`/profil#code=ABCD-EFGH` offers it at once), the download, signing out on this device and
 * deleting. Opening the page makes the profile when the browser has none (common/profile.js).
 */
// @ts-check
/** @import { NamedForm } from '../common/dom.js' */

import { levelText, roundsText } from './profile-strings.js';
import { byId, formReady, h, setText } from '../common/dom.js';
import { errorText, initPage, lang, onLangChange, t } from '../common/i18n.js';
import { NAME_KEY, deleteProfile, deviceCode, enterProfile, exportProfile, forgetHere, keptProfile, loadProfile,
  renameProfile, takeProfile } from '../common/profile.js';
import { readName, wireName } from './name-field.js';

initPage(document);

const storage = localStorage;
/** @type {(url: string, init?: RequestInit) => Promise<Response>} */
const fetchFn = (url, init) => fetch(url, init);
const status = byId('profile-status');
const parts = byId('profile-parts');
const dataCard = byId('data-card');
const nameForm = /** @type {NamedForm} */ (byId('name-form'));
const nameError = byId('name-error');
const nameSaved = byId('name-saved');
const takeForm = /** @type {NamedForm} */ (byId('take-form'));
const takeError = byId('take-error');
wireName(nameForm.elements.name);

/** What status shows: a key of the words (kept so that the language switch redraws it). */
let said = { key: 'profile.loading', params: undefined };
function say(key, params) {
  said = { key, params };
  setText(status, key ? t(key, params) : '');
}
onLangChange(() => say(said.key, said.params));

/** Shows the profile the server sent (the level "?" until it is there and not provisional). */
function show(profile) {
  parts.hidden = false;
  dataCard.hidden = false;
  nameForm.elements.name.value = profile.name;
  setText(byId('profile-level'), levelText(profile));
  setText(byId('profile-rounds'), roundsText(profile));
  byId('profile-level-note').hidden = levelText(profile) !== '?';
  byId('public-link').setAttribute('href', `/p/${encodeURIComponent(profile.id)}`);
}

/** Hides every part of a profile (signed out, deleted) and says why. */
function gone(key) {
  parts.hidden = true;
  dataCard.hidden = true;
  byId('device-box').hidden = true;
  say(key);
}

/** The profile of this browser, made when it has none (with the name it used last, if any). */
async function open() {
  try {
    let profile = keptProfile(storage) ? await loadProfile(storage, fetchFn) : null;
    if (!profile) {
      let name = null;
      try {
        name = storage.getItem(NAME_KEY);
      } catch {
        name = null;
      }
      await enterProfile(storage, name, fetchFn).catch(() => enterProfile(storage, null, fetchFn));
      profile = await loadProfile(storage, fetchFn);
    }
    if (!profile) throw new Error('no profile');
    show(profile);
    say('');
  } catch (error) {
    say('profile.failed');
    setText(status, `${t('profile.failed')} ${errorText(error.code ?? 'network')}`);
  }
}

nameForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  setText(nameSaved, '');
  const name = readName(nameForm, nameError);
  if (name === null) return;
  try {
    const profile = await renameProfile(storage, name, fetchFn);
    nameForm.elements.name.value = profile.name;
    setText(nameSaved, t('profile.name.saved'));
  } catch (error) {
    setText(nameError, errorText(error.code));
  }
});
formReady(nameForm);

/** "Auf anderem Gerät weiterspielen": a fresh code, its end and its QR code. */
byId('device-button').addEventListener('click', async () => {
  const error = byId('device-error');
  setText(error, '');
  try {
    const issued = await deviceCode(storage, fetchFn);
    setText(byId('device-code'), issued.code);
    const until = new Date(issued.expires * 1000).toLocaleTimeString(lang() === 'de' ? 'de-DE' : 'en-GB',
      { hour: '2-digit', minute: '2-digit' });
    setText(byId('device-until'), t('profile.device.until', { time: until }));
    const qr = /** @type {HTMLImageElement} */ (byId('device-qr'));
    const { svg: picture } = issued; // the QR code's SVG text
    qr.hidden = typeof picture !== 'string';
    if (!qr.hidden) qr.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(picture)}`;
    byId('device-box').hidden = false;
  } catch (failure) {
    setText(error, errorText(failure.code));
  }
});

/** The code in the address (`#code=ABCD-EFGH`, from the other device's QR code), or ''. */
function codeInAddress() {
  const match = /(?:^#|&)code=([^&]*)/.exec(location.hash);
  return match ? decodeURIComponent(match[1]) : '';
}

takeForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const code = String(takeForm.elements.code.value).trim();
  setText(takeError, code ? '' : t('profile.take.empty'));
  if (!code) {
    takeForm.elements.code.focus();
    return;
  }
  try {
    const profile = await takeProfile(storage, code, fetchFn);
    history.replaceState(null, '', location.pathname); // the code is used: out of the address
    byId('take-offer').hidden = true;
    takeForm.elements.code.value = '';
    show(profile);
    say('profile.take.done', { name: profile.name });
    const full = await loadProfile(storage, fetchFn).catch(() => null);
    if (full) show(full);
  } catch (error) {
    setText(takeError, errorText(error.code));
  }
});
formReady(takeForm);

byId('download').addEventListener('click', async () => {
  setText(byId('data-error'), '');
  try {
    const text = await exportProfile(storage, fetchFn);
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const link = h('a', { attrs: { href: url, download: 'ziehdomino-profil.json', hidden: true } });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (error) {
    setText(byId('data-error'), errorText(error.code));
  }
});

wireConfirm();

/** "Von diesem Gerät abmelden" and "Profil löschen": each asks once, in one box under them. */
function wireConfirm() {
  const box = byId('confirm');
  const yes = byId('confirm-yes');
  let pending = null; // the action asked about
  const ask = (button, kind, action) => button.addEventListener('click', () => {
    pending = action;
    yes.dataset.i18n = `profile.${kind}.yes`;
    setText(yes, t(yes.dataset.i18n));
    const question = byId('confirm-question');
    question.dataset.i18n = `profile.${kind}.ask`;
    setText(question, t(question.dataset.i18n));
    box.hidden = false;
    yes.focus();
  });
  ask(byId('logout'), 'logout', async () => {
    forgetHere(storage);
    gone('profile.logout.done');
  });
  ask(byId('delete'), 'delete', async () => {
    await deleteProfile(storage, fetchFn);
    gone('profile.delete.done');
  });
  yes.addEventListener('click', async () => {
    setText(byId('data-error'), '');
    try {
      await pending?.();
      box.hidden = true;
      status.focus?.();
    } catch (error) {
      setText(byId('data-error'), errorText(error.code));
    }
  });
  byId('confirm-no').addEventListener('click', () => {
    box.hidden = true;
    pending = null;
  });
}

const offered = codeInAddress();
if (offered) {
  // Another device's QR code: offer to take its profile; this browser's own is not made first.
  takeForm.elements.code.value = offered;
  byId('take-offer').hidden = false;
  if (keptProfile(storage)) open();
  else say('');
  takeForm.querySelector('button')?.focus();
} else {
  open();
}
