import type { ReactNode } from "react";
import { formatLongDate } from "@/lib/dates";

/** The frame of a policy page: title, last-updated date, the admin's intro text, then the sections. */
export function PolicyPage(props: {
  title: string;
  intro: string;
  updatedAt: Date;
  timeZone: string;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{props.title}</h1>
      <p className="mt-2 text-sm text-ink-subtle">
        Last updated {formatLongDate(props.updatedAt, props.timeZone)}
      </p>
      <div className="prose-policy mt-6">
        <TextBlock text={props.intro} />
        {props.children}
      </div>
    </article>
  );
}

/** Admin-written text: paragraphs separated by blank lines, rendered as plain text (never as HTML). */
export function TextBlock({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((p, i) => (
        <p key={i} className="whitespace-pre-line">
          {p}
        </p>
      ))}
    </>
  );
}
