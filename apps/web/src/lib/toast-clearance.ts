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
  window.addEventListener("resize", schedule);
  bodyObserver = new ResizeObserver(schedule);
  bodyObserver.observe(document.body);
}

function stopListening() {
  window.removeEventListener("scroll", schedule, { capture: true });
  window.removeEventListener("resize", schedule);
  bodyObserver?.disconnect();
  bodyObserver = undefined;
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
  schedule();
  return () => {
    bars.delete(element);
    if (bars.size === 0) stopListening();
    else schedule();
  };
}
