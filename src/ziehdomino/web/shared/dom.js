/**
 * @file Small DOM helpers shared by the table's parts. All text goes in through textContent
 * (names are data, never markup).
 */

/** Tiny element builder: h('p', {class: 'x', text: 'y', attrs: {id: 'z'}}, ...children). */
export function h(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  if (props.class) node.className = props.class;
  if (props.text !== undefined) node.textContent = props.text;
  if (props.attrs) for (const [k, v] of Object.entries(props.attrs)) node.setAttribute(k, v);
  for (const child of children) if (child) node.append(child);
  return node;
}

/** Sets a node's text only when it differs (no mutation while nothing changes). */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
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
