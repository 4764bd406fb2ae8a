// In a route group so this loading state wraps only the table: around /admin/bookings/{id} it would
// start the response before the page could answer 404 for an unknown booking (a streamed 200).
export default function Loading() {
  return (
    <div className="max-w-7xl" aria-busy="true">
      <h1 className="text-2xl font-bold tracking-tight">Bookings</h1>
      <p className="mt-4 text-ink-muted" role="status">
        Loading bookings…
      </p>
    </div>
  );
}
