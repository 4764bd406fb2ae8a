import "server-only";
import { writeAudit, type Actor } from "@/server/audit";
import { assertAdminActor } from "@/server/auth/assert-admin";
import type { DbOrTx } from "@/server/db";
import type {
  BookingRulesInput,
  BusinessSettingsInput,
  HolidaySettingsInput,
  NotificationSettingsInput,
  PaymentSettingsInput,
  PolicyTextsInput,
  SettingsSection,
} from "../schemas";
import { getSettingsOrThrow, type Settings } from "./queries";
import { type SettingsPatch, updateSettings } from "./update-settings";

// The admin's settings screen: each tab saved on its own, in one transaction with its audit row, which
// records each changed value before and after. A save that changes nothing writes nothing.

type SectionInput = {
  business: BusinessSettingsInput;
  rules: BookingRulesInput;
  payments: PaymentSettingsInput;
  notifications: NotificationSettingsInput;
  policies: PolicyTextsInput;
  holidays: HolidaySettingsInput;
};

const patchOf = <S extends SettingsSection>(section: S, input: SectionInput[S], current: Settings) =>
  (section === "policies"
    ? { policyTexts: { ...current.policyTexts, ...(input as PolicyTextsInput) } }
    : input) as SettingsPatch;

export async function saveSettingsSection<S extends SettingsSection>(
  db: DbOrTx,
  actor: Actor,
  section: S,
  input: SectionInput[S],
): Promise<{ changed: string[] }> {
  return db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    const current = await getSettingsOrThrow(tx);
    const patch = patchOf(section, input, current);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, to] of Object.entries(patch)) {
      const from = current[key as keyof Settings];
      if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
    }
    const changed = Object.keys(changes);
    if (changed.length === 0) return { changed };
    await updateSettings(tx, Object.fromEntries(changed.map((k) => [k, patch[k as keyof SettingsPatch]])));
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: `settings.${section}`,
      entity: "settings",
      entityId: "1",
      summary: { changes },
    });
    return { changed };
  });
}
