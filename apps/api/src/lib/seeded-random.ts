/**
 * mulberry32: a small, fast seeded generator, the same on every platform. The demo data and the
 * benchmark's data set (bench/generate.mjs, from the compiled copy) draw from it, so that one seed
 * gives the same records on every run.
 */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
