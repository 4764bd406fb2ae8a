import fs from "node:fs";
import os from "node:os";
import path from "node:path";
// s3rver: a small S3-compatible server (npm), run on localhost for the storage adapter's tests.
// @ts-expect-error — the package ships no types
import S3rver from "s3rver";

export type LocalS3 = { endpoint: string; bucket: string; stop: () => Promise<void> };

/** An S3-compatible server on a free local port with one empty bucket; its files in a temp folder. */
export async function startLocalS3(bucket = "forecourt-uploads"): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    stop: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
