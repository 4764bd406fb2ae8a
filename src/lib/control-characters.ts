// Text that PostgreSQL refuses or that no person typed: NUL (a `text` column rejects \u0000 and the
// request answered 500), the other C0 control characters except tab, newline and carriage return, and
// lone UTF-16 surrogates (not valid Unicode: they can't be encoded as UTF-8). One check for every input
// at the adapters — the action wrappers (runAction) and the request proxy — so no schema has to remember.

export const CONTROL_CHARACTERS_MESSAGE = "Remove the invisible control characters from this field.";

const FORBIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text holds a character no input may carry (see above). */
export function hasControlCharacters(text: string): boolean {
  return FORBIDDEN.test(text);
}

// Deeper than any form; a deeper body is answered by the schema (it never matches one).
const MAX_DEPTH = 32;

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== "object" || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * The paths (as the action wrappers name fields: keys joined with ".", "" for the input itself) of
 * every string in the input — a value or an object key — holding a forbidden character. Walks plain
 * objects and arrays only (JSON bodies, action arguments); files and buffers are left to their schema.
 */
export function controlCharacterPaths(input: unknown): string[] {
  const found = new Set<string>();
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: string[] };
    if (typeof value === "string") {
      if (hasControlCharacters(value)) found.add(path.join("."));
      continue;
    }
    if (path.length >= MAX_DEPTH) continue;
    if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, path: [...path, String(i)] }));
    } else if (isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (hasControlCharacters(key)) found.add(path.join("."));
        else stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return [...found].sort();
}

/**
 * For an address: "path" when a path segment decodes to a forbidden character (nothing sensible to
 * show), the address without the offending query parameters when only those carry one, or null when
 * the address is clean. A query is read as it is decoded for pages (`?q=%00` is a NUL).
 */
export function uncleanAddress(url: URL): "path" | URL | null {
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    path = url.pathname;
  }
  if (hasControlCharacters(path)) return "path";
  if (!url.search) return null;
  const params = new URLSearchParams(url.search);
  const kept = new URLSearchParams();
  let dropped = false;
  for (const [key, value] of params) {
    if (hasControlCharacters(key) || hasControlCharacters(value)) dropped = true;
    else kept.append(key, value);
  }
  if (!dropped) return null;
  const clean = new URL(url);
  clean.search = kept.toString();
  return clean;
}
