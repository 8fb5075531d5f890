import type { User } from "@passo/domain";
import { useState, type ReactNode } from "react";
import { SidebarInset, SidebarProvider } from "@/components/ui/sidebar";
import { AppSidebar } from "./app-sidebar";
import type { ShellNavigation } from "./navigation";
import { ScreenErrorBoundary } from "./screen-error-boundary";
import { readSidebarOpen, saveSidebarOpen } from "./sidebar-state";
import { OfflineBar } from "./offline-bar";
import { SiteHeader } from "./site-header";

/** The shell: collapsible sidebar, breadcrumb header, and the page; the menus come from the screen registry (app/shell.tsx). */
export function AppLayout({
  user,
  loadingUser,
  navigation,
  children,
}: {
  user: User;
  loadingUser: boolean;
  navigation: ShellNavigation;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(readSidebarOpen);
  return (
    <SidebarProvider
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        saveSidebarOpen(next);
      }}
    >
      {/* The first tab stop: past the menu and the header, straight to the screen. */}
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:shadow-md focus:ring-2 focus:ring-ring"
      >
        Pular para o conteúdo
      </a>
      <AppSidebar groups={navigation.groups} />
      <SidebarInset>
        <SiteHeader user={user} loading={loadingUser} navigation={navigation} />
        <main id="conteudo" tabIndex={-1} className="flex flex-1 flex-col gap-4 p-4 outline-none md:p-6">
          <OfflineBar />
          <ScreenErrorBoundary>{children}</ScreenErrorBoundary>
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}
