import "server-only";
import { z } from "zod";
import { parseOriginList } from "@/server/same-origin";

// The only reader of process.env. Everything is validated once, at first use, and fails fast with a
// readable list of what is wrong (never a stack trace full of `undefined`).
const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: z
      .string()
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    // The data folder: the auth secret, and by default the embedded database and uploads. Unset: the
    // folder named by PGLITE_DIR when that is set, else .data.
    DATA_DIR: z.string().min(1).optional(),
    PGLITE_DIR: z.string().min(1).optional(),
    // Where uploaded images are stored (the default local-disk storage). Default: uploads in the data folder.
    UPLOADS_DIR: z.string().min(1).optional(),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    // The public address (emailed links, auth). Defaults to this machine on PORT.
    APP_URL: z.string().url().optional(),
    // Other addresses the site may be used at besides APP_URL and the host a request was sent to (a www
    // alias behind a proxy that rewrites Host, a second domain): comma-separated origins.
    ALLOWED_ORIGINS: z
      .string()
      .optional()
      .transform((raw, ctx) => {
        const { origins, invalid } = parseOriginList(raw);
        if (invalid.length > 0)
          ctx.addIssue({
            code: "custom",
            message: `not an origin (scheme://host[:port], http or https, no path): ${invalid.join(", ")}`,
          });
        return origins;
      }),
    AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
    SMTP_URL: z
      .string()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    EMAIL_FROM: z.string().default("Forecourt <no-reply@forecourt.local>"),
    EMAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
    EMAIL_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(30),
    JOBS_MODE: z.enum(["auto", "web", "worker"]).default("auto"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    ENABLE_TEST_ROUTES: bool,
    // Registration, verification resend, password reset requests and email confirmation: attempts allowed
    // per window, counted in the database so that every app instance shares them.
    AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).max(10_000).default(5),
    AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    // Password checks (sign-in, change password, change email), per window (ADR 0041): wrong passwords
    // from one address for one account, then refused; wrong passwords from one address for any account,
    // then refused; every attempt from one address (a success resets the failure counts, not this); and
    // wrong passwords for one account from anywhere after which each answer is delayed (never refused).
    AUTH_SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP: z.coerce.number().int().min(1).max(10_000).default(5),
    AUTH_SIGN_IN_FAILURES_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
    AUTH_SIGN_IN_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(100),
    AUTH_SIGN_IN_SLOW_AFTER: z.coerce.number().int().min(1).max(100_000).default(10),
    // Password reset emails one account is sent per window, whoever asks (the answer never says).
    AUTH_RESET_EMAILS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1_000).default(3),
    // Booking submissions (/api/book) per client address per hour: one connection can't fill the calendar
    // with payment holds.
    BOOKING_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
    // How many proxies in front of the app append to X-Forwarded-For. 0 (no proxy): the client address
    // is the socket peer; N: the entry N places from the right (entries further left are whatever the
    // client sent).
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    // Set by scripts/server.mjs for each start: proves that the socket-peer header came from it.
    FORECOURT_PEER_KEY: z.string().min(16).optional(),
    // GET /api/metrics (Prometheus) answers only with `Authorization: Bearer <this>`; unset: no endpoint.
    METRICS_TOKEN: z
      .string()
      .min(16, "METRICS_TOKEN must be at least 16 characters")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    // Uploaded images in an S3-compatible object store (AWS S3, R2, MinIO…) instead of UPLOADS_DIR: needed
    // when several app instances share no disk. Credentials: the S3_* keys, or the SDK's usual chain.
    S3_BUCKET: z
      .string()
      .min(1)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    S3_PREFIX: z
      .string()
      .regex(/^([a-z0-9-]+\/)*$/, "S3_PREFIX: lower-case folder names ending in /")
      .optional(),
    S3_REGION: z.string().min(1).optional(),
    S3_ENDPOINT: z.string().url().optional(),
    S3_FORCE_PATH_STYLE: bool,
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    SEED_ON_START: z.enum(["auto", "demo", "settings", "never"]).default("auto"),
    // The demo history's random seed: the same number (and the same day) gives the same demo business.
    DEMO_SEED: z.coerce.number().int().min(0).max(4294967295).default(27),
    // Who takes online payments. Unset: Stripe when its keys are set, else the built-in test provider
    // (no real money) — which a production PostgreSQL installation must ask for by name.
    PAYMENTS_PROVIDER: z
      .enum(["stripe", "test"])
      .optional()
      .or(z.literal("").transform(() => undefined)),
    // Stripe (Checkout Sessions + signed webhooks).
    STRIPE_SECRET_KEY: z
      .string()
      .min(1)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .min(1)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    // Another Stripe API server (stripe-mock, or the fault suite's stand-in); unset: api.stripe.com.
    STRIPE_API_URL: z
      .string()
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined)),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "AUTH_SECRET is required in production with PostgreSQL (openssl rand -base64 32)",
      });
    }
    // With the test provider anyone holding a checkout link can "pay": a live installation must say so.
    if (
      env.NODE_ENV === "production" &&
      env.DATABASE_URL &&
      !env.STRIPE_SECRET_KEY &&
      env.PAYMENTS_PROVIDER !== "test"
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message:
          "no payment provider is configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS_PROVIDER=test " +
          "to take test payments only (anyone with a checkout link can then mark a booking paid; no real money is taken)",
      });
    }
    if (env.PAYMENTS_PROVIDER === "stripe" && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message: "PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
      });
    }
    // Without the signing secret no webhook could be verified: late payments would go unnoticed.
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message: "STRIPE_WEBHOOK_SECRET (whsec_…) is required when STRIPE_SECRET_KEY is set",
      });
    }
  });

