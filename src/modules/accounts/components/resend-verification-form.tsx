import { Field, Form, SubmitButton } from "@/components/ui/form/form";

/** "Send me a new link": the same answer whether or not the email has an account waiting. */
export function ResendVerificationForm({ email }: { email?: string }) {
  return (
    <Form
      endpoint="/api/account/resend-verification"
      successMessage="If that email belongs to an account waiting for confirmation, a new link is on its way. It works for 24 hours."
      aria-label="Send a new confirmation link"
    >
      <Field name="email" label="Email address" type="email" autoComplete="email" defaultValue={email} />
      <SubmitButton>Send a new link</SubmitButton>
    </Form>
  );
}
