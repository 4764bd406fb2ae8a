import type { Metadata } from "next";
import { siteAnswerWord } from "@/lib/job/site-answers";
import { notFound } from "next/navigation";
import { Card, PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { SiteCheckForm } from "@/modules/reminders/components/site-check-form";
import { loadSiteCheckPage } from "@/modules/reminders/server";

// The reminder's site checklist (ADR 0027): opened from the email's *All set* / *Something changed* links,
// no sign-in. The token opens this one booking's checklist only.
export const metadata: Metadata = {
  title: "Is the site ready?",
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

const yes = (v: boolean | null) => {
  const word = siteAnswerWord(v);
  return word.charAt(0).toUpperCase() + word.slice(1);
};

export default async function SiteCheckPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string; answer?: string }>;
}) {
  const { token, answer } = await searchParams;
  const page = token ? await loadSiteCheckPage(token) : null;
  if (!token || !page) notFound();
  const rows: [string, string][] = [
    ["Water we can use", yes(page.site.water)],
    ["Power we can use", yes(page.site.power)],
    ["Covered space", yes(page.site.covered)],
    ["Parking and access", page.site.accessNotes ?? "No notes"],
  ];
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:px-6 sm:py-12">
      <PageHeader
        title="Is the site ready?"
        description={`${page.title} (${page.reference}) on ${page.date}, ${page.timeRange}.`}
      />
      <Card className="mt-6 space-y-5">
        <div>
          <p className="text-sm text-ink-muted">Address</p>
          <p className="font-medium">{page.addressLine}</p>
        </div>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-ink-muted">{k}</dt>
              <dd className="font-medium break-words">{v}</dd>
            </div>
          ))}
        </dl>
        {page.answer && (
          <Notice kind="neutral">
            {page.answer === "all_set"
              ? "You told us everything is ready."
              : `You told us something changed: ${page.note ?? ""}`}{" "}
            {page.open ? "You can answer again below." : ""}
          </Notice>
        )}
        {page.open ? (
          <SiteCheckForm token={token} initial={answer === "changed" ? "changed" : "all-set"} />
        ) : (
          <Notice kind="neutral">
            This booking has started or ended. If something changed, call or email the business.
          </Notice>
        )}
      </Card>
    </div>
  );
}
