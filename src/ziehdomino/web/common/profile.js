/**
 * @file This browser's profile (docs/profile.md; docs/protocol.md, "Profiles"): made the first
 * time the browser needs one (quick play, joining or opening a room, the page "Profil") with the
 * holder key as its key, kept here as `{id, name}` so that every name field shows its name, and
 * renamed when a form sends another name. The key travels in the `X-Ziehdomino-Profile` header,
 * never in a URL. Every function takes the storage and `fetch`, so that node's tests give fakes.
 */
// @ts-check

import { dropHolderKey, holderKey, keepHolderKey } from './holder.js';

/** The localStorage key of the profile kept: `{"id", "name"}`. */
export const PROFILE_KEY = 'ziehdomino.profile';
/** The localStorage key of the name used last (before there was a profile, and for a local game). */
export const NAME_KEY = 'ziehdomino.name';
/** The request header that carries the profile's key. */
export const PROFILE_HEADER = 'X-Ziehdomino-Profile';

/** @typedef {{id: string, name: string}} KeptProfile */
/** @typedef {(url: string, init?: RequestInit) => Promise<Response>} Fetch */

/** A refusal by the server (its error code), or 'network' when it did not answer. */
export class ProfileError extends Error {
  /** @param {string} code  @param {number} [status] */
  constructor(code, status = 0) {
    super(code);
    this.code = code;
    this.status = status;
  }
}

/**
 * The profile this browser keeps, or null (none made yet, or storage off or unreadable).
 * @param {Storage} storage
 * @returns {KeptProfile|null}
 */
export function keptProfile(storage) {
  try {
    const kept = JSON.parse(storage.getItem(PROFILE_KEY) ?? 'null');
    if (kept && typeof kept.id === 'string' && typeof kept.name === 'string' && kept.name) {
      return { id: kept.id, name: kept.name };
    }
  } catch {
    // nothing kept, or not readable: none
  }
  return null;
}

/** Keeps `{id, name}` of a profile the server sent; returns it. */
function keep(storage, profile) {
  const kept = { id: String(profile.id), name: String(profile.name) };
  try {
    storage.setItem(PROFILE_KEY, JSON.stringify(kept));
    storage.setItem(NAME_KEY, kept.name);
  } catch {
    // not kept: the next page asks the server again
  }
  return kept;
}

/** Forgets the kept profile only (its key stays: a profile deleted elsewhere). */
function unkeep(storage) {
  try {
    storage.removeItem(PROFILE_KEY);
  } catch {
    // nothing kept
  }
}

/**
 * Sends one request; the answer's JSON body, or a ProfileError with the server's code.
 * @param {Fetch} fetchFn
 * @param {string} url
 * @param {{method?: string, key?: string, body?: object}} how
 * @returns {Promise<any>}
 */
