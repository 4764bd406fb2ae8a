import "server-only";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "@/env";
import { logger } from "@/server/logger";

import { assertSafeKey, type FileStorage } from "./keys";
import { S3Storage } from "./s3";

export { assertSafeKey, type FileStorage } from "./keys";
export { S3Storage } from "./s3";

/** Files under a folder on this machine (default `uploads` in the data folder); writes are atomic (temp + rename). */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temp, data);
    await rename(temp, target);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}

let storage: FileStorage | undefined;

/**
 * UPLOADS_DIR, by default in the data folder. An installation with its own PGLITE_DIR used to keep
 * uploads in ./.data/uploads: while the new folder doesn't exist and the old one does, the old one
 * stays in use, so no image goes missing on upgrade.
 */
export function uploadsRoot(): string {
  const env = getEnv();
  const root = path.resolve(env.UPLOADS_DIR);
  const legacy = env.LEGACY_UPLOADS_DIR && path.resolve(env.LEGACY_UPLOADS_DIR);
  if (legacy && !existsSync(root) && existsSync(legacy)) {
    logger.warn(
      { uploads: legacy, dataFolder: env.DATA_DIR },
      "uploads read from their old folder: move it into the data folder or set UPLOADS_DIR",
    );
    return legacy;
  }
  return root;
}

/** The configured store: S3-compatible when S3_BUCKET is set, else the local folder. */
export function getStorage(): FileStorage {
  if (!storage) {
    const env = getEnv();
    storage = env.S3_BUCKET
      ? new S3Storage({
          bucket: env.S3_BUCKET,
          prefix: env.S3_PREFIX,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          forcePathStyle: env.S3_FORCE_PATH_STYLE || Boolean(env.S3_ENDPOINT),
          ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
            ? {
                credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
              }
            : {}),
        })
      : new LocalDiskStorage(uploadsRoot());
  }
  return storage;
}
