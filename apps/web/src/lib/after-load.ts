/**
 * Runs `callback` once the page has loaded and the browser is idle: what is not needed for the first
 * paint (the toaster, the shell's menus) then does not share a phone's bandwidth, nor its main thread,
 * with the screen's chunks. Returns a function that cancels it.
 */
export function afterLoadIdle(callback: () => void): () => void {
  let cancel = () => {};
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(callback, { timeout: 1000 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(callback, 200);
      cancel = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === "complete") whenIdle();
  else {
    window.addEventListener("load", whenIdle, { once: true });
    cancel = () => window.removeEventListener("load", whenIdle);
  }
  return () => cancel();
}
