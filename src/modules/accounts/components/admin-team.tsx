"use client";

import { Badge, type BadgeTone } from "@/components/ui/badge";
import { cardListClass } from "@/components/ui/card";
import { ConfirmActionButton } from "@/components/ui/overlay/confirm-action-button";
import { Form } from "@/components/ui/form/form";
import { Field, SubmitButton } from "@/components/ui/form/form-fields";
import { inviteAdminAction, removeAdminAction } from "../admin-team-actions";

// Settings → Admins: who runs the back office, an invitation form, and Remove (never for yourself; the
// server also refuses to remove the last admin who can sign in, and says why).

export type AdminTeamMember = {
  id: string;
  name: string;
  email: string;
  status: "active" | "invited" | "invite_expired" | "removed";
  /** "Tue 1 Dec, 09:30 GMT", already in the business zone. */
  inviteExpires: string | null;
  isYou: boolean;
};

const STATUS: Record<AdminTeamMember["status"], { label: string; tone: BadgeTone }> = {
  active: { label: "Active", tone: "success" },
  invited: { label: "Invited", tone: "info" },
  invite_expired: { label: "Invite expired", tone: "warning" },
  removed: { label: "Removed", tone: "neutral" },
};

export function AdminTeam({ members }: { members: AdminTeamMember[] }) {
  return (
    <div className="max-w-2xl">
      <h2 className="text-lg font-semibold">Admins</h2>
      <p className="mt-1 text-sm text-ink-muted">
        Everyone here can see and change every booking, price and setting. An invitation is a link to choose a
        password; it works once, for 7 days.
      </p>
      <ul className={`mt-4 ${cardListClass}`} aria-label="Admins">
        {members.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="min-w-0">
              <p className="font-medium">
                {m.name}
                {m.isYou && <span className="font-normal text-ink-muted"> (you)</span>}
              </p>
              <p className="text-sm break-all text-ink-muted">{m.email}</p>
              {m.inviteExpires && <p className="text-sm text-ink-muted">Link expires {m.inviteExpires}</p>}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={STATUS[m.status].tone}>{STATUS[m.status].label}</Badge>
              {(m.status === "invited" || m.status === "invite_expired" || m.status === "removed") && (
                <ConfirmActionButton
                  action={inviteAdminAction}
                  input={{ name: m.name, email: m.email }}
                  variant="secondary"
                  title={m.status === "removed" ? `Let ${m.name} back in?` : `Send ${m.name} a new link?`}
                  description={
                    m.status === "removed"
                      ? `${m.email} gets a new link to choose a password and becomes an admin again.`
                      : `${m.email} gets a new link; earlier links stop working.`
                  }
                  confirmLabel={m.status === "removed" ? "Yes, invite again" : "Send a new link"}
                  successToast={`Invitation sent to ${m.email}.`}
                >
                  {m.status === "removed" ? "Invite again" : "Send a new link"}
                </ConfirmActionButton>
              )}
              {m.status !== "removed" && !m.isYou && (
                <ConfirmActionButton
                  action={removeAdminAction}
                  input={{ id: m.id }}
                  title={`Remove ${m.name}?`}
                  description="They are signed out everywhere at once and can't sign in to the back office again. What they did stays in the history under their name."
                  confirmLabel="Yes, remove them"
                  cancelLabel="Keep them"
                  successToast={`${m.name} was removed.`}
                >
                  Remove
                </ConfirmActionButton>
              )}
            </div>
          </li>
        ))}
      </ul>

      <h3 className="mt-8 font-semibold">Invite an admin</h3>
      <Form
        action={inviteAdminAction}
        successMessage="Invitation sent. They'll get an email with a link to choose a password."
        resetOnSuccess
        refreshOnSuccess
        className="mt-3"
        aria-label="Invite an admin"
      >
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field name="name" label="Their name" autoComplete="off" />
          <Field name="email" label="Their email" type="email" autoComplete="off" />
        </div>
        <SubmitButton>Send invitation</SubmitButton>
      </Form>
    </div>
  );
}
