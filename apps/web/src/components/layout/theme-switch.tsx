import { useHeaderMenu } from "./header-menus-loader";
import { ThemeSwitchButton } from "./header-menu-buttons";

/** Light, Dark or System: the menu loads after the screen (header-menus.tsx). */
export function ThemeSwitch() {
  const { menus, reached, standIn } = useHeaderMenu();
  if (menus) return <menus.ThemeDropdown {...reached} />;
  return <ThemeSwitchButton {...standIn} />;
}
