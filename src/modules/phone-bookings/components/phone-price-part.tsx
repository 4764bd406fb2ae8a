import { PlainRow, PlainRowTh, PlainTable, PlainTd } from "@/components/ui/data/table";
import { Part, type Quote } from "./phone-booking-parts";

/** The server's price for the job as chosen so far, line by line, with its work time and zone. */
export function PhonePricePart({ quote }: { quote: Quote | null }) {
  return (
    <Part title="Price">
      {quote && quote.lines.length > 0 ? (
        <div>
          <PlainTable caption="Price">
            <tbody>
              {quote.lines.map((l) => (
                <PlainRow key={l.name}>
                  <PlainTd>{l.name}</PlainTd>
                  <PlainTd numeric>{l.price}</PlainTd>
                </PlainRow>
              ))}
              <tr>
                <PlainRowTh className="font-semibold">Total</PlainRowTh>
                <PlainTd numeric className="font-semibold">
                  {quote.total}
                </PlainTd>
              </tr>
            </tbody>
          </PlainTable>
          <p className="mt-1 text-sm text-ink-muted">
            {quote.duration} of work{quote.zoneName ? ` · ${quote.zoneName}` : ""}.
          </p>
        </div>
      ) : (
        <p className="text-sm text-ink-muted">
          Choose the service and the vehicle&apos;s size to see the price.
        </p>
      )}
    </Part>
  );
}
