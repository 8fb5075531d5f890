/**
 * Toasts stay where the spec puts them (bottom right), and rise above a screen's action bar while
 * that bar sits at the bottom of the screen, so that no toast covers 'Iniciar', 'Finalizar' or the
 * transfer number. The toaster reads the lift from the CSS variable `--toast-lift` on <html>.
 */

/** The band at the bottom of the screen where the toasts stack. */
const TOAST_BAND_PX = 160;
const GAP_PX = 12;

const bars = new Set<Element>();
let frame = 0;
let bodyObserver: ResizeObserver | undefined;
/**
 * Sees a bar cross into or out of the band however it got there: the cards above it reordered or
 * folded with the page keeping its height, which neither a scroll nor the body's size reports.
 */
let bandObserver: IntersectionObserver | undefined;

function watchBand() {
  bandObserver?.disconnect();
  bandObserver = undefined;
  if (typeof IntersectionObserver === "undefined") return;
  const above = Math.max(0, window.innerHeight - TOAST_BAND_PX);
  bandObserver = new IntersectionObserver(schedule, { rootMargin: `-${above}px 0px 0px 0px`, threshold: [0, 0.25, 0.5, 0.75, 1] });
  for (const bar of bars) bandObserver.observe(bar);
}

function onResize() {
  watchBand();
  schedule();
}

/** How far the toasts rise: the tallest reach of a bar into the bottom band, or nothing. */
export function toastLift(barRects: readonly Pick<DOMRect, "top" | "bottom" | "height">[], viewportHeight: number): number {
  let lift = 0;
  for (const rect of barRects) {
    const inBand = rect.height > 0 && rect.top < viewportHeight && rect.bottom > viewportHeight - TOAST_BAND_PX;
    if (inBand) lift = Math.max(lift, viewportHeight - rect.top + GAP_PX);
  }
  return Math.round(lift);
}

function measure() {
  frame = 0;
  const lift = toastLift([...bars].map((bar) => bar.getBoundingClientRect()), window.innerHeight);
  document.documentElement.style.setProperty("--toast-lift", `${lift}px`);
}

function schedule() {
  if (!frame) frame = requestAnimationFrame(measure);
}

function listen() {
  // Capture sees the scroll of any scrolling box, not only the window's.
  window.addEventListener("scroll", schedule, { passive: true, capture: true });
  window.addEventListener("resize", onResize);
  bodyObserver = new ResizeObserver(schedule);
  bodyObserver.observe(document.body);
  watchBand();
}

function stopListening() {
  window.removeEventListener("scroll", schedule, { capture: true });
  window.removeEventListener("resize", onResize);
  bodyObserver?.disconnect();
  bodyObserver = undefined;
  bandObserver?.disconnect();
  bandObserver = undefined;
  if (frame) cancelAnimationFrame(frame);
  frame = 0;
  document.documentElement.style.removeProperty("--toast-lift");
}

/**
 * A ref callback for an action bar (`ref={keepToastsClear}`): while the bar is mounted, the toasts
 * rise above it whenever it sits near the bottom of the screen. React 19 calls the returned cleanup.
 */
export function keepToastsClear(element: HTMLElement | null) {
  if (!element) return;
  if (bars.size === 0) listen();
  bars.add(element);
  bandObserver?.observe(element);
  schedule();
  return () => {
    bars.delete(element);
    bandObserver?.unobserve(element);
    if (bars.size === 0) stopListening();
    else schedule();
  };
}
