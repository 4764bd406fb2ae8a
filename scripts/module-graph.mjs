// The modules' dependency graph, read from the code (ADR 0044): which module imports which. Prints it as a
// Mermaid diagram; `--write` puts it into docs/architecture.md between its markers, `--check` fails when the
// document's diagram is not the code's, or when the modules' imports go round in a circle (lint runs it).
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const modulesDir = path.join(root, "src/modules");
const doc = path.join(root, "docs/architecture.md");
const START = "<!-- module-graph:start (scripts/module-graph.mjs --write) -->";
const END = "<!-- module-graph:end -->";

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** module → the modules it imports (types included: a type is a dependency too). */
export function moduleGraph() {
  const graph = new Map();
  for (const mod of fs.readdirSync(modulesDir).sort()) {
    const uses = new Set();
    for (const file of sourceFiles(path.join(modulesDir, mod))) {
      const text = fs.readFileSync(file, "utf8");
      for (const m of text.matchAll(/from\s+["']@\/modules\/([a-z-]+)\//g)) if (m[1] !== mod) uses.add(m[1]);
    }
    graph.set(mod, [...uses].sort());
  }
  return graph;
}

/** Each circle of modules once (as found by a depth-first walk), or none. */
export function circles(graph) {
  const found = [];
  const state = new Map();
  const stack = [];
  const visit = (m) => {
    state.set(m, "open");
    stack.push(m);
    for (const n of graph.get(m) ?? []) {
      if (state.get(n) === "open") found.push([...stack.slice(stack.indexOf(n)), n]);
      else if (!state.has(n)) visit(n);
    }
    stack.pop();
    state.set(m, "done");
  };
  for (const m of graph.keys()) if (!state.has(m)) visit(m);
  return found;
}

export function mermaid(graph) {
  const lines = ["```mermaid", "graph TD"];
  for (const [mod, uses] of graph) {
    if (!uses.length) lines.push(`  ${mod}`);
    for (const u of uses) lines.push(`  ${mod} --> ${u}`);
  }
  lines.push("```");
  return lines.join("\n");
}

function documented() {
  const text = fs.readFileSync(doc, "utf8");
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  if (a < 0 || b < a) throw new Error(`docs/architecture.md has no ${START} … ${END} block`);
  return { text, a, b, block: text.slice(a + START.length, b).trim() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const graph = moduleGraph();
  const diagram = mermaid(graph);
  const loops = circles(graph);
  if (process.argv.includes("--write")) {
    const { text, a, b } = documented();
    fs.writeFileSync(doc, `${text.slice(0, a + START.length)}\n${diagram}\n${text.slice(b)}`);
  } else if (process.argv.includes("--check")) {
    let failed = false;
    for (const loop of loops) {
      console.error(`Modules import each other in a circle: ${loop.join(" → ")}`);
      failed = true;
    }
    if (documented().block !== diagram) {
      console.error(
        "docs/architecture.md's module diagram is not the code's: run node scripts/module-graph.mjs --write",
      );
      failed = true;
    }
    process.exit(failed ? 1 : 0);
  } else {
    console.log(diagram);
    for (const loop of loops) console.log(`circle: ${loop.join(" → ")}`);
  }
}
