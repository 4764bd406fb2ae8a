import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FileStorage, LocalDiskStorage, S3Storage } from "@/server/storage";
import { type LocalS3, startLocalS3 } from "../support/s3-server";

// One contract for every file store (issue 18): the local folder (the default) and the S3-compatible
// adapter (S3_BUCKET), the latter against an S3-compatible server on localhost that checks each request's
// signature (tests/support/s3-server.ts).

let s3: LocalS3;
let credentials: LocalS3["credentials"];

beforeAll(async () => {
  s3 = await startLocalS3();
  credentials = s3.credentials;
});
afterAll(async () => {
  await s3.stop();
});

const stores: [string, () => FileStorage][] = [
  ["local disk", () => new LocalDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), "uploads-")))],
  [
    "S3-compatible",
    () =>
      new S3Storage({
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: "us-east-1",
        credentials,
        prefix: "shop-a/",
      }),
  ],
];

describe.each(stores)("file storage: %s", (_name, make) => {
  it("puts, gets the same bytes back, replaces, and deletes (a missing file is null, deleting it again is fine)", async () => {
    const store = make();
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 255]);
    await store.put("services/0b0c3c8e-1d9a-4f5e-9a51-3c1c6c0a7a11.webp", bytes);
    expect(await store.get("services/0b0c3c8e-1d9a-4f5e-9a51-3c1c6c0a7a11.webp")).toEqual(bytes);
    const bigger = Buffer.alloc(300_000, 7);
    await store.put("services/0b0c3c8e-1d9a-4f5e-9a51-3c1c6c0a7a11.webp", bigger);
    expect((await store.get("services/0b0c3c8e-1d9a-4f5e-9a51-3c1c6c0a7a11.webp"))?.equals(bigger)).toBe(
      true,
    );
    await store.delete("services/0b0c3c8e-1d9a-4f5e-9a51-3c1c6c0a7a11.webp");
    expect(await store.get("services/0b0c3c8e-1d9a-4f5e-9a51-3c1c6c0a7a11.webp")).toBeNull();
    await expect(store.delete("services/0b0c3c8e-1d9a-4f5e-9a51-3c1c6c0a7a11.webp")).resolves.toBeUndefined();
    expect(await store.get("services/never-there.webp")).toBeNull();
  });

  it("refuses a key that could escape its place", async () => {
    const store = make();
    for (const key of [
      "../etc/passwd",
      "services/../../x.webp",
      "/abs.webp",
      "UPPER.webp",
      "services/a b.webp",
    ])
      await expect(store.put(key, Buffer.from("x"))).rejects.toThrow(/Unsafe storage key/);
  });
});

describe("the S3 adapter", () => {
  it("keeps an installation's files under its prefix in the shared bucket", async () => {
    const store = new S3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: "us-east-1",
      credentials,
      prefix: "shop-b/",
    });
    await store.put("services/prefixed.webp", Buffer.from("hello"));
    const raw = new S3Client({
      endpoint: s3.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials,
    });
    const res = await raw.send(
      new GetObjectCommand({ Bucket: s3.bucket, Key: "shop-b/services/prefixed.webp" }),
    );
    expect(Buffer.from((await res.Body?.transformToByteArray()) ?? []).toString()).toBe("hello");
    raw.destroy();
    // Another installation's prefix doesn't see it.
    const other = new S3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: "us-east-1",
      credentials,
      prefix: "shop-c/",
    });
    expect(await other.get("services/prefixed.webp")).toBeNull();
  });

  it("is refused, not answered as a missing file, with the wrong secret", async () => {
    const store = new S3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: "us-east-1",
      credentials: { ...credentials, secretAccessKey: "not-the-secret" },
    });
    await expect(store.put("services/x.webp", Buffer.from("x"))).rejects.toThrow(/signature/i);
    await expect(store.get("services/x.webp")).rejects.toThrow(/signature/i);
    store.close();
  });

  it("fails loudly, not as a missing file, when the store can't be reached", async () => {
    const store = new S3Storage({
      bucket: s3.bucket,
      endpoint: "http://127.0.0.1:9",
      region: "us-east-1",
      credentials,
    });
    await expect(store.get("services/x.webp")).rejects.toThrow();
  });
});
