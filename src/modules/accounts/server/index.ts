// The module's public server surface: other modules and the app import from here only (ADR 0016).
export * from "./auth-emails";
export * from "./change-password";
export * from "./confirm-email";
export * from "./create-passwordless-customer";
export * from "./customer-records";
export * from "./delete-account";
export * from "./export-my-data";
export * from "./http-handlers";
export * from "./jobs";
export * from "./queries";
export * from "./rate-limit";
export * from "./register";
export * from "./request-password-reset";
export * from "./resend-verification";
export * from "./reset-password";
export * from "./sign-in";
export * from "./test-hooks";
