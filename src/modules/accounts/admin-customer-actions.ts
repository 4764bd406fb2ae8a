"use server";

import { adminAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import {
  adminBusinessContactIdInput,
  adminBusinessContactInput,
  adminBusinessInput,
  adminCustomerContactInput,
  adminCustomerIdInput,
  adminCustomerNotesInput,
} from "./schemas";
import { addBusinessContact, removeBusinessContact, saveBusinessProfile } from "./server/customers/business";
import {
  reactivateCustomer,
  saveCustomerNotes,
  sendCustomerSetupLink,
  updateCustomerContact,
} from "./server/customers/admin-customer";

// The buttons of /admin/customers/{id} that touch the account alone (each use case checks the role again).
// Deactivation also cancels bookings, so it is composed by the payments module.

export const updateCustomerContactAction = adminAction(adminCustomerContactInput, async (input, user) =>
  updateCustomerContact(await getDb(), await requestActor(user.id), input),
);

export const saveCustomerNotesAction = adminAction(adminCustomerNotesInput, async (input, user) => {
  await saveCustomerNotes(await getDb(), await requestActor(user.id), input);
  return null;
});

export const sendCustomerSetupLinkAction = adminAction(adminCustomerIdInput, async (input, user) =>
  sendCustomerSetupLink(await getDb(), await requestActor(user.id), input),
);

export const reactivateCustomerAction = adminAction(adminCustomerIdInput, async (input, user) => {
  await reactivateCustomer(await getDb(), await requestActor(user.id), input);
  return null;
});

// A business customer's details and terms, and its contact people (ADR 0051).
export const saveBusinessAction = adminAction(adminBusinessInput, async (input, user) => {
  await saveBusinessProfile(await getDb(), await requestActor(user.id), input);
  return null;
});

export const addBusinessContactAction = adminAction(adminBusinessContactInput, async (input, user) =>
  addBusinessContact(await getDb(), await requestActor(user.id), input),
);

export const removeBusinessContactAction = adminAction(adminBusinessContactIdInput, async (input, user) => {
  await removeBusinessContact(await getDb(), await requestActor(user.id), input);
  return null;
});
