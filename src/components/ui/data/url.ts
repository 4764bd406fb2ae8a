// Links that change one search parameter keep all the others (filters survive paging and sorting).

export type SearchParamsInput = Record<string, string | string[] | undefined>;

/** `pathname` with `params`, `changes` applied; a change to `undefined` removes that parameter. */
export function hrefWith(
  pathname: string,
  params: SearchParamsInput,
  changes: Record<string, string | number | undefined>,
): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (key in changes || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) out.append(key, v);
  }
  for (const [key, value] of Object.entries(changes)) if (value !== undefined) out.set(key, String(value));
  const query = out.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export type SortState = { key: string; direction: "asc" | "desc" };

/**
 * The link of a sortable column header: the first click sorts ascending, a click on the column already
 * sorted ascending reverses it. Paging restarts from the first page, as the order changed.
 */
export function sortHref(
  pathname: string,
  params: SearchParamsInput,
  key: string,
  current: SortState | null,
  names: { sort: string; direction: string; page: string } = { sort: "sort", direction: "dir", page: "page" },
): string {
  const direction = current?.key === key && current.direction === "asc" ? "desc" : "asc";
  return hrefWith(pathname, params, {
    [names.sort]: key,
    [names.direction]: direction,
    [names.page]: undefined,
  });
}

/** A page number from the URL, clamped to 1…pageCount (a stale or hand-typed link still shows a page). */
export function pageFrom(value: string | string[] | undefined, pageCount: number): number {
  const n = Number.parseInt(Array.isArray(value) ? (value[0] ?? "") : (value ?? ""), 10);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, Math.max(1, pageCount));
}
