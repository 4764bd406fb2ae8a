import { compose } from "./compose";
import type { EmailContent, EmailContext, RenderedEmail } from "./layout";
import type { SetupReason } from "./account";
import {
  type LinkEmailData,
  renderAccountDeleted,
  renderAccountExists,
  renderConfirmEmailChange,
  renderEmailChanged,
  renderEmailChangeRequested,
  renderResetPassword,
  renderSetupPassword,
  renderVerifyEmail,
} from "./account";
import { renderSystemTest, type SystemTestData } from "./system-test";
import {
  type BookingConfirmedData,
  type BookingReceivedData,
  type NewBookingAdminData,
  renderBookingConfirmed,
  renderBookingReceived,
  renderNewBookingAdmin,
} from "./booking";
import {
  type InvoiceIssuedData,
  type PaymentAlertData,
  type PaymentLinkData,
  type RefundIssuedData,
  type PaymentReceiptData,
  type PriceAdjustedData,
  renderInvoiceIssued,
  renderPaymentAlertAdmin,
  renderPaymentLink,
  renderRefundIssued,
  renderPaymentReceipt,
  renderPriceAdjusted,
} from "./payment";
import { type BookingCompletedData, renderBookingCompleted } from "./booking-completed";
import { type BookingEndedData, renderBookingCancelled, renderBookingDeclined } from "./booking-ended";
import { type BookingMovedData, renderBookingMoved } from "./booking-moved";
import { type MaintenanceDueData, renderMaintenanceDue } from "./maintenance";
import { type BookingReminderData, renderBookingReminder } from "./reminder";
import {
  type RescheduleAnswerData,
  type RescheduleRequestAdminData,
  renderRescheduleDeclined,
  renderRescheduleOffer,
  renderRescheduleRequestAdmin,
} from "./reschedule";
import {
  renderSeriesEnded,
  renderSeriesNotHeld,
  renderSeriesSet,
  type SeriesEndedData,
  type SeriesNotHeldData,
  type SeriesSetData,
} from "./series";
import {
  renderTimeRequestAdmin,
  renderTimeRequestClosed,
  renderTimeRequestProposal,
  renderTimeRequestReceived,
  type TimeRequestAdminData,
  type TimeRequestClosedData,
  type TimeRequestProposalData,
  type TimeRequestReceivedData,
} from "./time-request";
import {
  renderWeatherLifted,
  renderWeatherOffer,
  type WeatherLiftedData,
  type WeatherOfferData,
} from "./weather";

/** Every template the outbox can render, with the data it needs. Add new templates here. */
export type TemplateDataMap = {
  "system-test": SystemTestData;
  "verify-email": LinkEmailData;
  "reset-password": LinkEmailData;
  "setup-password": LinkEmailData & { reason: SetupReason };
  "account-exists": LinkEmailData;
  "confirm-email-change": LinkEmailData & { newEmail: string };
  "email-changed": { name: string; newEmail: string; supportEmail: string };
  "email-change-requested": { name: string; newEmail: string };
  "account-deleted": { name: string };
  "booking-received": BookingReceivedData;
  "booking-confirmed": BookingConfirmedData;
  "payment-receipt": PaymentReceiptData;
  "booking-new-admin": NewBookingAdminData;
  "payment-alert-admin": PaymentAlertData;
  "booking-declined": BookingEndedData;
  "booking-cancelled": BookingEndedData;
  "booking-moved": BookingMovedData;
  "booking-completed": BookingCompletedData;
  "payment-link": PaymentLinkData;
  "refund-issued": RefundIssuedData;
  "price-adjusted": PriceAdjustedData;
  "reschedule-request-admin": RescheduleRequestAdminData;
  "reschedule-declined": RescheduleAnswerData;
  "reschedule-offer": RescheduleAnswerData;
  "maintenance-due": MaintenanceDueData;
  "booking-reminder": BookingReminderData;
  "weather-offer": WeatherOfferData;
  "weather-lifted": WeatherLiftedData;
  "series-set": SeriesSetData;
  "series-ended": SeriesEndedData;
  "series-not-held": SeriesNotHeldData;
  "invoice-issued": InvoiceIssuedData;
  "time-request-received": TimeRequestReceivedData;
  "time-request-proposal": TimeRequestProposalData;
  "time-request-closed": TimeRequestClosedData;
  "time-request-admin": TimeRequestAdminData;
};

export type TemplateName = keyof TemplateDataMap;

const renderers: { [K in TemplateName]: (data: TemplateDataMap[K], ctx: EmailContext) => EmailContent } = {
  "system-test": renderSystemTest,
  "verify-email": renderVerifyEmail,
  "reset-password": renderResetPassword,
  "setup-password": renderSetupPassword,
  "account-exists": renderAccountExists,
  "confirm-email-change": renderConfirmEmailChange,
  "email-changed": renderEmailChanged,
  "email-change-requested": renderEmailChangeRequested,
  "account-deleted": renderAccountDeleted,
  "booking-received": renderBookingReceived,
  "booking-confirmed": renderBookingConfirmed,
  "payment-receipt": renderPaymentReceipt,
  "booking-new-admin": renderNewBookingAdmin,
  "payment-alert-admin": renderPaymentAlertAdmin,
  "booking-declined": renderBookingDeclined,
  "booking-cancelled": renderBookingCancelled,
  "booking-moved": renderBookingMoved,
  "booking-completed": renderBookingCompleted,
  "payment-link": renderPaymentLink,
  "refund-issued": renderRefundIssued,
  "price-adjusted": renderPriceAdjusted,
  "reschedule-request-admin": renderRescheduleRequestAdmin,
  "reschedule-declined": renderRescheduleDeclined,
  "reschedule-offer": renderRescheduleOffer,
  "maintenance-due": renderMaintenanceDue,
  "booking-reminder": renderBookingReminder,
  "weather-offer": renderWeatherOffer,
  "weather-lifted": renderWeatherLifted,
  "series-set": renderSeriesSet,
  "series-ended": renderSeriesEnded,
  "series-not-held": renderSeriesNotHeld,
  "invoice-issued": renderInvoiceIssued,
  "time-request-received": renderTimeRequestReceived,
  "time-request-proposal": renderTimeRequestProposal,
  "time-request-closed": renderTimeRequestClosed,
  "time-request-admin": renderTimeRequestAdmin,
};

export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(renderers, name);
}

/** The content of one email (subject, blocks), before it is laid out. */
export function templateContent<K extends TemplateName>(
  name: K,
  data: TemplateDataMap[K],
  ctx: EmailContext,
): EmailContent {
  return renderers[name](data, ctx);
}

/** One email, rendered in the shared layout: subject, HTML part (React Email) and text part. */
export async function renderTemplate<K extends TemplateName>(
  name: K,
  data: TemplateDataMap[K],
  ctx: EmailContext,
): Promise<RenderedEmail> {
  return compose(ctx, templateContent(name, data, ctx));
}

export type { EmailContent, EmailContext, RenderedEmail };

/** Templates whose outbox row is deleted once delivered (it would otherwise keep erased personal data). */
export const PURGE_AFTER_SEND: ReadonlySet<TemplateName> = new Set<TemplateName>(["account-deleted"]);
