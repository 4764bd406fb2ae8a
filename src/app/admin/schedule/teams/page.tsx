import type { Metadata } from "next";
import { PageHeader, Section } from "@/components/ui/card";
import { TextLink } from "@/components/ui/link";
import { Field, Form, SubmitButton } from "@/components/ui/form/form";
import { Notice } from "@/components/ui/notice";
import { routes } from "@/lib/routes";
import { TeamsColourField } from "@/modules/availability/components/teams-colour";
import { TeamsList } from "@/modules/availability/components/teams-list";
import { TEAM_COLOURS } from "@/modules/availability/schedule-schemas";
import { listTeamsForAdmin } from "@/modules/availability/server";
import { createTeamAction } from "@/modules/availability/team-actions";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Teams" };

export default async function TeamsPage() {
  await requireAdminPage(routes.adminTeams);
  const teams = await listTeamsForAdmin();
  const active = teams.filter((t) => t.isActive).length;
  // A new team gets the first palette colour no team uses yet, so teams stay easy to tell apart.
  const nextColour =
    TEAM_COLOURS.find((c) => !teams.some((t) => t.colour === c.value))?.value ?? TEAM_COLOURS[0].value;

  return (
    <div className="max-w-4xl">
      <PageHeader
        title="Teams"
        description="A team is a van or a technician that does one job at a time. The number of active teams is how many jobs can run at once: each booking is given a free team when it is made."
      />
      <p className="mt-3 text-sm" aria-live="polite">
        {active === 0
          ? null
          : active === 1
            ? "You have 1 active team: one job at a time."
            : `You have ${active} active teams: up to ${active} jobs at the same time.`}
      </p>
      {active === 0 && (
        <Notice kind="warning" className="mt-3">
          No active teams: customers can&apos;t book anything until you add or activate a team.
        </Notice>
      )}
      <p className="mt-2 text-sm text-ink-muted">
        When teams work is set in <TextLink href={routes.adminScheduleHours}>opening hours</TextLink>.
      </p>

      <Section title="Add a team" className="mt-6">
        <Form
          action={createTeamAction}
          resetOnSuccess
          refreshOnSuccess
          successMessage="Team added."
          aria-label="Add a team"
          className="mt-4"
        >
          <div className="max-w-md">
            <Field
              name="name"
              label="Name"
              autoComplete="off"
              help="For example Van 3, or the technician's name."
            />
          </div>
          <TeamsColourField defaultValue={nextColour} idPrefix="new-team" />
          <SubmitButton>Add team</SubmitButton>
        </Form>
      </Section>

      <Section
        plain
        className="mt-8"
        title="All teams"
        count={teams.length}
        description="In the order they appear on the calendar. A team with upcoming bookings can't be deactivated, and a team that has ever had a booking can only be deactivated, not deleted."
      >
        <TeamsList teams={teams} />
      </Section>
    </div>
  );
}
