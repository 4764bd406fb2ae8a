import { notFound } from "next/navigation";
import { testRoutesEnabled } from "@/server/test-routes";

// Exists only when the test environment enables it (ENABLE_TEST_ROUTES=1): proves that a server
// render failure shows the generic error page with a digest and never the internal message.
export default async function TestErrorPage() {
  if (!testRoutesEnabled()) notFound();
  throw new Error("Internal detail that must never reach the browser: connection string postgres://secret");
}
