// Components render in tests as in the app once signed in: `cn` merges conflicting Tailwind classes.
import "@/lib/class-merge";
