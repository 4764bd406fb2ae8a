// Checks of a server action's request body that Next would otherwise fail on with a 500 (issue 28 #6):
// React's decodeReply JSON-parses the text/plain body and walks it recursively (50k-deep nesting overflows
// the stack), and busboy throws "Unexpected end of form" on a multipart body cut short. Pure: src/proxy.ts
// reads the body (≤ 1 MB by then) and asks these.

/** Next's default server-action body limit (experimental.serverActions.bodySizeLimit, not changed here). */
export const ACTION_BODY_LIMIT = 1024 * 1024;
/** Far deeper than any form's arguments (the wizard's are under 10); far shallower than a stack. */
export const MAX_JSON_DEPTH = 64;

/** Whether JSON-ish text nests brackets deeper than `max` (strings skipped). Linear, no parsing. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/** Why a JSON argument text is refused, or null: not JSON, or nested too deep. */
export function jsonArgumentProblem(text: string, maxDepth = MAX_JSON_DEPTH): string | null {
  if (nestsDeeperThan(text, maxDepth)) return `nested deeper than ${maxDepth}`;
  try {
    JSON.parse(text);
  } catch {
    return "not JSON";
  }
  return null;
}

/** The boundary parameter of a multipart/form-data content type, or null. */
export function multipartBoundary(contentType: string): string | null {
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");
const decoder = new TextDecoder();

/**
 * Why a multipart body is refused, or null. Every part must end where the next delimiter starts and the
 * body must close with `--boundary--` (busboy fails on a truncated one with a 500). React's own argument
 * parts (named by a bare number, no filename) must be JSON no deeper than `maxDepth`; file parts and
 * named form fields are not read.
 */
export function multipartProblem(
  body: Uint8Array,
  boundary: string,
  maxDepth = MAX_JSON_DEPTH,
): string | null {
  const buf = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`);
  let at = buf.indexOf(delimiter);
  if (at < 0) return "no boundary in the body";
  for (;;) {
    const after = at + delimiter.length;
    if (buf[after] === 45 && buf[after + 1] === 45) return null; // "--": the closing delimiter
    if (!buf.subarray(after, after + 2).equals(CRLF)) return "malformed delimiter";
    const headersEnd = buf.indexOf(HEADER_END, after);
    if (headersEnd < 0) return "truncated (part headers)";
    const end = buf.indexOf(nextDelimiter, headersEnd + 4);
    if (end < 0) return "truncated (no closing boundary)";
    const headers = decoder.decode(buf.subarray(after + 2, headersEnd));
    const name = /(?:^|;)\s*name="([^"]*)"/im.exec(headers)?.[1];
    if (name !== undefined && /^\d+$/.test(name) && !/filename=/i.test(headers)) {
      const problem = jsonArgumentProblem(decoder.decode(buf.subarray(headersEnd + 4, end)), maxDepth);
      if (problem) return `part ${name}: ${problem}`;
    }
    at = end + 2;
  }
}
