import { describe, expect, it } from "vitest";
import { decideSameOrigin, normaliseOrigin, type OriginPolicy, parseOriginList } from "./same-origin";

const policy: OriginPolicy = {
  appOrigin: "http://localhost:3000",
  allowedOrigins: ["https://www.example.com"],
  trustProxy: false,
};
const behindProxy: OriginPolicy = { ...policy, trustProxy: true };

const req = (headers: Record<string, string>, url = "http://localhost:3000/api/account/login") => ({
  url,
  headers: new Headers(headers),
});

// Issue 28 #2: the site works at whatever host the browser addressed, at APP_URL and at ALLOWED_ORIGINS;
// another site's Origin is refused.
describe("decideSameOrigin", () => {
  it.each([
    ["APP_URL at its own host", policy, { origin: "http://localhost:3000", host: "localhost:3000" }, true],
    [
      "127.0.0.1 while APP_URL says localhost",
      policy,
      { origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" },
      true,
    ],
    [
      "a LAN address (a phone)",
      policy,
      { origin: "http://192.168.1.20:3000", host: "192.168.1.20:3000" },
      true,
    ],
    ["IPv6 loopback", policy, { origin: "http://[::1]:3000", host: "[::1]:3000" }, true],
    [
      "https page, plain-http app (TLS ends in front)",
      policy,
      { origin: "https://book.example", host: "book.example" },
      true,
    ],
    [
      "Host with the default port spelled out",
      policy,
      { origin: "http://shop.example", host: "SHOP.example:80" },
      true,
    ],
    [
      "a second ALLOWED_ORIGINS host, Host rewritten by a proxy",
      policy,
      { origin: "https://www.example.com", host: "10.0.0.5:3000" },
      true,
    ],
    [
      "APP_URL while the Host is internal",
      policy,
      { origin: "http://localhost:3000", host: "10.0.0.5:3000" },
      true,
    ],
    ["a forged Origin", policy, { origin: "https://evil.example", host: "localhost:3000" }, false],
    [
      "an origin on another port of the same host",
      policy,
      { origin: "http://127.0.0.1:4000", host: "127.0.0.1:3000" },
      false,
    ],
    ["Origin: null (sandboxed frame)", policy, { origin: "null", host: "localhost:3000" }, false],
    [
      "a suffix trick",
      policy,
      { origin: "http://localhost:3000.evil.example", host: "localhost:3000" },
      false,
    ],
    ["missing Origin on a POST from a tool (no fetch metadata)", policy, { host: "localhost:3000" }, true],
    [
      "missing Origin, same-origin fetch metadata",
      policy,
      { "sec-fetch-site": "same-origin", host: "localhost:3000" },
      true,
    ],
    [
      "missing Origin, cross-site fetch metadata",
      policy,
      { "sec-fetch-site": "cross-site", host: "localhost:3000" },
      false,
    ],
    [
      "X-Forwarded-Host without the trust setting",
      policy,
      { origin: "https://evil.example", host: "localhost:3000", "x-forwarded-host": "evil.example" },
      false,
    ],
    [
      "X-Forwarded-Host behind a trusted proxy",
      behindProxy,
      {
        origin: "https://book.example",
        host: "10.0.0.5:3000",
        "x-forwarded-host": "book.example",
        "x-forwarded-proto": "https",
      },
      true,
    ],
    [
      "trusted proxy, Origin matches only the internal Host",
      behindProxy,
      {
        origin: "http://10.0.0.5:3000",
        host: "10.0.0.5:3000",
        "x-forwarded-host": "book.example",
        "x-forwarded-proto": "https",
      },
      false,
    ],
    [
      "trusted proxy, scheme differs from X-Forwarded-Proto",
      behindProxy,
      {
        origin: "http://book.example",
        host: "10.0.0.5:3000",
        "x-forwarded-host": "book.example",
        "x-forwarded-proto": "https",
      },
      false,
    ],
    [
      "trusted proxy, first of several X-Forwarded-Host values",
      behindProxy,
      {
        origin: "https://book.example",
        host: "10.0.0.5:3000",
        "x-forwarded-host": "book.example, lb.internal",
      },
      true,
    ],
    ["a Host header that is not a host", policy, { origin: "http://a.example", host: "a.example/x" }, false],
  ] as const)("%s", (_name, p, headers, ok) => {
    const decision = decideSameOrigin(req({ ...headers }), p);
    expect(decision.ok).toBe(ok);
    if (!decision.ok) expect(decision.reason).toBeTruthy();
  });

  it("falls back to the request URL's host when there is no Host header", () => {
    expect(
      decideSameOrigin(req({ origin: "http://127.0.0.1:3000" }, "http://127.0.0.1:3000/x"), policy).ok,
    ).toBe(true);
    expect(
      decideSameOrigin(req({ origin: "http://evil.example" }, "http://127.0.0.1:3000/x"), policy).ok,
    ).toBe(false);
  });

  it("says what was refused and where it was sent", () => {
    expect(decideSameOrigin(req({ origin: "https://evil.example", host: "localhost:3000" }), policy)).toEqual(
      {
        ok: false,
        reason: expect.stringContaining("ALLOWED_ORIGINS"),
        origin: "https://evil.example",
        host: "localhost:3000",
      },
    );
  });
});

describe("ALLOWED_ORIGINS parsing", () => {
  it("normalises origins and lists what is not one", () => {
    expect(
      parseOriginList(" https://WWW.Example.com , http://192.168.1.20:3000,,https://a.example:443"),
    ).toEqual({
      origins: ["https://www.example.com", "http://192.168.1.20:3000", "https://a.example"],
      invalid: [],
    });
    expect(
      parseOriginList("example.com,https://a.example/path,ftp://x.example,https://u@b.example").invalid,
    ).toEqual(["example.com", "https://a.example/path", "ftp://x.example", "https://u@b.example"]);
    expect(parseOriginList(undefined)).toEqual({ origins: [], invalid: [] });
    expect(normaliseOrigin("https://a.example/")).toBe("https://a.example");
  });
});
