// A visit over several days, day by day (ADR 0056): each day's part and how it runs — the wizard's review
// and the booking's card say it the same way. Nothing for a visit of one day.

export function VisitDays({ days, how }: { days: readonly string[]; how: string | null }) {
  if (days.length === 0) return null;
  return (
    <>
      <ul className="mt-1 list-disc pl-5 font-normal text-ink-muted">
        {days.map((d) => (
          <li key={d}>{d}</li>
        ))}
      </ul>
      {how && <span className="mt-1 block font-normal text-ink-muted">{how}</span>}
    </>
  );
}
