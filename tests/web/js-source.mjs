// A small reader of the browser's JavaScript for the structure tests (tests/web/structure.test.mjs):
// a scanner that knows strings, template literals (with their `${…}` parts, nested), comments and
// regular expression literals, and on its tokens the imports of a module and the extent of its
// named functions. It is not a parser: it reads the code of this project, whose shape the tests
// in structure.test.mjs pin on tricky input.

const PUNCT = [
  '>>>=', '...', '===', '!==', '**=', '<<=', '>>=', '>>>', '&&=', '||=', '??=',
  '=>', '==', '!=', '<=', '>=', '&&', '||', '??', '?.', '++', '--', '+=', '-=', '*=', '/=', '%=',
  '&=', '|=', '^=', '**', '<<', '>>',
];
/** Words after which a `/` starts a regular expression, not a division. */
const BEFORE_REGEX = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw',
  'case', 'do', 'else', 'yield', 'await']);
/** Words that look like a call's name before `(…) {` but are statements. */
const KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'catch', 'function', 'return', 'with', 'else',
  'do', 'try', 'typeof', 'await', 'yield', 'new', 'delete', 'void', 'in', 'of', 'instanceof', 'case', 'throw']);

const isIdStart = (c) => /[A-Za-z_$\u00c0-\uffff]/.test(c);
const isIdPart = (c) => /[A-Za-z0-9_$\u00c0-\uffff]/.test(c);

/**
 * The tokens of `source`: `{type, value, line}` with type 'id' (names and keywords), 'num',
 * 'str' (a quoted string, value without quotes), 'tpl' (a whole template literal, its `${…}`
 * parts scanned for their own tokens, which follow it), 'regex' or 'punct'. Comments and
 * white space give none.
 * @param {string} source
 * @returns {{type: string, value: string, line: number}[]}
 */
export function tokenize(source) {
  const tokens = [];
  let i = 0;
  let line = 1;
  const braces = []; // per open `{` or `${`: whether it is a template's part
  const push = (type, value, at) => tokens.push({ type, value, line: at });
  const regexAllowed = () => {
    const last = tokens.at(-1);
    if (!last) return true;
    if (last.type === 'num' || last.type === 'str' || last.type === 'tpl' || last.type === 'regex') return false;
    if (last.type === 'id') return BEFORE_REGEX.has(last.value);
    return ![')', ']', '}', '++', '--'].includes(last.value);
  };
  /** Scans template text from `i` (just after "`" or a part's "}") to "`" or "${". */
  const templateText = () => {
    while (i < source.length) {
      const c = source[i];
      if (c === '\\') { i += 2; continue; }
      if (c === '\n') line++;
      if (c === '`') { i++; return; }
      if (c === '$' && source[i + 1] === '{') { i += 2; braces.push(true); return; }
      i++;
    }
    throw new SyntaxError(`unclosed template literal at line ${line}`);
  };
  while (i < source.length) {
    const c = source[i];
    const at = line;
    if (c === '\n') { line++; i++; continue; }
    if (/\s/.test(c)) { i++; continue; }
    if (c === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      if (end < 0) throw new SyntaxError(`unclosed comment at line ${line}`);
      line += (source.slice(i, end).match(/\n/g) ?? []).length;
      i = end + 2;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < source.length && source[j] !== c) {
        if (source[j] === '\n') throw new SyntaxError(`unclosed string at line ${line}`);
        j += source[j] === '\\' ? 2 : 1;
      }
      push('str', source.slice(i + 1, j), at);
      i = j + 1;
      continue;
    }
    if (c === '`') {
      i++;
      push('tpl', '`', at);
      templateText();
      continue;
    }
    if (c === '}' && braces.at(-1) === true) {
      braces.pop();
      i++;
      templateText();
      continue;
    }
    if (c === '/' && regexAllowed()) {
      let j = i + 1;
      let inClass = false;
      while (j < source.length && (inClass || source[j] !== '/')) {
        if (source[j] === '\n') throw new SyntaxError(`unclosed regular expression at line ${line}`);
        if (source[j] === '\\') j++;
        else if (source[j] === '[') inClass = true;
        else if (source[j] === ']') inClass = false;
        j++;
      }
      j++;
      while (j < source.length && isIdPart(source[j])) j++;
      push('regex', source.slice(i, j), at);
      i = j;
      continue;
    }
    if (isIdStart(c)) {
      let j = i + 1;
      while (j < source.length && isIdPart(source[j])) j++;
      push('id', source.slice(i, j), at);
      i = j;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(source[i + 1] ?? ''))) {
      let j = i + 1;
      while (j < source.length && /[0-9A-Za-z_.]/.test(source[j])) j++;
      push('num', source.slice(i, j), at);
      i = j;
      continue;
    }
    const long = PUNCT.find((p) => source.startsWith(p, i));
    const value = long ?? c;
    if (value === '{') braces.push(false);
    if (value === '}') braces.pop();
    push('punct', value, at);
    i += value.length;
  }
  return tokens;
}

