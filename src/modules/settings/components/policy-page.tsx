import type { ReactNode } from "react";
import { formatLongDate } from "@/lib/dates";
import { renderMarkdown } from "@/lib/markdown";

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

/** Admin-written text in Markdown, rendered with raw HTML escaped and only safe links (lib/markdown). */
export function TextBlock({ text }: { text: string }) {
  return <div dangerouslySetInnerHTML={{ __html: renderMarkdown(text) }} />;
}