type Parsed = z.infer<typeof schema>;
export type Env = Omit<Parsed, "APP_URL" | "DATA_DIR" | "PGLITE_DIR" | "UPLOADS_DIR"> & {
  APP_URL: string;
  DATA_DIR: string;
  PGLITE_DIR: string;
  UPLOADS_DIR: string;
  /** Where uploads were kept by default before they moved into the data folder, when that differs. */
  LEGACY_UPLOADS_DIR?: string;
};

// The data folder is where the operator put the data: a PGLITE_DIR of /srv/a keeps its secret in /srv/a,
// never in the shared parent. The defaults are the layout of earlier releases (.data/pglite,
// .data/uploads, .data/auth-secret), so an existing installation finds everything where it was.
function dataPaths(p: Parsed): Pick<Env, "DATA_DIR" | "PGLITE_DIR" | "UPLOADS_DIR" | "LEGACY_UPLOADS_DIR"> {
  const explicitPglite = p.PGLITE_DIR && !p.PGLITE_DIR.startsWith("memory://") ? p.PGLITE_DIR : undefined;
  const DATA_DIR = p.DATA_DIR ?? explicitPglite ?? ".data";
  return {
    DATA_DIR,
    PGLITE_DIR: p.PGLITE_DIR ?? `${DATA_DIR}/pglite`,
    UPLOADS_DIR: p.UPLOADS_DIR ?? `${DATA_DIR}/uploads`,
    LEGACY_UPLOADS_DIR: p.UPLOADS_DIR || DATA_DIR === ".data" ? undefined : ".data/uploads",
  };
}

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  cached = {
    ...parsed.data,
    ...dataPaths(parsed.data),
    APP_URL: parsed.data.APP_URL ?? `http://localhost:${parsed.data.PORT}`,
  };
  return cached;
}

/** For tests that change the environment between cases. */
export function resetEnvCache(): void {
  cached = undefined;
}

export const isEmbeddedDatabase = (): boolean => !getEnv().DATABASE_URL;

/** Whether this process runs background jobs: the web process does for the embedded database only. */
export function jobsRunInWeb(): boolean {
  const { JOBS_MODE } = getEnv();
  if (JOBS_MODE === "web") return true;
  if (JOBS_MODE === "worker") return false;
  return isEmbeddedDatabase();
}
