// `node --import ./scripts/plain-node.mjs …`: lets server code (which imports `server-only`) run in plain
// Node, with React's ordinary build — see server-only-hooks.mjs.
import { register } from "node:module";

register("./server-only-hooks.mjs", import.meta.url);
