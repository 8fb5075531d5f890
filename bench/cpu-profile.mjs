// Summarizes a V8 CPU profile (`node --cpu-prof`, a .cpuprofile file): where the process spent its
// samples, by package and by function, self time and total (inclusive) time.
//
//   node --cpu-prof --cpu-prof-dir=/tmp/prof apps/api/dist/server.js   # drive it, then stop it with SIGTERM
//   node bench/cpu-profile.mjs /tmp/prof/*.cpuprofile [rows]
//
// Samples are taken on wall-clock ticks: on a busy machine a process preempted inside a system call
// (a socket write that wakes PostgreSQL) piles samples on that call. Read the JavaScript frames for
// what the code costs, and /proc's CPU time (the bench's "CPU per request") for how much.
import { readFileSync } from "node:fs";

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: node bench/cpu-profile.mjs FILE.cpuprofile [rows]");
  process.exit(2);
}
const rows = Number(rowsArg ?? 30);
const profile = JSON.parse(readFileSync(file, "utf8"));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);

/** The package a frame's script belongs to: the innermost node_modules entry, node's own modules, or the app's file. */
function packageOf(url) {
  if (!url) return "(native, GC, idle)";
  const modules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (modules) return modules.at(-1).replace("node_modules/", "");
  if (url.startsWith("node:")) return `node:${url.slice(5).split("/")[0]}`;
  const app = url.match(/\/(apps\/api|packages\/domain)\//);
  return app ? app[1] : url;
}
const frameName = (n) => `${n.callFrame.functionName || "(anonymous)"} ${packageOf(n.callFrame.url)}${n.callFrame.url ? `:${n.callFrame.lineNumber + 1}` : ""}`;

const selfTime = new Map();
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  selfTime.set(id, (selfTime.get(id) ?? 0) + dt);
  total += dt;
});

const byPackage = new Map();
const byFunction = new Map();
const inclusive = new Map();
const add = (map, key, t) => map.set(key, (map.get(key) ?? 0) + t);
for (const [id, t] of selfTime) {
  const n = nodes.get(id);
  add(byPackage, packageOf(n.callFrame.url), t);
  add(byFunction, frameName(n), t);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const name = frameName(nodes.get(at));
    if (!seen.has(name)) add(inclusive, name, t);
    seen.add(name);
  }
}

const share = (t) => `${((100 * t) / total).toFixed(1).padStart(5)} %`;
function print(title, map) {
  console.log(`\n${title}`);
  for (const [name, t] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${share(t)}  ${name}`);
}
console.log(`${(total / 1000).toFixed(0)} ms sampled`);
print("self time by package", byPackage);
print("self time by function", byFunction);
print("total time by function (the function and what it called)", inclusive);
