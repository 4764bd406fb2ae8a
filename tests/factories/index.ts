// The factories live in src/server/db/factories because the first start seeds through them; tests use
// the very same ones (docs/decisions/0004-factories-in-src.md).
export * from "@/server/db/factories";