/** For every opening bracket's index the index of its closing one (and back). */
function matching(tokens) {
  const pairs = new Map();
  const open = [];
  tokens.forEach((tok, k) => {
    if (tok.type !== 'punct') return;
    if ('([{'.includes(tok.value)) open.push(k);
    else if (')]}'.includes(tok.value)) {
      const from = open.pop();
      if (from === undefined) throw new SyntaxError(`unmatched ${tok.value} at line ${tok.line}`);
      pairs.set(from, k);
      pairs.set(k, from);
    }
  });
  if (open.length) throw new SyntaxError(`unclosed ${tokens[open.at(-1)].value} at line ${tokens[open.at(-1)].line}`);
  return pairs;
}

/**
 * The modules `source` imports: the static ones (`import … from`, `import '…'`, `export … from`)
 * and the dynamic `import('…')` with a plain string. JSDoc's `import('…')` types are comments
 * and do not count.
 * @returns {{specifier: string, dynamic: boolean, line: number}[]}
 */
export function importsOf(source) {
  const tokens = tokenize(source);
  const pairs = matching(tokens);
  const found = [];
  tokens.forEach((tok, k) => {
    const next = tokens[k + 1];
    if (tok.type === 'id' && tok.value === 'import' && tokens[k - 1]?.value !== '.') {
      if (next?.type === 'str') found.push({ specifier: next.value, dynamic: false, line: tok.line });
      else if (next?.value === '(') {
        // every plain string among its argument's tokens: `import(again ? `${p}?try=1` : p)` names p
        for (let j = k + 2; j < pairs.get(k + 1); j++) {
          if (tokens[j].type === 'str') found.push({ specifier: tokens[j].value, dynamic: true, line: tok.line });
        }
      }
    }
    if (tok.type === 'id' && tok.value === 'from' && next?.type === 'str') {
      // `from` ends an import or export statement only after a name, a `*` or a `}`
      let j = k - 1;
      while (j >= 0 && !(tokens[j].type === 'id' && (tokens[j].value === 'import' || tokens[j].value === 'export')) && tokens[j].value !== ';') j--;
      if (j >= 0 && tokens[j].type === 'id') found.push({ specifier: next.value, dynamic: false, line: tok.line });
    }
  });
  return found;
}

/** The name a function or arrow starting at token `k` is assigned to (`name =`, `name:`), or null. */
function assignedName(tokens, k) {
  let j = k - 1;
  if (tokens[j]?.value === 'async') j--;
  const op = tokens[j];
  const name = tokens[j - 1];
  if (!op || !name || (op.value !== '=' && op.value !== ':')) return null;
  if (name.type !== 'id' && name.type !== 'str') return null;
  if (op.value === ':' && !['{', ','].includes(tokens[j - 2]?.value)) return null; // a ternary's `:`
  return name.value;
}

/**
 * The named functions of `source` and their lines: declarations and named function expressions,
 * methods of classes and object literals (getters and setters too), and arrow functions assigned
 * to a name (`const f = () => …`, `f: () => …`, `this.f = …`). An arrow with an expression
 * body ends where its expression does.
 * @returns {{name: string, line: number, lines: number}[]}
 */
export function functionsOf(source) {
  const tokens = tokenize(source);
  const pairs = matching(tokens);
  const out = [];
  const add = (name, head, last) => out.push({ name, line: tokens[head].line, lines: tokens[last].line - tokens[head].line + 1 });
  tokens.forEach((tok, k) => {
    if (tok.type === 'id' && tok.value === 'function' && tokens[k - 1]?.value !== '.') {
      let j = k + 1;
      if (tokens[j]?.value === '*') j++;
      let name = null;
      if (tokens[j]?.type === 'id') name = tokens[j++].value;
      if (tokens[j]?.value !== '(') return;
      const body = pairs.get(j) + 1;
      if (tokens[body]?.value !== '{') return;
      name ??= assignedName(tokens, k);
      if (name) add(name, tokens[k - 1]?.value === 'async' ? k - 1 : k, pairs.get(body));
      return;
    }
    if (tok.value === '=>' && tok.type === 'punct') {
      let start = k - 1;
      if (tokens[start].value === ')') start = pairs.get(start);
      const name = assignedName(tokens, start);
      if (!name) return;
      add(name, start - (tokens[start - 1]?.value === 'async' ? 3 : 2), arrowEnd(tokens, pairs, k + 1));
      return;
    }
    // a method: name(…) { … } where a member of a class or an object literal starts
    if (tok.type === 'punct' && tok.value === '(' && k > 0) {
      const name = tokens[k - 1];
      if ((name.type !== 'id' && name.type !== 'str') || KEYWORDS.has(name.value)) return;
      const body = pairs.get(k) + 1;
      if (tokens[body]?.value !== '{') return;
      let j = k - 2;
      while (['static', 'async', 'get', 'set', '*'].includes(tokens[j]?.value)) j--;
      if (j >= 0 && !['{', '}', ';', ','].includes(tokens[j].value)) return;
      add(name.value, j + 1, pairs.get(body));
    }
  });
  return out;
}

/** The last token of an arrow's body starting at `k`: its block, or its expression. */
function arrowEnd(tokens, pairs, k) {
  if (tokens[k]?.value === '{') return pairs.get(k);
  let j = k;
  while (j < tokens.length) {
    const tok = tokens[j];
    if (tok.type === 'punct' && '([{'.includes(tok.value)) { j = pairs.get(j) + 1; continue; }
    if (tok.type === 'punct' && [')', ']', '}', ',', ';'].includes(tok.value)) return j - 1;
    j++;
  }
  return tokens.length - 1;
}
