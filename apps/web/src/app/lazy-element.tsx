import { createElement, lazy, type ComponentType } from "react";

type Load<P> = () => Promise<{ default: ComponentType<P> }>;

/** One lazy component per loader, so that a page's chunk is fetched once. */
const lazyPages = new Map<unknown, unknown>();

/** The page a loader gives, drawn with `props`: a React.lazy chunk, rendered under the router's Suspense. */
export function lazyElement<P extends object>(load: Load<P>, props: P) {
  let Page = lazyPages.get(load) as ComponentType<P> | undefined;
  if (!Page) {
    Page = lazy(load) as ComponentType<P>;
    lazyPages.set(load, Page);
  }
  return createElement(Page, props);
}
