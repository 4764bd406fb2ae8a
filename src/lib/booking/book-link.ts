// The booking wizard's address: /book with the choices in its query, in a stable order (commas in a list
// stay readable). The one definition of that query: the wizard writes its state with it
// (wizard-state.ts's wizardQuery), and a link into the wizard made elsewhere — a maintenance reminder's
// "Book it again", a vehicle's history — is made with it too, so no module imports the wizard for a link.

export const BOOK_PATH = "/book";

/** The query's keys, in the order they are written (the wizard's state keys). */
export const BOOK_QUERY_KEYS = [
  "service",
  "size",
  "vehicle",
  "addons",
  "more",
  "postcode",
  "address",
  "month",
  "date",
  "start",
  "step",
  "notice",
  "run",
] as const;
export type BookQueryKey = (typeof BOOK_QUERY_KEYS)[number];

/** Each key's value as text or a list; null/undefined (and an empty `more`) is left out. */
export type BookQueryValues = Partial<Record<BookQueryKey, string | readonly string[] | null | undefined>>;

export function bookQuery(values: BookQueryValues): string {
  const parts: string[] = [];
  for (const key of BOOK_QUERY_KEYS) {
    const value = values[key];
    if (value === null || value === undefined || (key === "more" && value === "")) continue;
    const text = typeof value === "string" ? value : value.join(",");
    parts.push(`${key}=${encodeURIComponent(text).replace(/%2C/g, ",")}`);
  }
  return parts.join("&");
}

/** A link to the wizard with these choices (no one-off notice: it never travels further). */
export function bookHref(values: BookQueryValues): string {
  const query = bookQuery({ ...values, notice: values.notice ?? null });
  return query ? `${BOOK_PATH}?${query}` : BOOK_PATH;
}
