import { type ClassValue, clsx } from "clsx";

type Merge = (classes: string) => string;
let merge: Merge = (classes) => classes;

/**
 * Installs the class merger (tailwind-merge, lib/class-merge.ts). It loads with the signed-in layer and
 * the other pages, not with the login page (its budget: docs/architecture.md), whose components are
 * given no conflicting classes (app/routes/login.test.tsx checks it): there `cn` only joins.
 */
export function setClassMerger(next: Merge) {
  merge = next;
}

/** Joins class names; a later Tailwind class wins over an earlier one it conflicts with. */
export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs));
}
