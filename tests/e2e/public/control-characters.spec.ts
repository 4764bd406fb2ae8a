import { expect, test } from "../support/fixtures";

// Issue 41 §7: a control character in any query string, through the built server. A page is sent to the
// same address without that parameter — an absolute Location on the public address, with the security
// headers — and anything else is a plain 400; never a 500.

const PAGES = ["/?q=%00", "/auth/login?next=%00", "/book?x=%01"];

test("a control character in a query sends the page to its clean address, never a 500", async ({
  request,
  baseURL,
}) => {
  for (const path of PAGES) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(303);
    const location = res.headers().location ?? "";
    expect(location, path).not.toBe("");
    // Same origin (the server may send it absolute, or Next may shorten it to the path).
    expect(new URL(location, baseURL).origin).toBe(new URL(baseURL ?? "").origin);
    expect(location).not.toMatch(/%0[01]/);
    const page = await request.get(path);
    expect(page.status(), path).toBe(200);
    expect(page.headers()["content-security-policy"]).toBeTruthy();
  }
  expect((await request.post("/?q=%00", { maxRedirects: 0 })).status()).toBe(400);
  expect((await request.get("/booking/%1Fx", { maxRedirects: 0 })).status()).toBe(400);
});
