import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A small S3-compatible server on localhost for the storage adapter's contract test: the object calls the
// adapter makes (PutObject, GetObject, HeadObject, DeleteObject), path-style, in memory, answering as S3
// does (NoSuchKey / NoSuchBucket XML errors, an idempotent delete), and checking every request's AWS
// Signature Version 4 against the one key pair it knows — a wrong secret or a tampered body is refused
// with 403 SignatureDoesNotMatch, as AWS would. It replaced s3rver (unmaintained since 2021; koa, winston
// and ~90 packages for these four calls — ADR 0048).

export type LocalS3 = {
  endpoint: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  stop: () => Promise<void>;
};

const CREDENTIALS = { accessKeyId: "LOCALS3KEY", secretAccessKey: "local-s3-secret" };

/** An S3-compatible server on a free local port with one empty bucket. */
export async function startLocalS3(bucket = "forecourt-uploads"): Promise<LocalS3> {
  const objects = new Map<string, Buffer>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        handle(req, Buffer.concat(chunks), res);
      } catch (err) {
        reply(res, 500, "InternalError", String(err));
      }
    });
  });

  function handle(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", "http://local");
    const denied = checkSignature(req, url, body);
    if (denied) return reply(res, 403, "SignatureDoesNotMatch", denied);
    const [, bucketName = "", ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    if (bucketName !== bucket) return reply(res, 404, "NoSuchBucket", "The specified bucket does not exist");
    if (!key) return reply(res, 501, "NotImplemented", "Only object calls are served");
    const id = `${bucketName}/${key}`;
    switch (req.method) {
      case "PUT": {
        objects.set(id, body);
        res.writeHead(200, { ETag: `"${createHash("md5").update(body).digest("hex")}"` }).end();
        return;
      }
      case "GET":
      case "HEAD": {
        const data = objects.get(id);
        if (!data) return reply(res, 404, "NoSuchKey", "The specified key does not exist.", req.method);
        res.writeHead(200, {
          "Content-Type": "application/octet-stream",
          "Content-Length": data.length,
          ETag: `"${createHash("md5").update(data).digest("hex")}"`,
        });
        res.end(req.method === "GET" ? data : undefined);
        return;
      }
      case "DELETE":
        objects.delete(id);
        res.writeHead(204).end();
        return;
      default:
        return reply(res, 405, "MethodNotAllowed", `${req.method} is not served`);
    }
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    credentials: CREDENTIALS,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function reply(res: http.ServerResponse, status: number, code: string, message: string, method?: string) {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  res.writeHead(status, { "Content-Type": "application/xml", "Content-Length": Buffer.byteLength(xml) });
  res.end(method === "HEAD" ? undefined : xml);
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();
// RFC 3986 encoding, as SigV4's canonical query string wants it.
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Why the request's SigV4 signature is wrong, or null when it is right. */
function checkSignature(req: http.IncomingMessage, url: URL, body: Buffer): string | null {
  const auth = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(
    req.headers.authorization ?? "",
  );
  if (!auth) return "Missing or malformed Authorization header";
  const [, credential = "", signedHeaders = "", signature = ""] = auth;
  const [accessKeyId, date = "", region = "", service = "", terminal] = credential.split("/");
  if (accessKeyId !== CREDENTIALS.accessKeyId) return "Unknown access key";
  if (service !== "s3" || terminal !== "aws4_request") return "Bad credential scope";
  const amzDate = String(req.headers["x-amz-date"] ?? "");
  const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
  if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body)) return "The body's hash differs";

  const headerNames = signedHeaders.split(";");
  const canonicalHeaders = headerNames
    .map((h) => {
      const v = req.headers[h];
      return `${h}:${(Array.isArray(v) ? v.join(",") : (v ?? "")).trim().replace(/\s+/g, " ")}\n`;
    })
    .join("");
  const canonicalQuery = [...url.searchParams]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const canonicalRequest = [
    req.method,
    url.pathname,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join("\n");
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  let key = hmac(`AWS4${CREDENTIALS.secretAccessKey}`, date);
  for (const part of [region, service, "aws4_request"]) key = hmac(key, part);
  const expected = createHmac("sha256", key).update(stringToSign).digest("hex");
  const ok =
    expected.length === signature.length && timingSafeEqual(Buffer.from(expected), Buffer.from(signature));
  return ok ? null : "The request signature we calculated does not match the signature you provided";
}
