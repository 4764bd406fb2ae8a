import type { Metadata } from "next";
import { TextLink } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { LiveRefresh } from "@/components/live/live-refresh";
import { ActionButton } from "@/components/ui/action-button";
import { BackLink } from "@/components/ui/nav/back-link";
import { Badge } from "@/components/ui/badge";
import { cardClass } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { Tabs } from "@/components/ui/nav/tabs";
import { formatDateTime } from "@/lib/dates";
import { routes } from "@/lib/routes";
import { isUuid } from "@/lib/uuid";
import { retryEmailAction } from "@/modules/notifications/actions";
import { EMAIL_STATUS_LABELS, EMAIL_STATUS_TONES } from "@/modules/notifications/domain/outbox-view";
import { loadOutboxEmail } from "@/modules/notifications/server";
import { getPublicSettings } from "@/modules/settings/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Email" };

/** One email as its recipient sees it (HTML and text), with its delivery record and, if it failed, Retry. */
export default async function OutboxEmailPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireAdminPage(routes.adminEmail(id));
  const email = isUuid(id) ? await loadOutboxEmail(user, id) : null;
  if (!email) notFound();
  const { timeZone } = await getPublicSettings();
  // Links open in a new tab; the frame runs no script and can't reach this page (sandbox without
  // allow-scripts or allow-same-origin).
  const srcDoc = email.html.replace(/<head>/i, '<head><base target="_blank">');

  return (
    <div className="max-w-4xl">
      <BackLink href={routes.adminEmails}>Email outbox</BackLink>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-2xl font-bold break-words">{email.subject ?? email.label}</h1>
        <LiveRefresh types={["email.status"]} />
      </div>

      <dl className={`${cardClass} mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[9rem_1fr]`}>
        <dt className="font-medium">To</dt>
        <dd className="break-all">{email.to}</dd>
        <dt className="font-medium">Kind</dt>
        <dd>{email.label}</dd>
        <dt className="font-medium">Status</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <Badge tone={EMAIL_STATUS_TONES[email.status]}>{EMAIL_STATUS_LABELS[email.status]}</Badge>
          <span className="text-ink-muted">
            {email.attempts === 1 ? "1 attempt" : `${email.attempts} attempts`}
            {email.sentAt
              ? ` · ${email.status === "logged" ? "kept" : "sent"} ${formatDateTime(email.sentAt, timeZone)}`
              : ""}
          </span>
        </dd>
        <dt className="font-medium">Queued</dt>
        <dd>{formatDateTime(email.createdAt, timeZone)}</dd>
        {email.bookingId && (
          <>
            <dt className="font-medium">Booking</dt>
            <dd>
              <TextLink href={routes.adminBooking(email.bookingId)} tone="ink" weight="normal">
                Open the booking
              </TextLink>
            </dd>
          </>
        )}
        {email.attachments.length > 0 && (
          <>
            <dt className="font-medium">Attachments</dt>
            <dd>{email.attachments.map((a) => a.filename).join(", ")}</dd>
          </>
        )}
        {email.lastError && (
          <>
            <dt className="font-medium">Last error</dt>
            <dd className="break-words text-danger">{email.lastError}</dd>
          </>
        )}
      </dl>

      {email.status === "failed" && (
        <div className="mt-4">
          <ActionButton
            action={retryEmailAction}
            input={{ id: email.id }}
            successToast="Queued to send again."
          >
            Retry sending
          </ActionButton>
        </div>
      )}
      {email.status === "logged" && (
        <Notice kind="neutral" className="mt-4">
          No mail server is configured (SMTP_URL), so this email was kept here instead of sent. Its links
          work: open them to follow the journey the recipient would.
        </Notice>
      )}
      {email.linksHidden && (
        <Notice kind="neutral" className="mt-4">
          This email was delivered with a link that lets the recipient into their account; it is hidden here.
          To help them, send a new link from the customer&apos;s page.
        </Notice>
      )}
      {email.preview && (
        <Notice kind="neutral" className="mt-4">
          Not sent yet: this is how it will look.
        </Notice>
      )}

      <Tabs
        label="Email content"
        className="mt-6"
        items={[
          {
            value: "html",
            label: "As the recipient sees it",
            content: (
              <iframe
                title={`The email "${email.subject ?? email.label}"`}
                srcDoc={srcDoc}
                sandbox="allow-popups allow-popups-to-escape-sandbox"
                className="h-[38rem] w-full rounded-card border border-line bg-white"
              />
            ),
          },
          {
            value: "text",
            label: "Plain text",
            content: (
              <pre className="max-h-[38rem] overflow-auto rounded-card border border-line bg-surface p-4 text-sm whitespace-pre-wrap break-words">
                {email.text}
              </pre>
            ),
          },
        ]}
      />
    </div>
  );
}
