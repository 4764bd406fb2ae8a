import "server-only";
import type { DatabaseHandle } from "@/server/db";
import { getMailTransport, type MailTransport } from "@/server/email/transport";
import { type JobPlan, type JobRuntime, startJobs, type StartJobsOptions } from "@/server/jobs/runtime";
import { accountJobs, accountWakeups } from "@/modules/accounts/server";
import { bookingJobs } from "@/modules/bookings/server";
import { emailJobs } from "@/modules/notifications/server";
import { paymentJobs } from "@/modules/payments/server";
import { reminderJobs } from "@/modules/reminders/server";
import { seriesJobs } from "@/modules/series/server";
import { staffJobs } from "@/modules/staff/server";

/** Every module's background work, in one list: the web process, the worker and the tests start this. */
export function appJobPlan(transport: MailTransport = getMailTransport()): JobPlan {
  const email = emailJobs(transport);
  return {
    jobs: [
      ...email.jobs,
      ...accountJobs,
      ...bookingJobs,
      ...reminderJobs,
      ...paymentJobs,
      ...seriesJobs,
      ...staffJobs,
    ],
    wakeups: [...email.wakeups, ...accountWakeups],
    onStart: email.onStart,
  };
}

export type StartAppJobsOptions = StartJobsOptions & { transport?: MailTransport };

export function startAppJobs(handle: DatabaseHandle, opts: StartAppJobsOptions = {}): Promise<JobRuntime> {
  return startJobs(handle, appJobPlan(opts.transport), opts);
}
