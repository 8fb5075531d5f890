import { Monitor, Moon, Sun } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { useHeaderMenu } from "./header-menus-loader";
import type { Theme } from "./theme-provider";

export const THEME_OPTIONS: { value: Theme; label: string; icon: typeof Sun }[] = [
  { value: "light", label: "Light", icon: Sun },
  { value: "dark", label: "Dark", icon: Moon },
  { value: "system", label: "System", icon: Monitor },
];

/** The theme menu's button: the same before its menu has loaded as after (header-menus.tsx), so the header does not move. */
export function ThemeSwitchButton(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" aria-label="Alternar tema" {...props}>
      <Sun className="size-[1.2rem] scale-100 rotate-0 transition-all dark:scale-0 dark:-rotate-90" aria-hidden="true" />
      <Moon className="absolute size-[1.2rem] scale-0 rotate-90 transition-all dark:scale-100 dark:rotate-0" aria-hidden="true" />
    </Button>
  );
}

/** Light, Dark or System: the menu loads after the screen (header-menus.tsx). */
export function ThemeSwitch() {
  const { menus, reached, standIn } = useHeaderMenu();
  if (menus) return <menus.ThemeDropdown {...reached} />;
  return <ThemeSwitchButton {...standIn} />;
}
