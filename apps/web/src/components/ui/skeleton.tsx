import { slotted } from "@/components/ui/slotted";

/**
 * A pulsing placeholder. It is aria-hidden: announce loading once on the container instead
 * (aria-busy="true", or a <Spinner /> / sr-only "Carregando" text).
 */
const Skeleton = slotted("div", "skeleton", "animate-pulse rounded-md bg-accent motion-reduce:animate-none", {
  "aria-hidden": "true",
});

export { Skeleton };
