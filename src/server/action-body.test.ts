import { describe, expect, it } from "vitest";
import { jsonArgumentProblem, multipartBoundary, multipartProblem, nestsDeeperThan } from "./action-body";

const enc = new TextEncoder();
const B = "----WebKitFormBoundaryAbCdEf";
const part = (name: string, value: string, filename?: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: application/octet-stream` : ""}\r\n\r\n${value}\r\n`;

describe("server action bodies (issue 28 #6)", () => {
  it("measures nesting outside strings", () => {
    expect(nestsDeeperThan("[[[1]]]", 3)).toBe(false);
    expect(nestsDeeperThan("[[[[1]]]]", 3)).toBe(true);
    expect(nestsDeeperThan('["[[[[[[", "\\"[[[["]', 2)).toBe(false);
    expect(nestsDeeperThan("[".repeat(50_000), 64)).toBe(true);
  });

  it.each([
    ['[{"name":"Wash","at":"$D2030-01-01"}]', null],
    ["not json", "not JSON"],
    ["", "not JSON"],
    ['[{"a":1}', "not JSON"],
    ["[".repeat(50_000) + "]".repeat(50_000), "nested deeper than 64"],
    ["[".repeat(64) + "]".repeat(64), null],
  ])("JSON argument %#", (text, problem) => {
    expect(jsonArgumentProblem(text)).toBe(problem);
  });

  it("reads the boundary, quoted or not", () => {
    expect(multipartBoundary(`multipart/form-data; boundary=${B}`)).toBe(B);
    expect(multipartBoundary(`multipart/form-data; boundary="a b"`)).toBe("a b");
    expect(multipartBoundary("multipart/form-data")).toBeNull();
  });

  it("accepts a complete multipart body and refuses one cut short", () => {
    const full = part("1_email", "sam@example.test") + part("0", '["$K1"]') + `--${B}--\r\n`;
    expect(multipartProblem(enc.encode(full), B)).toBeNull();
    expect(multipartProblem(enc.encode(full.slice(0, full.length - 10)), B)).toMatch(/truncated/);
    expect(multipartProblem(enc.encode(full.slice(0, 60)), B)).toMatch(/truncated/);
    expect(multipartProblem(enc.encode("hello"), B)).toBe("no boundary in the body");
  });

  it("checks React's argument parts, not form fields or files", () => {
    const deep = "[".repeat(50_000) + "]".repeat(50_000);
    expect(multipartProblem(enc.encode(part("0", deep) + `--${B}--`), B)).toBe(
      "part 0: nested deeper than 64",
    );
    expect(multipartProblem(enc.encode(part("0", "{oops") + `--${B}--`), B)).toBe("part 0: not JSON");
    const fine = part("1_note", "[[[[ not json") + part("2", "\u0000[[[[binary", "blob") + part("0", "[]");
    expect(multipartProblem(enc.encode(fine + `--${B}--`), B)).toBeNull();
  });
});
