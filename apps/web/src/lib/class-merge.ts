import { twMerge } from "tailwind-merge";
import { setClassMerger } from "./utils";

// Imported for its effect by every chunk that renders screens other than the login (app/signed-in.tsx,
// the public status pages): from then on, `cn` merges conflicting Tailwind classes.
setClassMerger(twMerge);
