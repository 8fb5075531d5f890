import { readFileSync } from "node:fs";
const t = JSON.parse(readFileSync("/tmp/scan-trace.json")); const ev = t.traceEvents ?? t;
// main renderer thread: find thread with most 'RunTask'?
const sums = new Map(); const byTid = new Map();
for (const e of ev) if (e.ph === "X" && e.name === "RunTask") byTid.set(e.tid, (byTid.get(e.tid) ?? 0) + e.dur);
const main = [...byTid].sort((a, b) => b[1] - a[1])[0][0];
for (const e of ev) if (e.tid === main && e.ph === "X" && e.dur) sums.set(e.name, (sums.get(e.name) ?? 0) + e.dur);
[...sums].sort((a, b) => b[1] - a[1]).slice(0, 25).forEach(([k, v]) => console.log((v / 1000).toFixed(1).padStart(9), k));
// per scan measure windows
const marks = ev.filter((e) => e.name === "passo:scan-tick" && (e.ph === "b" || e.ph === "e" || e.ph==="X"));
console.log("measures", marks.length);
