// The module's public server surface: other modules and the app import from here only (ADR 0016).
export { enqueueEmail, resendBookingEmail } from "./enqueue-email";
export { eraseEmailsOf } from "./erase-emails";
export { listFailedEmails } from "./failed-emails";
export { emailJobs } from "./jobs";
export { type EmailKind, allowsEmail } from "./may-email";
export { loadOutbox, loadOutboxEmail } from "./outbox";
export { loadEmailsForRecipient } from "./recipient-emails";
export { emailSenderAddress } from "./sender-address";
