import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextLink } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";
import { routes } from "@/lib/routes";
import { AskForTimeForm } from "@/modules/time-requests/components/ask-for-time-form";
import { TimeRequestVisit } from "@/modules/time-requests/components/time-request-parts";
import { loadAskPage } from "@/modules/time-requests/server";
import type { SearchParams } from "@/modules/wizard/domain/wizard-state";
import { getSessionUser } from "@/server/auth";

export const metadata: Metadata = { title: "Ask for a time" };

// "Ask for a time" (ADR 0057): reached from the booking wizard's date step when a visit fits no day that can
// be booked online. The wizard's choices travel in the query; the typed details stay in the browser tab.

export default async function AskForTimePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [params, user] = await Promise.all([searchParams, getSessionUser()]);
  const page = await loadAskPage(params, user && { id: user.id, role: user.role });
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight">Ask for a time</h1>
      {page.kind === "team" ? (
        <p className="mt-3 text-ink-muted">
          Requests for a time are made by customers. You&apos;re signed in with the business&apos;s account:
          answer them in the back office.{" "}
          <TextLink href={routes.adminTimeRequests}>Requests for a time</TextLink>
        </p>
      ) : page.kind === "sign-in" ? (
        <Card className="mt-6">
          <p>
            Tell us the days that suit you and we&apos;ll propose a time, held for you to accept and pay. Sign
            in (or create an account) first, so that we can send you the time and you can pay for it.
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <ButtonLink href={page.loginHref} variant="primary">
              Sign in to ask for a time
            </ButtonLink>
            <ButtonLink href={page.registerHref} variant="secondary">
              Create an account
            </ButtonLink>
          </div>
          <p className="mt-4 text-sm">
            <TextLink href={page.backHref}>Back to the dates</TextLink>
          </p>
        </Card>
      ) : page.kind === "visit-changed" ? (
        <Notice kind="neutral" className="mt-6 p-4">
          This visit can&apos;t be booked as it is any more (a choice changed or is no longer offered).{" "}
          <TextLink href={page.backHref}>Go back to the booking</TextLink> and check it.
        </Notice>
      ) : (
        <>
          <p className="mt-2 text-ink-muted">
            {page.why} Tell us the days that suit you: we&apos;ll propose a time, held for you to accept and
            pay from the email. You can also call {page.contact.businessName} on{" "}
            <TextLink href={`tel:${page.contact.phone.replace(/[^\d+]/g, "")}`}>
              {page.contact.phone}
            </TextLink>
            .
          </p>
          <div className="mt-6 grid gap-6 md:grid-cols-[1fr_18rem]">
            <Card className="order-2 md:order-1">
              <AskForTimeForm
                choices={page.choices}
                run={page.run}
                firstDay={page.firstDay}
                lastDay={page.lastDay}
                maxDays={page.maxDays}
              />
            </Card>
            <section aria-labelledby="visit-heading" className="order-1 md:order-2">
              <Card>
                <h2 id="visit-heading" className="mb-3 font-semibold">
                  Your visit
                </h2>
                <TimeRequestVisit request={page} />
              </Card>
              <p className="mt-3 text-sm">
                <TextLink href={page.backHref}>Back to the dates</TextLink>
              </p>
            </section>
          </div>
        </>
      )}
    </div>
  );
}
