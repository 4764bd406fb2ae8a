import { Button } from "@/components/ui/button";
import { controlClass } from "@/components/ui/form/control";
import type { SearchParamsInput } from "@/components/ui/data/url";

/**
 * A table's sort on phones, where its header row (the sortable column titles) is hidden: a plain GET form
 * like the filters, so the order is in the URL and works before JavaScript. The other parameters ride
 * along; the page starts again from 1.
 */
export function PhoneSortForm<K extends string>({
  label,
  options,
  sort,
  pathname,
  searchParams,
}: {
  /** Names the form ("Sort bookings"). */
  label: string;
  options: readonly { value: K; label: string }[];
  sort: { key: K; direction: "asc" | "desc" };
  pathname: string;
  searchParams: SearchParamsInput;
}) {
  const control = `${controlClass()} min-h-11`;
  const kept = Object.entries(searchParams).flatMap(([key, value]) =>
    ["sort", "dir", "page"].includes(key) || value === undefined
      ? []
      : (Array.isArray(value) ? value : [value]).map((v) => [key, v] as const),
  );
  return (
    <form
      method="get"
      action={pathname}
      aria-label={label}
      className="mt-3 grid grid-cols-2 items-end gap-3 md:hidden"
    >
      {kept.map(([key, value], i) => (
        <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
      ))}
      <label className="block text-sm font-medium">
        Sort by
        <select name="sort" defaultValue={sort.key} className={control}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium">
        Order
        <select name="dir" defaultValue={sort.direction} className={control}>
          <option value="asc">Ascending</option>
          <option value="desc">Descending</option>
        </select>
      </label>
      <Button type="submit" className="col-span-2">
        Sort
      </Button>
    </form>
  );
}
