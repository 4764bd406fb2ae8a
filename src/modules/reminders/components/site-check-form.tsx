"use client";

import { useState } from "react";
import { Form } from "@/components/ui/form/form";
import { SubmitButton, TextAreaField } from "@/components/ui/form/form-fields";
import { Notice } from "@/components/ui/notice";
import { textLinkClass } from "@/components/ui/link";
import { answerSiteCheckAction } from "../site-check-actions";

// The reminder's two answers on /booking/site-check: *All set* is one button (a link in an email must
// not change anything by being opened — mail scanners open links), *Something changed* asks what.

export function SiteCheckForm({ token, initial }: { token: string; initial: "all-set" | "changed" }) {
  const [choice, setChoice] = useState(initial);
  const [done, setDone] = useState<string | null>(null);
  if (done) return <Notice kind="success">{done}</Notice>;
  return choice === "all-set" ? (
    <div className="space-y-3">
      <Form
        action={answerSiteCheckAction}
        extra={{ token, answer: "all_set" }}
        refreshOnSuccess
        onSuccess={() => setDone("Thank you — the team knows everything is ready.")}
        aria-label="Everything is ready"
      >
        <SubmitButton>Yes, all set</SubmitButton>
      </Form>
      <button
        type="button"
        className={textLinkClass({ className: "text-sm" })}
        onClick={() => setChoice("changed")}
      >
        Something changed instead
      </button>
    </div>
  ) : (
    <div className="space-y-3">
      <Form
        action={answerSiteCheckAction}
        extra={{ token, answer: "changed" }}
        refreshOnSuccess
        onSuccess={() => setDone("Thank you — the team will come prepared for what changed.")}
        aria-label="Something changed"
        className="space-y-4"
      >
        <TextAreaField
          name="note"
          label="What changed?"
          help="For example: no outside tap now, parking moved to the back, gate code is 4321."
          rows={4}
        />
        <SubmitButton>Send to the team</SubmitButton>
      </Form>
      <button
        type="button"
        className={textLinkClass({ className: "text-sm" })}
        onClick={() => setChoice("all-set")}
      >
        Nothing changed after all
      </button>
    </div>
  );
}
