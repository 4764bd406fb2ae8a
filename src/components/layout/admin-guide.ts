import { routes } from "@/lib/routes";

// The back office's guide: one entry per admin task, each saying where it is done and linking there.
// Plain data, so the help page can search it as the admin types. When a screen is added, add its entry.

export type GuideSegment = string | { href: string; text: string };
export type GuideEntry = { id: string; title: string; body: GuideSegment[]; keywords?: string };

const to = (href: string, text: string): GuideSegment => ({ href, text });

export const ADMIN_GUIDE: GuideEntry[] = [
  {
    id: "today",
    title: "Your day",
    keywords: "today dashboard jobs kpi revenue utilisation needs you queue live",
    body: [
      to(routes.adminToday, "Today"),
      " lists today's jobs by team in time order, the next one highlighted, with the amount to collect, access notes and a tap-to-call number; tomorrow is below. ",
      "“Needs you” gathers what waits for you: bookings to approve, unpaid bookings starting soon, reschedule requests, requests for a time, failed emails and payment alerts. The figures compare today and this week with the period before. The page updates by itself.",
    ],
  },
  {
    id: "live-board",
    title: "The live board on a wall screen",
    keywords:
      "live board wall screen tablet timeline late over time heat map capacity full screen sparkline kpi feed",
    body: [
      "The ",
      to(routes.adminBoard, "Live board"),
      " shows today's and tomorrow's jobs on a timeline per team with a red line at the current time; a job that has not started by its start time is marked “Late start”, one still in progress after its end “Over time”. Below: this week's figures against last week's, how full each team is for the next 14 days (booked ÷ open hours), and the latest bookings, payments and changes. It updates by itself; Full screen hides everything else, for a screen on the wall.",
    ],
  },
  {
    id: "find-booking",
    title: "Finding a booking",
    keywords: "search filter sort export csv table reference registration postcode phone",
    body: [
      "On ",
      to(routes.adminBookings, "Bookings"),
      ", search by reference, customer name, email, phone, registration or postcode, filter by status, payment, dates, service, team or source, and sort by any column. Filters live in the address, so a filtered list can be bookmarked or shared. ",
      "Export CSV downloads every booking that matches, not just the page.",
    ],
  },
  {
    id: "lifecycle",
    title: "Approving, confirming, starting and completing a job",
    keywords: "approve decline confirm start complete no-show status",
    body: [
      "Open a booking from ",
      to(routes.adminBookings, "Bookings"),
      " or Today. The buttons at the top are the changes its status allows now: approve or decline a booking waiting for approval, confirm one paid another way, start and complete a job, or mark a no-show once its start has passed. Each change asks for a reason where the customer is told, and lands on the booking's timeline.",
    ],
  },
  {
    id: "cancel-refund",
    title: "Cancelling and refunding",
    keywords: "cancel refund money policy late fee card cash",
    body: [
      "On a booking's page, Cancel shows the refund the cancellation policy gives (you can change it) before anything happens. Refund returns any amount up to what was paid, newest payment first, through the provider the money came in by. ",
      "Money taken in cash, by card terminal or bank transfer is refunded by you; record it so the booking's balance is right.",
    ],
  },
  {
    id: "payments",
    title: "Taking a payment",
    keywords: "record payment cash card terminal bank transfer payment link balance deposit",
    body: [
      "On a booking's page, Record a payment notes money taken in cash, on a card terminal or by bank transfer (a reference is needed for the last two). ",
      "Send payment link emails the customer a link to pay what is owed online.",
    ],
  },
  {
    id: "move",
    title: "Moving a booking or changing its team",
    keywords: "move reschedule reassign team time override",
    body: [
      "On a booking's page, Move shows the free times for the same job; pick one and the customer gets the new time with an updated calendar file. Reassign gives the job to another free team. ",
      "An override (a time that isn't free) needs a reason and is recorded.",
    ],
  },
  {
    id: "phone",
    title: "Taking a booking on the phone",
    keywords: "phone new booking walk-in manual",
    body: [
      to(routes.adminNewBooking, "New booking"),
      " takes the same steps as the website: customer (found by name, email or phone, or new), vehicle, address, services and a time. Prices are the same as online; you choose whether it is paid now, on the day, or by a payment link.",
    ],
  },
  {
    id: "reschedules",
    title: "Requests for a new time",
    keywords: "reschedule request move change time approve decline offer counter",
    body: [
      "Customers ask for a new time from their booking; the time they chose is held for them while they wait. ",
      to(routes.adminRescheduleRequests, "Reschedule requests"),
      " lists them oldest first (the count shows in the menu): Approve moves the booking and emails the customer the new time, Decline needs a reason they are sent, and Offer another time holds a time you pick for them to accept or decline. An unanswered request lapses by itself.",
    ],
  },
  {
    id: "time-requests",
    title: "Requests for a time",
    keywords: "ask for a time request long job no times propose days suit too long full",
    body: [
      "When a visit fits no day a customer can book online (longer than your working day, or no times left), they can ask for a time: they name the days that suit them and leave the visit's details. ",
      to(routes.adminTimeRequests, "Requests for a time"),
      " lists them oldest first (the count shows in the menu and on Today). Propose a time picks a start with the same picker as a phone booking; it is held for 48 hours as a booking waiting for payment, and the customer is emailed it with a Pay button. Paid, the request is booked; declined or unpaid, the time is freed and you can propose another. Close a request you can't arrange, with a reason the customer is sent. For a visit longer than any of your days, first give a date longer hours under Opening hours.",
    ],
  },
  {
    id: "customers",
    title: "Customers",
    keywords: "customer profile contact notes deactivate reactivate set-up link lifetime value export",
    body: [
      to(routes.adminCustomers, "Customers"),
      " finds anyone by name, email, phone, registration or postcode, with their bookings, what they owe and what they have spent. A customer's page has their vehicles, addresses, payments, emails and your private notes; from there you can send a set-up link, start a booking for them, or deactivate the account (they are signed out and can't book with that email; you choose which upcoming bookings to cancel).",
    ],
  },
  {
    id: "business-customers",
    title: "Business customers, invoices and paying on account",
    keywords:
      "business company fleet dealership vat number invoice address billing on account terms receivables overdue",
    body: [
      "On a customer's page, Make this a business customer records the company: its name, VAT number, invoice address and billing email, and the people you deal with there. Their VAT invoices are addressed to the company. ",
      "Tick Pays on account to confirm their bookings without a card: each booking is invoiced at once, to be paid within their payment terms. ",
      to(routes.adminReceivables, "Receivables"),
      " lists what is owed on account, oldest due date first, with what is overdue; record a payment on the booking when the money arrives and it leaves the list.",
    ],
  },
  {
    id: "hours",
    title: "Opening hours and days off",
    keywords: "hours opening closed holiday day off bank holiday public holiday region open anyway",
    body: [
      to(routes.adminScheduleHours, "Opening hours"),
      " sets each weekday's working ranges (several per day for a lunch break) and dates whose hours differ. Changes that would leave existing bookings outside the hours say which bookings first. ",
      "Bank holidays of your region (England and Wales, Scotland or Northern Ireland) are closed, year after year; Open anyway gives one its weekday's hours, and Close again closes it.",
    ],
  },
  {
    id: "long-jobs",
    title: "Long jobs and breaks",
    keywords: "long job full day detail coating break lunch span duration too long",
    body: [
      "A job is minutes of work: a long one may start before a break and finish after it (8 h from 08:00 with a 30-minute lunch ends at 16:30), and the team keeps the break. Untick “Work may continue after a break” on a short service's page so it is never split. ",
      to(routes.adminPricing, "Prices"),
      " and the hours screen warn you of any price longer than your longest working day; customers are told to call you for those.",
    ],
  },
  {
    id: "schedule",
    title: "The calendar and blocking time",
    keywords: "calendar schedule block time unavailable team",
    body: [
      "The ",
      to(routes.adminSchedule, "Schedule"),
      " shows every team's day or week. Block time takes a team (or all) out for a period — a van in the garage, training — so no one can book it.",
    ],
  },
  {
    id: "teams",
    title: "Teams",
    keywords: "team van technician capacity",
    body: [
      to(routes.adminTeams, "Teams"),
      ": each team does one job at a time, so the number of active teams is how many jobs can run at once. A team with upcoming bookings can't be deactivated.",
    ],
  },
  {
    id: "catalogue",
    title: "Setting up what you sell",
    keywords: "service category vehicle size photo description add-on",
    body: [
      "Add your ",
      to(routes.adminCategories, "categories"),
      " and ",
      to(routes.adminVehicleSizes, "vehicle sizes"),
      ", then ",
      to(routes.adminNewService, "create each service"),
      " with its description and photo. Customers see active services with at least one price. A service, category or size that bookings use can be deactivated but not deleted.",
    ],
  },
  {
    id: "prices",
    title: "Prices and where you travel",
    keywords: "price duration zone postcode travel fee surcharge percentage",
    body: [
      "Under ",
      to(routes.adminPricing, "Prices & zones"),
      " set a price and duration for every size each service is offered for (an empty cell: not offered), change many at once by a percentage with a preview, and list the postcode areas, districts or sectors you cover with a travel fee and extra travel time. The most specific prefix wins.",
    ],
  },
  {
    id: "rules",
    title: "Booking rules and the policy pages",
    keywords:
      "notice horizon buffer hold cancellation window late fee reschedule cut-off reminder approval policy terms privacy",
    body: [
      to(`${routes.adminSettings}?tab=rules`, "Booking rules"),
      " set how far ahead and how late people can book, the gap between jobs, how long a time is held while paying, the free cancellation window and late fee, and the reschedule cut-off. The policy pages and the booking wizard are written from these numbers, so they always say what the system does. Your own words for the policy pages are under ",
      to(`${routes.adminSettings}?tab=policies`, "Policy texts"),
      ".",
    ],
  },
  {
    id: "money-settings",
    title: "How customers pay",
    keywords: "payment mode full deposit on the day stripe test mode webhook",
    body: [
      to(`${routes.adminSettings}?tab=payments`, "Payments"),
      " chooses whether customers pay in full, a deposit or nothing online, and shows which provider takes the money (test mode until Stripe keys are set) and when its last webhook arrived.",
    ],
  },
  {
    id: "business",
    title: "Business details and emails",
    keywords: "name contact phone address time zone currency sender reply alert notification email",
    body: [
      to(routes.adminSettings, "Business settings"),
      " hold your name, contact details, time zone and currency, and under Notifications where your alerts go, the name customers see on emails and where their replies go.",
    ],
  },
  {
    id: "outbox",
    title: "Emails that were sent (or weren't)",
    keywords: "email outbox failed retry resend smtp delivered",
    body: [
      "The ",
      to(routes.adminEmails, "Email outbox"),
      " lists every email with its status. Open one to read it as the customer saw it; Retry sends a failed one again. A booking's own emails can also be sent again from its page. Without a mail server configured, emails are kept here instead of sent.",
    ],
  },
  {
    id: "reports",
    title: "Reports for you and your accountant",
    keywords: "reports revenue takings ledger accountant export csv print customers teams utilisation zones",
    body: [
      to(routes.adminReports, "Reports"),
      " shows, for a period you choose (this month, last quarter, your own dates…), the revenue booked and collected by day and month, every payment and refund, bookings by status with the fees kept on cancellations and no-shows, what sells, new and returning customers, how full each team was and the travel zones. Each table downloads as a CSV of exactly what is shown, and the page prints cleanly.",
    ],
  },
  {
    id: "analytics",
    title: "Charts: how the business is doing",
    keywords:
      "analytics charts trend growth busiest hours lead time cancellations no-shows repeat customers utilisation",
    body: [
      to(routes.adminAnalytics, "Analytics"),
      " draws, for a period you choose, each figure beside the period of the same length before it: bookings and revenue by day (or by month for long periods), revenue by category, service and vehicle size, the busiest days and hours, how far ahead people book, the cancellation, no-show, reschedule and repeat-customer rates, and how full each team was. A sentence above each chart says what changed; “Show as table” under a chart gives its figures as a table.",
    ],
  },
  {
    id: "account",
    title: "Your own account",
    keywords: "password profile email sign in",
    body: [to(routes.adminAccount, "Your account"), " changes your name, phone, sign-in email and password."],
  },
  {
    id: "status",
    title: "System status",
    keywords: "health database jobs worker migrations uptime version monitoring",
    body: [
      "The status above shows whether the database, background jobs, email and payments work. If background jobs or email need attention, emails and reminders wait (nothing is lost) until they are fixed. Monitoring tools read the same checks from /api/health.",
    ],
  },
];

/** The entry's words, for searching. */
export const guideText = (e: GuideEntry): string =>
  [e.title, e.keywords ?? "", ...e.body.map((s) => (typeof s === "string" ? s : s.text))]
    .join(" ")
    .toLowerCase();
