import { Field, Form, SubmitButton } from "@/components/ui/form/form";

/**
 * The emailed confirmation link's button: a same-site POST, so only the person on this page — never a
 * link opened from another site — confirms the address and signs in.
 */
export function ConfirmEmailForm({ token, withPassword }: { token: string; withPassword: boolean }) {
  return (
    <Form
      endpoint="/api/account/verify-email"
      extra={{ token }}
      followRedirect
      aria-label={withPassword ? "Confirm your email" : "Choose your password"}
    >
      {withPassword && (
        <Field name="password" label="Password" type="password" autoComplete="current-password" />
      )}
      <div className="mt-6">
        <SubmitButton>{withPassword ? "Confirm and sign in" : "Choose my password"}</SubmitButton>
      </div>
    </Form>
  );
}
