"use client";

import Link, { textLinkClass } from "@/components/ui/link";
import { useId, useState } from "react";
import { cardClass } from "@/components/ui/card";
import { controlClass } from "@/components/ui/form/control";
import { Label } from "@/components/ui/form/label";
import { ADMIN_GUIDE, guideText } from "./admin-guide";

const link = textLinkClass({ tone: "ink" });

/** The admin guide with a search box: every word typed must appear in an entry for it to stay. */
export function HelpGuide() {
  const [query, setQuery] = useState("");
  const id = useId();
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = ADMIN_GUIDE.filter((e) => {
    const text = guideText(e);
    return words.every((w) => text.includes(w));
  });
  return (
    <div>
      <Label htmlFor={id}>Search the guide</Label>
      <input
        id={id}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder="e.g. refund, opening hours, deposit"
        className={`${controlClass()} min-h-11 max-w-md`}
      />
      <p className="mt-2 text-sm text-ink-muted" aria-live="polite">
        {words.length === 0
          ? `${ADMIN_GUIDE.length} topics`
          : shown.length === 0
            ? "Nothing in the guide matches. Try another word."
            : shown.length === 1
              ? "1 topic matches"
              : `${shown.length} topics match`}
      </p>
      <dl className="mt-3 space-y-4">
        {shown.map((e) => (
          <div key={e.id} className={`${cardClass} p-4 shadow-none`}>
            <dt className="font-medium">{e.title}</dt>
            <dd className="mt-1 text-sm text-ink-muted">
              {e.body.map((s, i) =>
                typeof s === "string" ? (
                  <span key={i}>{s}</span>
                ) : (
                  <Link key={i} href={s.href} className={link}>
                    {s.text}
                  </Link>
                ),
              )}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
