import "server-only";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { assertSafeKey, type FileStorage } from "./keys";

// Uploads in an S3-compatible object store (AWS S3, Cloudflare R2, MinIO, Backblaze B2…), for several
// app instances that share no disk (issue 18). Selected by S3_BUCKET; the local disk stays the default.

export type S3StorageOptions = {
  bucket: string;
  /** Keys are put under this prefix ("forecourt/"), so one bucket can serve several installations. */
  prefix?: string;
  region?: string;
  /** Another provider's endpoint (R2, MinIO…); unset: AWS. */
  endpoint?: string;
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly opts: S3StorageOptions) {
    this.client = new S3Client({
      region: opts.region ?? "auto",
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      forcePathStyle: opts.forcePathStyle ?? Boolean(opts.endpoint),
      ...(opts.credentials ? { credentials: opts.credentials } : {}),
      // Other S3-compatible stores don't all speak the SDK's newer default checksums.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  private key(key: string): string {
    assertSafeKey(key);
    return `${this.opts.prefix ?? ""}${key}`;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.opts.bucket,
        Key: this.key(key),
        Body: data,
        ContentLength: data.length,
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.opts.bucket, Key: this.key(key) }),
      );
      if (!res.Body) return null;
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (err) {
      if (err instanceof NoSuchKey) return null;
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success: the interface's promise holds.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: this.key(key) }));
  }

  /** For a graceful shutdown and tests: the client's sockets are closed. */
  close(): void {
    this.client.destroy();
  }
}
