import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  attachServiceIllustration,
  storeServiceIllustration,
  type StoredIllustration,
} from "@/modules/catalogue/server";
import type { Tx } from "@/server/db";
import type { FileStorage } from "@/server/storage";
import { DEMO_SERVICES } from "./demo-data";

// The demo services' pictures: SVG illustrations drawn for the product (one per service, in the design
// tokens' palette, each with a <title> and <desc>), committed in ./illustrations and stored on first
// start as the service's picture, the way an admin's upload is, so the admin can replace or remove them.

export type DemoIllustration = StoredIllustration;

/** The committed folder, read from the project root (the server and the scripts run there). */
export const ILLUSTRATIONS_DIR = path.join(process.cwd(), "src", "composition", "seed", "illustrations");

export async function storeDemoIllustrations(storage: FileStorage): Promise<Map<string, DemoIllustration>> {
  const stored = await Promise.all(
    DEMO_SERVICES.map(async (s) => {
      const svg = await readFile(path.join(ILLUSTRATIONS_DIR, `${s.slug}.svg`));
      return [s.slug, await storeServiceIllustration(storage, svg)] as const;
    }),
  );
  return new Map(stored);
}

export const attachDemoIllustration = (tx: Tx, serviceId: string, image: DemoIllustration) =>
  attachServiceIllustration(tx, serviceId, image);
