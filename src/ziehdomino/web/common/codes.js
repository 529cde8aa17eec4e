/**
 * @file Every code that crosses the wire: close codes and error codes (docs/protocol.md).
 *
 * Written from src/ziehdomino/server/protocol/codes.py by scripts/write-codes-js; a test fails when
 * the two differ. Do not edit by hand.
 */
// @ts-check

/** WebSocket close codes the server sends, by name. */
export const CLOSE = Object.freeze({
  "NORMAL": 1000,
  "GOING_AWAY": 1001,
  "TOO_LARGE": 1009,
  "SERVER_ERROR": 1011,
  "BAD_HELLO": 4400,
  "BAD_CREDENTIAL": 4401,
  "BAD_ORIGIN": 4403,
  "UNKNOWN_ROOM": 4404,
  "TOO_SLOW": 4408,
  "REPLACED": 4409,
  "LEFT": 4410,
  "TOO_MANY": 4429,
  "ROOM_MOVED": 4503
});

/** Close codes after which reconnecting with the same hello cannot help, and the error code shown. */
export const FINAL_CLOSES = Object.freeze({
  "4400": "bad_message",
  "4401": "bad_credential",
  "4403": "bad_origin",
  "4404": "room_not_found",
  "4409": "replaced",
  "4410": "left"
});

/** Codes of error messages and HTTP error bodies; the engine's refusal codes first. */
export const ERROR_CODES = Object.freeze([
  "invalid_action",
  "round_over",
  "not_your_turn",
  "tile_not_in_hand",
  "tile_does_not_fit",
  "must_play",
  "cannot_draw",
  "cannot_pass",
  "round_not_over",
  "stale_version",
  "bad_message",
  "too_large",
  "rate_limited",
  "hello_first",
  "bad_credential",
  "spectator",
  "not_started",
  "room_not_found",
  "room_full",
  "invalid_name",
  "bad_request",
  "not_found",
  "method_not_allowed",
  "server_full",
  "cross_site",
  "room_moved",
  "server_error",
  "round_not_found",
  "round_in_progress",
  "too_many_rooms",
  "reaction_too_soon",
  "already_seated",
  "too_many_seats",
  "bad_profile_key",
  "profile_not_found",
  "device_code_wrong",
  "device_code_expired",
  "device_code_used"
]);
