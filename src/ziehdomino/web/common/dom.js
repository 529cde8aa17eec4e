/**
 * @file The one small DOM kit every module builds and updates its elements with. All text goes
 * in through textContent (names are data, never markup).
 */
// @ts-check

const SVG = 'http://www.w3.org/2000/svg';

/** Sets each attribute: true as an empty (boolean) attribute, false, null or undefined left out. */
function putAttrs(node, attrs) {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === true) node.setAttribute(name, '');
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(name, String(value));
  }
}

/**
 * An HTML element: h('p', {class: 'x', text: 'y', attrs: {id: 'z'}}, ...children). Children
 * that are empty (null, false, '') are left out, so a part can be given conditionally.
 */
export function h(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  if (props.class) node.className = props.class;
  if (props.text !== undefined) node.textContent = props.text;
  if (props.attrs) putAttrs(node, props.attrs);
  for (const child of children) if (child) node.append(child);
  return node;
}

/** An SVG element with its attributes (numbers written as they are) and optional text. */
export function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  putAttrs(node, attrs);
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * @typedef {HTMLFormElement & {readonly elements: HTMLFormControlsCollection & Record<string, any>}} NamedForm
 * A form whose controls the pages read by name (`form.elements.name`, `form.elements['level-2']`).
 */

/**
 * The page's element with this id (the page modules' fixed parts of the HTML, so never null).
 * @param {string} id
 * @returns {HTMLElement}
 */
export function byId(id) {
  return /** @type {HTMLElement} */ (document.getElementById(id));
}

/**
 * Marks `form` as listened to by its page's module (call it right after adding the submit
 * listener); a submit that first-paint.js held while the module loaded is sent again now.
 * @param {HTMLFormElement} form
 */
export function formReady(form) {
  form.dataset.ready = '1';
  const held = /** @type {any} */ (globalThis).ziehdominoHeldForms;
  // once every module of the page has run (what the listener needs may be set up below it)
  if (held?.delete(form)) setTimeout(() => form.requestSubmit(), 0);
}

/** Sets a node's text only when it differs (no mutation while nothing changes). */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/**
 * The nodes of a sentence with each tile name in it ("3|5") in a `span.tile-name`, which the
 * table's CSS keeps on one line (a line may otherwise break after the bar, as Firefox does).
 * The text stays the same.
 * @param {string} text
 * @returns {(string|HTMLElement)[]}
 */
export function tileWords(text) {
  return text.split(/(\d\|\d)/).filter(Boolean)
    .map((part) => (/^\d\|\d$/.test(part) ? h('span', { class: 'tile-name', text: part }) : part));
}

/** Sets a node's text as `setText` does, each tile name in it kept on one line (`tileWords`). */
export function setTileText(node, text) {
  if (node.textContent !== text) node.replaceChildren(...tileWords(text));
}

/** Sets or removes an attribute only when it differs. */
export function setAttr(node, name, value) {
  if (value === null || value === undefined) {
    if (node.hasAttribute(name)) node.removeAttribute(name);
  } else if (node.getAttribute(name) !== String(value)) node.setAttribute(name, String(value));
}

/** Text for screen readers only. */
export function srText(text) {
  return h('span', { class: 'sr-only', text });
}

/**
 * A memory of what each part last drew: `changed(part, value)` is true (and remembers) when
 * `value` differs from the last one seen for `part`; `forget()` makes everything draw again.
 */
export function signatures() {
  const sig = new Map();
  return {
    changed(part, value) {
      const s = typeof value === 'string' ? value : JSON.stringify(value);
      if (sig.get(part) === s) return false;
      sig.set(part, s);
      return true;
    },
    drop(part) {
      sig.delete(part);
    },
    forget() {
      sig.clear();
    },
  };
}
