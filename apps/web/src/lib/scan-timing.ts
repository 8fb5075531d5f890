/**
 * The Performance API's names for a scan's time to its painted tick: the scan handler marks
 * SCAN_MARK when the code arrives, and once the ticked state is on screen SCAN_MEASURE is measured
 * from it (bench/scan-tick.mjs reads it in a browser). Marks cost nothing when nobody reads them.
 */
export const SCAN_MARK = "passo:scan";
export const SCAN_MEASURE = "passo:scan-tick";

export function markScan() {
  performance.clearMarks(SCAN_MARK);
  performance.mark(SCAN_MARK);
}

/** After the next paint: a frame is drawn, then the task after it runs. */
export function measureScanTick() {
  if (performance.getEntriesByName(SCAN_MARK, "mark").length === 0) return;
  requestAnimationFrame(() =>
    setTimeout(() => {
      performance.measure(SCAN_MEASURE, SCAN_MARK);
      performance.clearMarks(SCAN_MARK);
    }, 0),
  );
}
