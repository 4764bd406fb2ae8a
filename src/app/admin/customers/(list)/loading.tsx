// In a route group so this loading state wraps only the table, not /admin/customers/{id} (which must be
// able to answer 404 before anything is streamed).
export default function Loading() {
  return (
    <div className="max-w-7xl" aria-busy="true">
      <h1 className="text-2xl font-bold tracking-tight">Customers</h1>
      <p className="mt-4 text-ink-muted" role="status">
        Loading customers…
      </p>
    </div>
  );
}
