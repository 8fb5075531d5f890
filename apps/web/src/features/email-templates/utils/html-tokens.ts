/** The pieces of an HTML template the body editor colours. */
export type HtmlTokenKind = "text" | "tag" | "attribute" | "value" | "punctuation" | "comment" | "placeholder" | "entity";

export interface HtmlToken {
  kind: HtmlTokenKind;
  text: string;
}

const ENTITY = /&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/iy;
const TAG_NAME = /[^\s/>{]+/y;
const ATTRIBUTE_NAME = /[^\s=/>"'{]+/y;
const UNQUOTED_VALUE = /[^\s>]+/y;
const SPACE = /\s+/y;

function matchAt(pattern: RegExp, source: string, at: number): string | undefined {
  pattern.lastIndex = at;
  return pattern.exec(source)?.[0];
}

class Tokens {
  readonly list: HtmlToken[] = [];
  push(kind: HtmlTokenKind, text: string) {
    if (!text) return;
    const last = this.list.at(-1);
    if (last && last.kind === kind && kind === "text") last.text += text;
    else this.list.push({ kind, text });
  }
}

/** `{{name}}` from `at`, if one closes. */
function placeholderAt(source: string, at: number): string | undefined {
  if (!source.startsWith("{{", at)) return undefined;
  const end = source.indexOf("}}", at + 2);
  return end === -1 ? undefined : source.slice(at, end + 2);
}

/** A value, with the placeholders inside it told apart. */
function pushValue(tokens: Tokens, value: string) {
  let i = 0;
  while (i < value.length) {
    const next = value.indexOf("{{", i);
    const placeholder = next === -1 ? undefined : placeholderAt(value, next);
    if (next === -1 || !placeholder) {
      tokens.push("value", value.slice(i));
      return;
    }
    tokens.push("value", value.slice(i, next));
    tokens.push("placeholder", placeholder);
    i = next + placeholder.length;
  }
}

/** A tag from its `<` to its `>` (or the end of the text); returns where it stops. */
function readTag(source: string, start: number, tokens: Tokens): number {
  const opener = source[start + 1] === "/" ? "</" : "<";
  tokens.push("punctuation", opener);
  let i = start + opener.length;
  const name = matchAt(TAG_NAME, source, i);
  if (name) {
    tokens.push("tag", name);
    i += name.length;
  }
  let expectValue = false;
  while (i < source.length) {
    const space = matchAt(SPACE, source, i);
    if (space) {
      tokens.push("text", space);
      i += space.length;
      continue;
    }
    const ch = source[i]!;
    if (ch === ">" || source.startsWith("/>", i)) {
      const close = ch === ">" ? ">" : "/>";
      tokens.push("punctuation", close);
      return i + close.length;
    }
    const placeholder = placeholderAt(source, i);
    if (placeholder) {
      tokens.push("placeholder", placeholder);
      i += placeholder.length;
      expectValue = false;
      continue;
    }
    if (ch === "=") {
      tokens.push("punctuation", ch);
      i += 1;
      expectValue = true;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const end = source.indexOf(ch, i + 1);
      const stop = end === -1 ? source.length : end + 1;
      pushValue(tokens, source.slice(i, stop));
      i = stop;
      expectValue = false;
      continue;
    }
    const word = matchAt(expectValue ? UNQUOTED_VALUE : ATTRIBUTE_NAME, source, i);
    if (word) {
      if (expectValue) pushValue(tokens, word);
      else tokens.push("attribute", word);
      i += word.length;
      expectValue = false;
      continue;
    }
    tokens.push("punctuation", ch);
    i += 1;
  }
  return i;
}

/**
 * Splits an HTML template into coloured pieces: tags, attributes, values, comments, entities and
 * the `{{placeholders}}` the record fills. Lenient: any text tokenizes, and the pieces joined
 * give the text back unchanged.
 */
export function tokenizeHtml(source: string): HtmlToken[] {
  const tokens = new Tokens();
  let i = 0;
  while (i < source.length) {
    if (source.startsWith("<!--", i)) {
      const end = source.indexOf("-->", i + 4);
      const stop = end === -1 ? source.length : end + 3;
      tokens.push("comment", source.slice(i, stop));
      i = stop;
      continue;
    }
    if (source[i] === "<" && /[A-Za-z!/?]/.test(source[i + 1] ?? "")) {
      i = readTag(source, i, tokens);
      continue;
    }
    const placeholder = placeholderAt(source, i);
    if (placeholder) {
      tokens.push("placeholder", placeholder);
      i += placeholder.length;
      continue;
    }
    const entity = source[i] === "&" ? matchAt(ENTITY, source, i) : undefined;
    if (entity) {
      tokens.push("entity", entity);
      i += entity.length;
      continue;
    }
    // Plain text up to the next character that may start something else.
    let next = i + 1;
    while (next < source.length && !"<{&".includes(source[next]!)) next++;
    tokens.push("text", source.slice(i, next));
    i = next;
  }
  return tokens.list;
}
