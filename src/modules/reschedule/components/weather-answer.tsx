"use client";

import { useState } from "react";
import { Form } from "@/components/ui/form/form";
import { SubmitButton, TextAreaField } from "@/components/ui/form/form-fields";
import { Notice } from "@/components/ui/notice";
import { textLinkClass } from "@/components/ui/link";
import { acceptWeatherOfferAction, askAnotherWeatherTimeAction } from "../weather-actions";

// The weather offer's answer page (ADR 0036): opened from the email's links, which change nothing by
// being opened (mail scanners follow links). One click on a time's button moves the booking; "none of
// these work" frees the times and tells the business.

type Props = {
  token: string;
  times: { allocationId: string; label: string }[];
  /** The time whose link was followed, or "another". */
  choice: string | null;
  bookingPath: string;
};

export function WeatherAnswer({ token, times, choice, bookingPath }: Props) {
  const [done, setDone] = useState<string | null>(null);
  const [another, setAnother] = useState(choice === "another" || times.length === 0);
  if (done) return <Notice kind="success">{done}</Notice>;
  const ordered = [...times].sort(
    (a, b) => Number(b.allocationId === choice) - Number(a.allocationId === choice),
  );
  return (
    <div className="space-y-5">
      {times.length > 0 && (
        <div className="space-y-3">
          <h2 className="font-semibold">Choose a new time</h2>
          {ordered.map((t) => (
            <Form
              key={t.allocationId}
              action={acceptWeatherOfferAction}
              extra={{ token, allocationId: t.allocationId }}
              refreshOnSuccess
              onSuccess={() =>
                setDone(`Done: your booking is now ${t.label}. We've emailed you the new time.`)
              }
              aria-label={`Move to ${t.label}`}
              className="flex flex-col gap-2 rounded-card border border-line p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <span className="font-medium tabular">{t.label}</span>
              <SubmitButton>
                {t.allocationId === choice ? "Confirm this time" : "Choose this time"}
              </SubmitButton>
            </Form>
          ))}
        </div>
      )}
      {another ? (
        <Form
          action={askAnotherWeatherTimeAction}
          extra={{ token }}
          refreshOnSuccess
          onSuccess={() =>
            setDone(
              "Thank you — we'll find another time with you. You can also pick one yourself on your booking's page.",
            )
          }
          aria-label="Ask for another time"
          className="space-y-3"
        >
          <h2 className="font-semibold">{times.length ? "None of these work?" : "Ask for another time"}</h2>
          <TextAreaField
            name="note"
            label="When suits you?"
            required={false}
            rows={3}
            help="For example: any weekday morning next week."
          />
          <SubmitButton>Ask for another time</SubmitButton>
          <p className="text-sm text-ink-muted">
            Or pick a time yourself on{" "}
            <a href={bookingPath} className={textLinkClass()}>
              your booking&rsquo;s page
            </a>{" "}
            (sign-in needed).
          </p>
        </Form>
      ) : (
        <button
          type="button"
          className={textLinkClass({ className: "text-sm" })}
          onClick={() => setAnother(true)}
        >
          None of these work — ask for another time
        </button>
      )}
    </div>
  );
}
