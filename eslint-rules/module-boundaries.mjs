// Module boundaries that a linter keeps (ADR 0016):
// 1. Another module is reached through its public surface only: `@/modules/<m>/server` (its index),
//    `schemas`, `actions`, `components/*`, `domain/*`, `links` — never `@/modules/<m>/server/<file>`.
//    A module's test hooks (`@/modules/<m>/server/test-hooks`: arranging state for the browser tests) are
//    a separate entry that only the test routes (`src/app/api/test/**`) and `src/testing` may import.
// 2. The platform (`src/server`) imports no module; the composition root (`src/composition`) wires them.
// 3. A module (and the platform, the app, the composition root) writes only the tables it owns. Each table's owner is written in its schema file as a
//    `// @owner <module>[, <module>]` line above `export const <table> = pgTable(…)`.
import fs from "node:fs";
import path from "node:path";

const SCHEMA_DIR = path.resolve(import.meta.dirname, "../src/server/db/schema");

/** Table export name → the modules that may write it ("platform" = src/server). */
export function readTableOwners(dir = SCHEMA_DIR) {
  const owners = new Map();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
    let pending = null;
    for (const line of fs.readFileSync(path.join(dir, file), "utf8").split("\n")) {
      const tag = line.match(/^\s*\/\/ @owner ([a-z][a-z, -]*)$/);
      if (tag) pending = tag[1].split(",").map((s) => s.trim());
      const table = line.match(/^export const (\w+) = pgTable\(/);
      if (table) {
        if (pending) owners.set(table[1], pending);
        else owners.set(table[1], null);
        pending = null;
      }
    }
  }
  return owners;
}

/** Which area a file belongs to: a module's name, "platform", "composition", "app"… or null (not in src). */
export function areaOf(filename) {
  const rel = filename.split(path.sep).join("/");
  const m = rel.match(/(?:^|\/)src\/modules\/([a-z-]+)\//);
  if (m) return m[1];
  if (/(?:^|\/)src\/server\//.test(rel)) return "platform";
  if (/(?:^|\/)src\/composition\//.test(rel)) return "composition";
  if (/(?:^|\/)src\/testing\//.test(rel)) return "testing";
  if (/(?:^|\/)src\//.test(rel)) return "app";
  return null;
}

function isRelativeSchemaImport(filename, source) {
  if (!source.startsWith(".")) return false;
  const resolved = path.resolve(path.dirname(filename), source);
  return resolved === SCHEMA_DIR || resolved.startsWith(SCHEMA_DIR + path.sep);
}

const WRITE_METHODS = new Set(["insert", "update", "delete"]);
const SCHEMA_SOURCES = /^@\/server\/db\/schema(\/[a-z-]+)?$/;

/** @type {import("eslint").Rule.RuleModule} */
export const moduleBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "Modules talk through public surfaces and write only their own tables." },
    schema: [],
    messages: {
      deepImport:
        "Import {{module}}'s public surface ('@/modules/{{module}}/server'), not its internals ('{{source}}').",
      testHooksOutsideTests:
        "'{{source}}' arranges state for tests: only src/app/api/test/** and src/testing may import it.",
      platformImportsModule:
        "The platform (src/server) imports no module; wire '{{source}}' in from src/composition instead.",
      foreignWrite:
        "'{{table}}' belongs to {{owners}}: call {{owners}}'s public functions instead of writing its table.",
      unownedTable: "'{{table}}' has no '// @owner' line in its schema file.",
    },
  },
  create(context) {
    const area = areaOf(context.filename);
    if (area === null) return {};
    const rel = context.filename.split(path.sep).join("/");
    const owners = readTableOwners();
    /** Local names of tables imported from the schema, mapped to their export names. */
    const tables = new Map();

    return {
      ImportDeclaration(node) {
        const source = String(node.source.value);
        const mod = source.match(/^@\/modules\/([a-z-]+)\/(.*)$/);
        if (mod) {
          const [, target, rest] = mod;
          const mayUseTestHooks = area === "testing" || /(?:^|\/)src\/app\/api\/test\//.test(rel);
          if (rest === "server/test-hooks") {
            if (!mayUseTestHooks)
              context.report({ node, messageId: "testHooksOutsideTests", data: { source } });
          } else if (area === "platform") {
            context.report({ node, messageId: "platformImportsModule", data: { source } });
          } else if (target !== area && /^server\/./.test(rest)) {
            context.report({ node, messageId: "deepImport", data: { module: target, source } });
          }
        }
        if (SCHEMA_SOURCES.test(source) || isRelativeSchemaImport(context.filename, source)) {
          for (const spec of node.specifiers) {
            if (spec.type === "ImportSpecifier" && spec.imported.type === "Identifier")
              tables.set(spec.local.name, spec.imported.name);
          }
        }
      },
      CallExpression(node) {
        // Factories arrange any state a test needs (even ones the use cases refuse), so they write rows
        // directly; the app's routes and the composition root only call modules.
        if (area === "testing") return;
        const callee = node.callee;
        if (callee.type !== "MemberExpression" || callee.property.type !== "Identifier") return;
        if (!WRITE_METHODS.has(callee.property.name)) return;
        const arg = node.arguments[0];
        if (!arg || arg.type !== "Identifier" || !tables.has(arg.name)) return;
        const table = tables.get(arg.name);
        if (!owners.has(table)) return; // an enum or a helper, not a table
        const allowed = owners.get(table);
        if (!allowed) {
          context.report({ node, messageId: "unownedTable", data: { table } });
          return;
        }
        if (!allowed.includes(area))
          context.report({ node, messageId: "foreignWrite", data: { table, owners: allowed.join(" or ") } });
      },
    };
  },
};

const plugin = { rules: { "module-boundaries": moduleBoundaries } };
export default plugin;
