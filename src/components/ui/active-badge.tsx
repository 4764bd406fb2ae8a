/** Active / inactive, in text as well as colour. */
export function ActiveBadge({ isActive }: { isActive: boolean }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${
        isActive ? "bg-success-soft text-success" : "bg-line text-ink-muted"
      }`}
    >
      {isActive ? "Active" : "Inactive"}
    </span>
  );
}
