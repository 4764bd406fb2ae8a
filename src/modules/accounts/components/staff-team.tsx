"use client";

import { Badge, type BadgeTone } from "@/components/ui/badge";
import { cardListClass } from "@/components/ui/card";
import { ConfirmActionButton } from "@/components/ui/overlay/confirm-action-button";
import { Form } from "@/components/ui/form/form";
import { CheckboxGroup, Field, SubmitButton } from "@/components/ui/form/form-fields";
import { deactivateStaffAction, inviteStaffAction, setStaffTeamsAction } from "../admin-team-actions";

// Settings → Team members: the technicians who see their teams' jobs on their phones (/staff). Invite
// with the teams they work in, change their teams, send a new link, deactivate (signed out at once).

export type StaffTeamMember = {
  id: string;
  name: string;
  email: string;
  status: "active" | "invited" | "invite_expired" | "deactivated";
  teamIds: string[];
  /** "Tue 1 Dec, 09:30 GMT", already in the business zone. */
  inviteExpires: string | null;
};

const STATUS: Record<StaffTeamMember["status"], { label: string; tone: BadgeTone }> = {
  active: { label: "Active", tone: "success" },
  invited: { label: "Invited", tone: "info" },
  invite_expired: { label: "Invite expired", tone: "warning" },
  deactivated: { label: "Deactivated", tone: "neutral" },
};

function MemberRow({ m, teams }: { m: StaffTeamMember; teams: { id: string; name: string }[] }) {
  const names = teams.filter((t) => m.teamIds.includes(t.id)).map((t) => t.name);
  return (
    <li className="p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium">{m.name}</p>
          <p className="text-sm break-all text-ink-muted">{m.email}</p>
          <p className="text-sm">Works in: {names.join(", ") || "no team"}</p>
          {m.inviteExpires && <p className="text-sm text-ink-muted">Link expires {m.inviteExpires}</p>}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={STATUS[m.status].tone}>{STATUS[m.status].label}</Badge>
          {m.status !== "active" && (
            <ConfirmActionButton
              action={inviteStaffAction}
              input={{
                name: m.name,
                email: m.email,
                teamIds: m.teamIds.length ? m.teamIds : teams.map((t) => t.id),
              }}
              variant="secondary"
              title={m.status === "deactivated" ? `Let ${m.name} back in?` : `Send ${m.name} a new link?`}
              description={
                m.status === "deactivated"
                  ? `${m.email} gets a new link to choose a password and sees their teams' jobs again.`
                  : `${m.email} gets a new link; earlier links stop working.`
              }
              confirmLabel={m.status === "deactivated" ? "Yes, invite again" : "Send a new link"}
              successToast={`Invitation sent to ${m.email}.`}
            >
              {m.status === "deactivated" ? "Invite again" : "Send a new link"}
            </ConfirmActionButton>
          )}
          {m.status !== "deactivated" && (
            <ConfirmActionButton
              action={deactivateStaffAction}
              input={{ id: m.id }}
              title={`Deactivate ${m.name}?`}
              description="They are signed out of their phone at once and can't sign in again. The jobs they did keep their name."
              confirmLabel="Yes, deactivate"
              cancelLabel="Keep them"
              successToast={`${m.name} was deactivated.`}
            >
              Deactivate
            </ConfirmActionButton>
          )}
        </div>
      </div>
      {m.status !== "deactivated" && (
        <details className="mt-2">
          <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-brand-ink">
            Change {m.name}&apos;s teams
          </summary>
          <Form
            action={setStaffTeamsAction}
            extra={{ id: m.id }}
            successMessage="Teams saved. Their list shows these teams' jobs from now on."
            refreshOnSuccess
            className="mt-2"
            aria-label={`${m.name}'s teams`}
          >
            <CheckboxGroup
              name="teamIds"
              legend="Teams they work in"
              options={teams.map((t) => ({ value: t.id, label: t.name }))}
              defaultValues={m.teamIds}
            />
            <SubmitButton>Save teams</SubmitButton>
          </Form>
        </details>
      )}
    </li>
  );
}

export function StaffTeam({
  members,
  teams,
}: {
  members: StaffTeamMember[];
  teams: { id: string; name: string }[];
}) {
  return (
    <div className="max-w-2xl">
      <h2 className="text-lg font-semibold">Team members</h2>
      <p className="mt-1 text-sm text-ink-muted">
        Technicians see their teams&apos; jobs for today and tomorrow on their phones: where to go, the car,
        the work and what to collect. They can start and complete a job, record cash or card money, write
        notes and take before and after photos. They don&apos;t see prices beyond what is due on the day,
        other teams&apos; jobs, reports or settings.
      </p>
      {members.length > 0 ? (
        <ul className={`mt-4 ${cardListClass}`} aria-label="Team members">
          {members.map((m) => (
            <MemberRow key={m.id} m={m} teams={teams} />
          ))}
        </ul>
      ) : (
        <p className="mt-4 rounded-card border border-dashed border-line p-4 text-sm text-ink-muted">
          No technicians yet. Invite the first one below: they get an email with a link to choose a password.
        </p>
      )}

      <h3 className="mt-8 font-semibold">Invite a technician</h3>
      <Form
        action={inviteStaffAction}
        successMessage="Invitation sent. They'll get an email with a link to choose a password."
        resetOnSuccess
        refreshOnSuccess
        className="mt-3"
        aria-label="Invite a technician"
      >
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field name="name" label="Their name" autoComplete="off" />
          <Field name="email" label="Their email" type="email" autoComplete="off" />
        </div>
        <CheckboxGroup
          name="teamIds"
          legend="Teams they work in"
          help="They see these teams' jobs. Tick more than one for someone who covers several vans."
          options={teams.map((t) => ({ value: t.id, label: t.name }))}
        />
        <SubmitButton>Send invitation</SubmitButton>
      </Form>
    </div>
  );
}