async function ask(fetchFn, url, { method = 'GET', key, body } = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (key) headers[PROFILE_HEADER] = key;
  if (method !== 'GET') headers['Content-Type'] = 'application/json';
  let response;
  try {
    response = await fetchFn(url, { method, headers, body: method === 'GET' ? undefined : JSON.stringify(body ?? {}) });
  } catch {
    throw new ProfileError('network');
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ProfileError(typeof data.code === 'string' ? data.code : 'unknown', response.status);
  return data;
}

/**
 * Makes this browser's profile, or gets the one its key has already (`POST /api/profile`),
 * and keeps it. Without a name the server names it "Gast NNNN".
 * @param {Storage} storage
 * @param {string|null} name
 * @param {Fetch} fetchFn
 * @returns {Promise<any>} the server's view of it
 */
export async function enterProfile(storage, name, fetchFn) {
  const body = name ? { holder: holderKey(storage), name } : { holder: holderKey(storage) };
  const profile = await ask(fetchFn, '/api/profile', { method: 'POST', body });
  keep(storage, profile);
  return profile;
}

/**
 * The profile as the server has it now (`GET /api/profile`, with its level when the server
 * gives one), kept; null when the key has no profile (deleted on another browser: forgotten here).
 * @param {Storage} storage
 * @param {Fetch} fetchFn
 */
export async function loadProfile(storage, fetchFn) {
  try {
    const profile = await ask(fetchFn, '/api/profile', { key: holderKey(storage) });
    keep(storage, profile);
    return profile;
  } catch (error) {
    if (error.code !== 'profile_not_found') throw error;
    unkeep(storage);
    return null;
  }
}

/**
 * Renames the profile (`PATCH /api/profile`; the server's name rule) and keeps the new name.
 * @param {Storage} storage
 * @param {string} name
 * @param {Fetch} fetchFn
 */
export async function renameProfile(storage, name, fetchFn) {
  const profile = await ask(fetchFn, '/api/profile', { method: 'PATCH', key: holderKey(storage), body: { name } });
  keep(storage, profile);
  return profile;
}

/**
 * The name a form seats this person with, the profile brought in line with it: with no profile
 * kept one is made when `make` (quick play, a room), named `name` unless the field still shows
 * its default (`isDefault`: the server's "Gast NNNN" is used then); a kept profile with another
 * name is renamed. A failing request never stops the game: `name` is used as it is.
 * @param {Storage} storage
 * @param {string} name  the form's name, already clean (common/names.js)
 * @param {{make: boolean, isDefault: boolean}} how
 * @param {Fetch} fetchFn
 * @returns {Promise<string>}
 */
export async function nameForSeat(storage, name, { make, isDefault }, fetchFn) {
  const kept = keptProfile(storage);
  try {
    if (kept) {
      if (isDefault || name === kept.name) return kept.name;
      return (await renameProfile(storage, name, fetchFn)).name;
    }
    if (!make) return name;
    const made = await enterProfile(storage, isDefault ? null : name, fetchFn);
    if (isDefault || made.name === name) return made.name;
    return (await renameProfile(storage, name, fetchFn)).name; // the key had a profile of another name
  } catch (error) {
    if (kept && error.code === 'profile_not_found') {
      unkeep(storage); // deleted on another browser: a new one for this key
      return nameForSeat(storage, name, { make, isDefault }, fetchFn);
    }
    return name;
  }
}

/**
 * A code that brings the profile to another browser (`POST /api/profile/device-code`):
 * `{code, expires, svg?}`, the SVG a QR code of the page that takes it.
 * @param {Storage} storage
 * @param {Fetch} fetchFn
 */
export function deviceCode(storage, fetchFn) {
  return ask(fetchFn, '/api/profile/device-code', { method: 'POST', key: holderKey(storage) });
}

/**
 * Takes the profile another browser showed `code` for (`POST /api/profile/device`): its key
 * becomes this browser's holder key, so that its rooms and seats follow; the profile is kept.
 * @param {Storage} storage
 * @param {string} code  as typed
 * @param {Fetch} fetchFn
 */
export async function takeProfile(storage, code, fetchFn) {
  const data = await ask(fetchFn, '/api/profile/device', { method: 'POST', body: { code: code.trim() } });
  if (!keepHolderKey(storage, String(data.holder))) throw new ProfileError('bad_profile_key');
  return keep(storage, data.profile);
}

/**
 * Everything stored about the profile (`GET /api/profile/export`), as the file's text.
 * @param {Storage} storage
 * @param {Fetch} fetchFn
 * @returns {Promise<string>}
 */
export async function exportProfile(storage, fetchFn) {
  let response;
  try {
    response = await fetchFn('/api/profile/export', { headers: { [PROFILE_HEADER]: holderKey(storage) } });
  } catch {
    throw new ProfileError('network');
  }
  if (!response.ok) {
    const data = await response.json().catch(() => ({}));
    throw new ProfileError(typeof data.code === 'string' ? data.code : 'unknown', response.status);
  }
  return response.text();
}

/**
 * Forgets the profile on this browser only ("Von diesem Gerät abmelden"): its key, the profile
 * and the name kept. The next request that needs a key makes a fresh one.
 * @param {Storage} storage
 */
export function forgetHere(storage) {
  dropHolderKey(storage);
  unkeep(storage);
  try {
    storage.removeItem(NAME_KEY);
  } catch {
    // nothing kept
  }
}

/**
 * Deletes the profile on the server (`DELETE /api/profile`), then here (forgetHere).
 * @param {Storage} storage
 * @param {Fetch} fetchFn
 */
export async function deleteProfile(storage, fetchFn) {
  try {
    await ask(fetchFn, '/api/profile', { method: 'DELETE', key: holderKey(storage) });
  } catch (error) {
    if (error.code !== 'profile_not_found') throw error; // gone already: forgotten here too
  }
  forgetHere(storage);
}
