import { cardListClass } from "@/components/ui/card";
import { ActiveBadge } from "@/components/ui/active-badge";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/data/empty-state";
import { Field, Form, SubmitButton } from "@/components/ui/form/form";
import { RowActions } from "@/modules/catalogue/components/row-actions";
import type { AdminTeam } from "../server/teams";
import { teamColourName } from "../schedule-schemas";
import { deleteTeamAction, moveTeamAction, setTeamActiveAction, updateTeamAction } from "../team-actions";
import { TeamSwatch, TeamsColourField } from "./teams-colour";

const upcoming = (n: number) =>
  n === 0 ? "No upcoming bookings" : n === 1 ? "1 upcoming booking" : `${n} upcoming bookings`;

/** What the server would refuse for this team, said before anyone tries (it still refuses). */
function blockedActions(team: AdminTeam) {
  const count = team.upcomingCount === 1 ? "an upcoming booking" : `${team.upcomingCount} upcoming bookings`;
  return {
    setActive:
      team.isActive && team.upcomingCount > 0
        ? `Can't be deactivated while it has ${count}: move or cancel ${team.upcomingCount === 1 ? "it" : "them"} first.`
        : undefined,
    remove:
      team.deleteBlockedBy === "bookings"
        ? "Can't be deleted: bookings use it, past or upcoming. Deactivate it instead."
        : team.deleteBlockedBy === "calendar"
          ? "Can't be deleted: it has blocks or requested moves on its calendar. Deactivate it instead."
          : undefined,
  };
}

/** The teams in the business's order: rename and recolour inline, reorder, activate, delete. */
export function TeamsList({ teams }: { teams: AdminTeam[] }) {
  if (teams.length === 0)
    return (
      <EmptyState className="mt-3">
        No teams yet. Add your first van or technician above — customers can book once you have an active team
        and opening hours.
      </EmptyState>
    );
  return (
    <ol className={`mt-3 ${cardListClass}`}>
      {teams.map((team, i) => (
        <li key={team.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              <TeamSwatch colour={team.colour} />
              <span>{team.name}</span>
              <ActiveBadge isActive={team.isActive} />
            </p>
            <p className="mt-1 text-sm text-ink-muted">
              {teamColourName(team.colour)} · {upcoming(team.upcomingCount)}
            </p>
            <details className="mt-2">
              <summary
                className={buttonClass({ variant: "link", className: "cursor-pointer text-sm no-underline" })}
              >
                Edit<span className="sr-only"> {team.name}</span>
              </summary>
              <Form
                action={updateTeamAction}
                extra={{ id: team.id }}
                refreshOnSuccess
                successMessage="Saved."
                aria-label={`Edit ${team.name}`}
                className="mt-2 max-w-lg"
              >
                <Field name="name" label="Name" defaultValue={team.name} autoComplete="off" />
                <TeamsColourField defaultValue={team.colour} idPrefix={`team-${team.id}`} />
                <SubmitButton>Save</SubmitButton>
              </Form>
            </details>
          </div>
          <RowActions
            id={team.id}
            name={team.name}
            isActive={team.isActive}
            isFirst={i === 0}
            isLast={i === teams.length - 1}
            actions={{ move: moveTeamAction, setActive: setTeamActiveAction, remove: deleteTeamAction }}
            blocked={blockedActions(team)}
          />
        </li>
      ))}
    </ol>
  );
}
