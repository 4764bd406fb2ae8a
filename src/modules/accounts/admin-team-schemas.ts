import { z } from "zod";
import { emailInput, requiredText } from "@/lib/field-inputs";

export const inviteAdminInput = z.object({
  name: requiredText("their name", 80),
  email: emailInput("their email address"),
});
export type InviteAdminInput = z.output<typeof inviteAdminInput>;

export const adminIdInput = z.object({ id: z.string().min(1).max(100) });

const teamIds = z
  .array(z.string().uuid(), { error: "Choose at least one team they work in." })
  .min(1, "Choose at least one team they work in.")
  .max(50);

export const inviteStaffInput = inviteAdminInput.extend({ teamIds });
export type InviteStaffInput = z.output<typeof inviteStaffInput>;

export const staffTeamsInput = z.object({ id: z.string().min(1).max(100), teamIds });
