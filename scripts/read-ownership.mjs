// Reads of the central tables go through their owner (issue 42, item 3). Writes are owned by the lint
// (eslint-rules/module-boundaries.mjs: a table's `// @owner` line in its schema file); reads are counted here,
// against a ratchet (scripts/read-ownership.baseline.json) so the debt can only fall.
//
// What counts: a product file in src/modules/** or src/app/** (tests excluded) outside the table's owner
// modules (and not a module's server/test-hooks.ts, which arranges state for the browser tests as src/testing
// does) that imports the table object from the schema (`@/server/db/schema[/x]` or a relative path into it)
// and uses it — every use of that binding is one reference: `bookings.id`, `.from(bookings)`,
// `typeof bookings.$inferSelect` (a type of the row ties the file to its columns as well). A relational query
// (`db.query.bookings`) counts too. Owners are the schema's `// @owner` lines: one definition for both lints.
//
// `node scripts/read-ownership.mjs` prints one line per table (lint runs it with --check: fails when a number
// is above the baseline); `--files` lists the files; `--write` lowers the baseline to today's numbers.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { areaOf, readTableOwners } from "../eslint-rules/module-boundaries.mjs";

const root = path.resolve(import.meta.dirname, "..");
const BASELINE = path.join(root, "scripts/read-ownership.baseline.json");
export const CENTRAL_TABLES = ["bookings", "users", "allocations"];
const SCHEMA = /^@\/server\/db\/schema(\/[a-z-]+)?$/;
const SCHEMA_DIR = path.join(root, "src/server/db/schema");

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$|^test-hooks\.ts$/.test(e.name) ? [full] : [];
  });
}

function fromSchema(source, file) {
  if (SCHEMA.test(source)) return true;
  if (!source.startsWith(".") || !file) return false;
  const resolved = path.resolve(path.dirname(file), source);
  return resolved === SCHEMA_DIR || resolved.startsWith(SCHEMA_DIR + path.sep);
}

/** Is this identifier a name of something else (a property, a key), not a use of the binding? */
function isOtherName(node) {
  const p = node.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === node) return true;
  if (ts.isQualifiedName(p) && p.right === node) return true;
  if (
    (ts.isPropertyAssignment(p) || ts.isPropertySignature(p) || ts.isPropertyDeclaration(p)) &&
    p.name === node
  )
    return true;
  if ((ts.isMethodDeclaration(p) || ts.isBindingElement(p)) && p.propertyName === node) return true;
  return ts.isImportSpecifier(p) || ts.isExportSpecifier(p);
}

/** References to each of `tables` in one file's source: table → count (tables not used are left out). */
export function countReads(source, tables = CENTRAL_TABLES, file = "x.ts") {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const local = new Map(); // local name → table
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !fromSchema(st.moduleSpecifier.text, file)) continue;
    const named = st.importClause?.namedBindings;
    if (!named || !ts.isNamedImports(named)) continue;
    for (const spec of named.elements) {
      const imported = (spec.propertyName ?? spec.name).text;
      if (tables.includes(imported)) local.set(spec.name.text, imported);
    }
  }
  const counts = {};
  const add = (t) => (counts[t] = (counts[t] ?? 0) + 1);
  const visit = (node) => {
    if (ts.isIdentifier(node) && local.has(node.text) && !isOtherName(node)) add(local.get(node.text));
    // The relational API reads a table without importing it: db.query.bookings.findMany(…).
    if (
      ts.isPropertyAccessExpression(node) &&
      tables.includes(node.name.text) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === "query"
    )
      add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return counts;
}

/** For each central table: the files outside its owners that read it, with their reference counts. */
export function readDebt(base = root) {
  const owners = readTableOwners(path.join(base, "src/server/db/schema"));
  const debt = Object.fromEntries(CENTRAL_TABLES.map((t) => [t, new Map()]));
  const files = [
    ...sourceFiles(path.join(base, "src/modules")),
    ...sourceFiles(path.join(base, "src/app")),
  ].sort();
  for (const file of files) {
    const counts = countReads(fs.readFileSync(file, "utf8"), CENTRAL_TABLES, file);
    const area = areaOf(file);
    for (const [table, n] of Object.entries(counts)) {
      const owner = owners.get(table);
      if (!owner) throw new Error(`${table} has no '// @owner' line in its schema file`);
      if (!owner.includes(area)) debt[table].set(path.relative(base, file).split(path.sep).join("/"), n);
    }
  }
  return debt;
}

/** table → { files, references } */
export function totals(debt) {
  return Object.fromEntries(
    Object.entries(debt).map(([t, files]) => [
      t,
      { files: files.size, references: [...files.values()].reduce((a, b) => a + b, 0) },
    ]),
  );
}

/** The numbers that rose above the baseline, as messages (none: the ratchet holds). */
export function rises(now, baseline) {
  const out = [];
  for (const [table, n] of Object.entries(now)) {
    const was = baseline[table] ?? { files: 0, references: 0 };
    for (const k of ["files", "references"])
      if (n[k] > was[k])
        out.push(`${table}: ${n[k]} ${k} outside its owner, above the baseline of ${was[k]}`);
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const owners = readTableOwners();
  const debt = readDebt();
  const now = totals(debt);
  const baseline = fs.existsSync(BASELINE) ? JSON.parse(fs.readFileSync(BASELINE, "utf8")) : {};
  for (const [table, n] of Object.entries(now)) {
    const was = baseline[table];
    const vs = was ? ` (baseline ${was.files} files, ${was.references} references)` : "";
    console.log(
      `read-ownership: ${table} (owner ${owners.get(table).join(", ")}): ${n.files} files, ${n.references} references outside the owner${vs}`,
    );
    if (process.argv.includes("--files"))
      for (const [file, refs] of debt[table]) console.log(`  ${String(refs).padStart(4)}  ${file}`);
  }
  if (process.argv.includes("--write")) {
    fs.writeFileSync(BASELINE, `${JSON.stringify(now, null, 2)}\n`);
  } else if (process.argv.includes("--check")) {
    const up = rises(now, baseline);
    for (const m of up)
      console.error(`read-ownership: ${m}. Read it through its owner's public functions instead.`);
    const down = Object.entries(now).some(
      ([t, n]) => baseline[t] && (n.files < baseline[t].files || n.references < baseline[t].references),
    );
    if (!up.length && down)
      console.log(
        "read-ownership: below the baseline: lower it with node scripts/read-ownership.mjs --write",
      );
    process.exit(up.length ? 1 : 0);
  }
}
