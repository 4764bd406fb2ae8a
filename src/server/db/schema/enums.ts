import { pgEnum } from "drizzle-orm/pg-core";

// Every status, role, kind and provider is a PostgreSQL enum. The TypeScript unions used by domain
// code are derived from these arrays (see src/lib/enums.ts), so there is one source of truth.
import {
  ADJUSTMENT_KINDS,
  ALLOCATION_KINDS,
  ALLOCATION_STATUSES,
  AUDIENCES,
  BOOKING_EVENT_TYPES,
  BOOKING_ITEM_KINDS,
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  EMAIL_STATUSES,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  PAYMENT_MODES,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  REFUND_REASONS,
  REFUND_STATUSES,
  RESCHEDULE_STATUSES,
  SERVICE_KINDS,
  TAX_DOCUMENT_KINDS,
  UPLOAD_PURPOSES,
  USER_ROLES,
  VISIT_MODES,
  WEATHER_ANSWERS,
} from "@/lib/enums";

export const userRole = pgEnum("user_role", USER_ROLES);
export const serviceKind = pgEnum("service_kind", SERVICE_KINDS);
export const bookingStatus = pgEnum("booking_status", BOOKING_STATUSES);
export const bookingSource = pgEnum("booking_source", BOOKING_SOURCES);
export const bookingItemKind = pgEnum("booking_item_kind", BOOKING_ITEM_KINDS);
export const bookingEventType = pgEnum("booking_event_type", BOOKING_EVENT_TYPES);
export const visitMode = pgEnum("visit_mode", VISIT_MODES);
export const allocationKind = pgEnum("allocation_kind", ALLOCATION_KINDS);
export const allocationStatus = pgEnum("allocation_status", ALLOCATION_STATUSES);
export const rescheduleStatus = pgEnum("reschedule_status", RESCHEDULE_STATUSES);
export const weatherAnswer = pgEnum("weather_answer", WEATHER_ANSWERS);
export const paymentProvider = pgEnum("payment_provider", PAYMENT_PROVIDERS);
export const paymentKind = pgEnum("payment_kind", PAYMENT_KINDS);
export const paymentMethod = pgEnum("payment_method", PAYMENT_METHODS);
export const paymentStatus = pgEnum("payment_status", PAYMENT_STATUSES);
export const refundStatus = pgEnum("refund_status", REFUND_STATUSES);
export const paymentMode = pgEnum("payment_mode", PAYMENT_MODES);
export const emailStatus = pgEnum("email_status", EMAIL_STATUSES);
export const uploadPurpose = pgEnum("upload_purpose", UPLOAD_PURPOSES);
export const eventAudience = pgEnum("event_audience", AUDIENCES);
export const refundReason = pgEnum("refund_reason", REFUND_REASONS);
export const adjustmentKind = pgEnum("adjustment_kind", ADJUSTMENT_KINDS);
export const taxDocumentKind = pgEnum("tax_document_kind", TAX_DOCUMENT_KINDS);
