"use client";

import { Form } from "@/components/ui/form/form";
import { SubmitButton, TextAreaField } from "@/components/ui/form/form-fields";
import { labelClass } from "@/components/ui/form/label";
import { renderMarkdown } from "@/lib/markdown";
import { routes } from "@/lib/routes";
import { savePolicyTextsAction } from "../actions";
import { type SettingsValues, SettingsSection, useLiveValues } from "./settings-form-parts";

const POLICY_FIELDS = [
  { name: "bookingPolicyIntro", label: "Booking policy — introduction", page: routes.bookingPolicies },
  { name: "termsIntro", label: "Terms — introduction", page: routes.termsOfService },
  { name: "extraTerms", label: "Terms — extra terms", page: routes.termsOfService },
  { name: "privacyIntro", label: "Privacy notice — introduction", page: routes.privacyPolicy },
] as const;

export function PolicyTextsForm({ s }: { s: SettingsValues }) {
  const { values, onChange } = useLiveValues({ ...s.policyTexts });
  return (
    <SettingsSection
      title="Policy texts"
      description="Your own words on the policy pages, in Markdown (paragraphs, **bold**, lists, links). The rules themselves are written from the booking rules, so they always match."
    >
      <Form action={savePolicyTextsAction} successMessage="Policy texts saved." refreshOnSuccess>
        <div onChange={onChange} className="space-y-6">
          {POLICY_FIELDS.map((f) => (
            <div key={f.name} className="grid gap-4 lg:grid-cols-2">
              <TextAreaField
                name={f.name}
                label={f.label}
                rows={6}
                required={false}
                defaultValue={s.policyTexts[f.name]}
                help={`Shown on ${f.page}.`}
              />
              <div>
                <p className={labelClass} id={`${f.name}-preview`}>
                  Preview
                </p>
                <div
                  aria-labelledby={`${f.name}-preview`}
                  role="region"
                  className="prose-policy mt-1 min-h-24 rounded-control border border-line bg-canvas p-3 text-sm"
                  // Markdown rendered with raw HTML escaped and only safe links (lib/markdown).
                  dangerouslySetInnerHTML={{ __html: renderMarkdown(String(values[f.name] ?? "")) }}
                />
              </div>
            </div>
          ))}
        </div>
        <div className="mt-4">
          <SubmitButton>Save policy texts</SubmitButton>
        </div>
      </Form>
    </SettingsSection>
  );
}
