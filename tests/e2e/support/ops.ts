/** The demo e2e server's Prometheus token (playwright.config.ts sets it; metrics.spec.ts scrapes with it). */
export const E2E_METRICS_TOKEN = "e2e-metrics-token-0123456789";
