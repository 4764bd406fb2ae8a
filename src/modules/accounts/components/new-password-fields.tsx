import { Field } from "@/components/ui/form/form";
import { MIN_PASSWORD_LENGTH } from "../domain/password-policy";

/** "Password" + "Confirm", with the rule the server enforces spelled out. */
export function NewPasswordFields({
  label = "Password",
  confirmLabel = "Confirm password",
}: {
  label?: string;
  confirmLabel?: string;
}) {
  return (
    <>
      <Field
        name="password"
        label={label}
        type="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        help={`At least ${MIN_PASSWORD_LENGTH} characters, and not a common password.`}
      />
      <Field name="confirmPassword" label={confirmLabel} type="password" autoComplete="new-password" />
    </>
  );
}
