import type { Metadata } from "next";
import { TextLink } from "@/components/ui/link";
import { LiveRefresh } from "@/components/live/live-refresh";
import { Badge } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/data/empty-state";
import { Pagination } from "@/components/ui/data/pagination";
import { Table, TableBody, TableHead, Td, Th, Tr } from "@/components/ui/data/table";
import type { SearchParamsInput } from "@/components/ui/data/url";
import { FilterSearch, FilterSelect } from "@/components/ui/data/list-filters";
import { formatDateTime } from "@/lib/dates";
import { EMAIL_STATUSES, type EmailStatus } from "@/lib/enums";
import { routes } from "@/lib/routes";
import { EMAIL_STATUS_LABELS, EMAIL_STATUS_TONES } from "@/modules/notifications/domain/outbox-view";
import { loadOutbox } from "@/modules/notifications/server";
import { getPublicSettings } from "@/modules/settings/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Email outbox" };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Every email the product sent or tried to send, newest first; each one opens as its recipient sees it. */
export default async function EmailOutboxPage({
  searchParams,
}: {
  searchParams: Promise<SearchParamsInput>;
}) {
  const user = await requireAdminPage(routes.adminEmails);
  const sp = await searchParams;
  const statusParam = one(sp.status);
  const status = EMAIL_STATUSES.includes(statusParam as EmailStatus)
    ? (statusParam as EmailStatus)
    : undefined;
  const q = one(sp.q)?.slice(0, 200) || undefined;
  const page = Number.parseInt(one(sp.page) ?? "1", 10) || 1;
  const [list, settings] = await Promise.all([loadOutbox(user, { status, q, page }), getPublicSettings()]);
  const filtered = Boolean(status || q);

  return (
    <div className="max-w-6xl">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader
          title="Email outbox"
          description="Every email sent to customers and to you, with its delivery status. Without a mail server (SMTP_URL), emails are kept here instead of sent: open one to read it."
        />
        <LiveRefresh types={["email.status"]} />
      </div>

      <form
        method="get"
        action={routes.adminEmails}
        role="search"
        aria-label="Filter emails"
        className="mt-6 grid gap-3 rounded-card border border-line bg-surface p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
      >
        <FilterSearch defaultValue={q} placeholder="Recipient or subject" />
        <FilterSelect
          name="status"
          label="Status"
          value={status}
          choices={EMAIL_STATUSES.map((s) => [s, EMAIL_STATUS_LABELS[s]])}
        />
        <div className="flex gap-2">
          <Button type="submit" variant="primary">
            Show
          </Button>
          {filtered && (
            <ButtonLink href={routes.adminEmails} variant="secondary">
              Clear
            </ButtonLink>
          )}
        </div>
      </form>

      <p className="mt-4 text-sm text-ink-muted" aria-live="polite">
        {list.total === 1 ? "1 email" : `${list.total} emails`}
        {filtered ? " match" : ""}
      </p>

      {list.total === 0 ? (
        <EmptyState className="mt-3" title={filtered ? "No emails match" : "No emails yet"}>
          {filtered
            ? "Try another search or status."
            : "Booking confirmations, receipts, account links and your alerts appear here as they are sent."}
        </EmptyState>
      ) : (
        <>
          <div className="mt-3">
            <Table caption="Emails, newest first">
              <TableHead>
                <Th>When</Th>
                <Th>To</Th>
                <Th>Email</Th>
                <Th>Status</Th>
                <Th>Attempts</Th>
              </TableHead>
              <TableBody>
                {list.rows.map((e) => (
                  <Tr key={e.id}>
                    <Td label="When" className="whitespace-nowrap">
                      {formatDateTime(e.createdAt, settings.timeZone)}
                    </Td>
                    <Td label="To" className="break-all">
                      {e.to}
                    </Td>
                    <Td>
                      <TextLink href={routes.adminEmail(e.id)} tone="ink">
                        {e.subject ?? e.label}
                      </TextLink>
                      <span className="block text-xs text-ink-muted">{e.label}</span>
                      {e.status === "failed" && e.lastError && (
                        <span className="block text-xs text-danger">{e.lastError.slice(0, 140)}</span>
                      )}
                    </Td>
                    <Td label="Status">
                      <Badge tone={EMAIL_STATUS_TONES[e.status]}>{EMAIL_STATUS_LABELS[e.status]}</Badge>
                    </Td>
                    <Td label="Attempts" numeric>
                      {e.attempts}
                    </Td>
                  </Tr>
                ))}
              </TableBody>
            </Table>
          </div>
          <Pagination
            page={list.page}
            pageCount={list.pageCount}
            pathname={routes.adminEmails}
            searchParams={sp}
            total={list.total}
            noun={["email", "emails"]}
          />
        </>
      )}
    </div>
  );
}
