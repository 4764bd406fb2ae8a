import { Form, SubmitButton } from "@/components/ui/form/form";
import { NewPasswordFields } from "./new-password-fields";
import { routes } from "@/lib/routes";
import { isPasswordTokenUsable } from "../server/queries";
import { AuthCard, TextLink } from "./auth-card";

/** The page behind both emailed links: "reset your password" and "set up your password". */
export async function ChoosePasswordPage({ token, mode }: { token?: string; mode: "reset" | "setup" }) {
  const usable = token ? await isPasswordTokenUsable(token) : false;
  if (!token || !usable) {
    return (
      <AuthCard title="This link can't be used" lead="It has expired or has already been used.">
        <p className="text-ink-muted">
          {mode === "reset"
            ? "Password links work once, for 1 hour. Ask for a new one:"
            : "Set-up links work once, for 7 days. You can still choose a password by asking for a password link:"}
        </p>
        <p className="mt-4">
          <TextLink href={routes.forgotPassword}>Send me a new link</TextLink>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={mode === "reset" ? "Choose a new password" : "Choose your password"}
      lead={
        mode === "reset"
          ? "Other devices signed in to your account will be signed out."
          : "Set a password to see and manage your bookings online."
      }
    >
      <Form
        endpoint="/api/account/reset-password"
        extra={{ token }}
        followRedirect
        aria-label="Choose a password"
      >
        <NewPasswordFields
          label={mode === "reset" ? "New password" : "Password"}
          confirmLabel="Confirm password"
        />
        <div className="mt-6">
          <SubmitButton>{mode === "reset" ? "Save new password" : "Save password and continue"}</SubmitButton>
        </div>
      </Form>
    </AuthCard>
  );
}
