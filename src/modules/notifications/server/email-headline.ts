import "server-only";
import { emails } from "@/server/db/schema";

// Every list of emails (the outbox, the failures in the admin's queue, the emails one person was sent)
// names each email the same way: which one it is, who it went to and what it was.
export const emailHeadline = {
  id: emails.id,
  to: emails.to,
  template: emails.template,
  subject: emails.subject,
};
