"use client";

import { controlClass } from "@/components/ui/form/control";
import { SiteQuestionFields } from "@/modules/accounts/components/site-questions";
import { ControlledField, Field, TextAreaField } from "@/components/ui/form/form-fields";
import { Notice } from "@/components/ui/notice";
import { Part, SavedChoices } from "./phone-booking-parts";

/**
 * Where the job is: a saved address, or one typed in with its site questions. The postcode is the form's
 * (it prices the travel); a postcode outside the service area is said before booking.
 */
export function PhoneAddressPart(props: {
  formId: string;
  savedAddresses: { id: string; label: string }[];
  addressId: string;
  onAddress: (id: string) => void;
  /** A new address's fields (a new customer, or "Another address"). */
  newAddress: boolean;
  postcode: string;
  onPostcode: (postcode: string) => void;
  /** The priced postcode is outside the service area (no travel fee). */
  outsideArea: boolean;
  pricedPostcode: string | null;
}) {
  return (
    <Part title="Address">
      {props.savedAddresses.length > 0 && (
        <SavedChoices
          legend="Where"
          name={`${props.formId}-address`}
          field="savedAddressId"
          items={props.savedAddresses}
          value={props.addressId}
          onPick={props.onAddress}
          other="Another address"
        />
      )}
      {props.newAddress && (
        <div className="grid gap-x-4 sm:grid-cols-2">
          <ControlledField name="postcode" label="Postcode">
            {({ control, invalid }) => (
              <input
                {...control}
                name="postcode"
                value={props.postcode}
                onChange={(e) => props.onPostcode(e.target.value)}
                autoComplete="off"
                className={`${controlClass(invalid)} min-h-11`}
              />
            )}
          </ControlledField>
          <Field name="line1" label="Address line 1" autoComplete="off" />
          <Field name="line2" label="Address line 2" required={false} autoComplete="off" />
          <Field name="town" label="Town or city" autoComplete="off" />
          <div className="sm:col-span-2">
            <TextAreaField name="accessNotes" label="Access notes" required={false} rows={2} />
            <SiteQuestionFields legend="At this address" />
          </div>
        </div>
      )}
      {props.outsideArea && (
        <Notice kind="warning">
          {props.pricedPostcode} is outside your service area: no travel fee is added. Make sure a team can
          get there before you book it.
        </Notice>
      )}
    </Part>
  );
}
