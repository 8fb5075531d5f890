import type { User } from "@passo/domain";
import { Check, LogOut, ShieldCheck } from "lucide-react";
import { useNavigate } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useSignOut } from "@/hooks/use-end-session";
import { useFocusOnMount } from "@/hooks/use-focus-on-mount";
import { THEME_OPTIONS, ThemeSwitchButton, UserMenuButton, type Reached } from "./header-menu-buttons";
import { useTheme } from "./theme-provider";

// The header's two menus, a chunk loaded after the screen (header-menus-loader.ts): until it arrives the
// header shows their buttons alone (user-menu.tsx, theme-switch.tsx). A press meanwhile opens the menu
// as it arrives, and a button that had the focus keeps it.

export function UserMenuDropdown({ user, defaultOpen, focusTrigger }: { user: User } & Reached) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <UserMenuButton user={user} ref={useFocusOnMount(focusTrigger)} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-60" align="end" forceMount>
        <DropdownMenuLabel className="font-normal">
          <div className="flex flex-col gap-1">
            <p className="text-sm leading-none font-medium">{user.username}</p>
            <p className="text-xs leading-none text-muted-foreground">{user.email}</p>
            <p className="text-xs leading-none text-muted-foreground">{user.role}</p>
          </div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem onClick={() => navigate("/change-password")}>
            <ShieldCheck aria-hidden="true" />
            Segurança da conta
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onClick={() => void signOut()}>
          <LogOut aria-hidden="true" />
          Sair
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function ThemeDropdown({ defaultOpen, focusTrigger }: Reached) {
  const { theme, setTheme } = useTheme();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <ThemeSwitchButton ref={useFocusOnMount(focusTrigger)} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {THEME_OPTIONS.map(({ value, label, icon: Icon }) => (
          <DropdownMenuItem key={value} onClick={() => setTheme(value)}>
            <Icon aria-hidden="true" />
            {label}
            <Check className={theme === value ? "ml-auto" : "invisible ml-auto"} aria-hidden="true" />
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
