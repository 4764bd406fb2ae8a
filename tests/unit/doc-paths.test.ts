import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every repository path the docs name in backticks exists (issue 42 §9: five had gone stale). Checked:
// README.md and docs/**/*.md; a path from the repository's root (`src/…`, `scripts/…`, `tests/…`,
// `drizzle/…`, `docs/…`, `eslint-rules/…`), one from src (`modules/…`, `app/…`, `lib/…`) or one from a
// module's folder (`bookings/domain/…`, the module's name first). A path with a pattern in it (`*`, `<m>`,
// `{a,b}`) and one relative to something the text names (`server/index.ts`) are not checked. A file may
// be named without its extension (`src/lib/dates`).

const ROOT = path.resolve(import.meta.dirname, "../..");
const FROM_ROOT = ["src", "scripts", "tests", "drizzle", "docs", "eslint-rules"];
const FROM_SRC = ["modules", "app", "lib", "composition", "testing"];
const MODULES = fs.readdirSync(path.join(ROOT, "src/modules"));
const EXTENSIONS = ["", ".ts", ".tsx", ".mjs", ".md"];

/**
 * Named as they were, on purpose: a decision record describes the tree of its day, and its status line
 * says what moved (ADR 0004's factories and seed, now under src/testing and src/composition: ADR 0016).
 */
const HISTORICAL = new Set(["src/server/db/factories", "src/server/seed/demo-business.ts"]);

/** Made on the machine by a command the text names, so absent from a fresh clone (ignored by git). */
const GENERATED = new Set(["scripts/bench/node_modules"]);

function docs(): string[] {
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
      .flatMap((e) =>
        e.isDirectory()
          ? walk(path.join(dir, e.name))
          : e.name.endsWith(".md")
            ? [path.join(dir, e.name)]
            : [],
      );
  return ["README.md", ...walk("docs")];
}

/** The repository path a backticked name stands for, or null when it is not one this test checks. */
function repoPath(name: string): string | null {
  const p = name.replace(/[/.,;:]+$/, "").replace(/:\d+(-\d+)?$/, "");
  if (!p.includes("/") || /[*<>{}\s]/.test(p) || /^[a-z]+:\/\//.test(p)) return null;
  const first = p.split("/")[0] as string;
  if (FROM_ROOT.includes(first)) return p;
  if (FROM_SRC.includes(first)) return `src/${p}`;
  if (MODULES.includes(first) && p.split("/").length > 2) return `src/modules/${p}`;
  return null;
}

const exists = (p: string) => EXTENSIONS.some((ext) => fs.existsSync(path.join(ROOT, p + ext)));

/** "file:line: `name`" for every checked name in `text` whose path is not in the repository. */
function stalePaths(file: string, text: string, has: (p: string) => boolean = exists): string[] {
  return text.split("\n").flatMap((line, i) =>
    [...line.matchAll(/`([^`\s]+)`/g)].flatMap((m) => {
      const p = repoPath(m[1] as string);
      return p && !HISTORICAL.has(p) && !GENERATED.has(p) && !has(p) ? [`${file}:${i + 1}: \`${m[1]}\``] : [];
    }),
  );
}

describe("paths named in the docs", () => {
  it("exist in the repository", () => {
    const stale = docs().flatMap((f) => stalePaths(f, fs.readFileSync(path.join(ROOT, f), "utf8")));
    expect(stale).toEqual([]);
  });

  it("are found in backticks, from the root, from src and from a module's folder", () => {
    const text =
      "`src/gone.ts`, `lib/gone.ts` and `bookings/domain/gone.ts`; `server/index.ts`, `src/modules/<m>`";
    expect(stalePaths("x.md", text, () => false)).toEqual([
      "x.md:1: `src/gone.ts`",
      "x.md:1: `lib/gone.ts`",
      "x.md:1: `bookings/domain/gone.ts`",
    ]);
    expect(stalePaths("x.md", "`src/lib/dates`, `tests/unit/doc-paths.test.ts`")).toEqual([]);
  });
});
