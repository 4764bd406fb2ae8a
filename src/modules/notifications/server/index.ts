// The module's public server surface: other modules and the app import from here only (ADR 0016).
export * from "./enqueue-email";
export * from "./erase-emails";
export * from "./jobs";
export * from "./failed-emails";
export * from "./sender-address";
export * from "./outbox";
export * from "../domain/outbox-view";
export * from "./recipient-emails";
export * from "./may-email";
