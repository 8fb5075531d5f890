import type { User } from "@passo/domain";
import { Fragment } from "react";
import { useLocation } from "react-router";
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from "@/components/ui/breadcrumb";
import { Separator } from "@/components/ui/separator";
import { SidebarTrigger } from "@/components/ui/sidebar";
import { Skeleton } from "@/components/ui/skeleton";
import { CommandMenu } from "./command-menu";
import { LiveIndicator } from "./live-indicator";
import type { ShellNavigation } from "./navigation";
import { ThemeSwitch } from "./theme-switch";
import { UserMenu } from "./user-menu";

export function SiteHeader({ user, loading, navigation }: { user: User; loading: boolean; navigation: ShellNavigation }) {
  const { pathname } = useLocation();
  const trail = navigation.breadcrumb(pathname);
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 md:px-4">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mr-1 data-[orientation=vertical]:h-4" />
      {loading ? (
        <div className="flex flex-1 items-center" aria-hidden="true">
          <Skeleton className="h-4 w-40" />
        </div>
      ) : (
        <Breadcrumb className="min-w-0 flex-1">
          <BreadcrumbList>
            {trail.map((label, index) => (
              <Fragment key={label}>
                {index > 0 && <BreadcrumbSeparator className="hidden lg:block" />}
                <BreadcrumbItem className={index < trail.length - 1 ? "hidden whitespace-nowrap lg:block" : "min-w-0 truncate"}>
                  {index === trail.length - 1 ? <BreadcrumbPage>{label}</BreadcrumbPage> : <span>{label}</span>}
                </BreadcrumbItem>
              </Fragment>
            ))}
          </BreadcrumbList>
        </Breadcrumb>
      )}
      {/* The search (Ctrl+K) and the theme work while the session is checked, as the sidebar does: both
          need only the role the user cookie holds. Who is signed in shows once the server has said so. */}
      <div className="ml-auto flex items-center gap-1 md:gap-2">
        {!loading && <LiveIndicator />}
        <CommandMenu groups={navigation.groups} others={navigation.others} />
        <ThemeSwitch />
        {/* The user's button is 36 px around its 32 px circle: the stand-in takes the same room, so the header does not move. */}
        {loading ? (
          <div className="flex size-9 items-center justify-center" aria-hidden="true">
            <Skeleton className="size-8 rounded-full" />
          </div>
        ) : (
          <UserMenu user={user} />
        )}
      </div>
    </header>
  );
}
