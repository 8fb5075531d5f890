import type { User } from "@passo/domain";
import { useState, type ReactNode } from "react";
import { SidebarInset, SidebarProvider } from "@/components/ui/sidebar";
import { AppSidebar } from "./app-sidebar";
import { readSidebarOpen, saveSidebarOpen } from "./sidebar-state";
import { SiteHeader } from "./site-header";

/** The shell: collapsible sidebar, breadcrumb header, and the page. */
export function AppLayout({ user, loadingUser, children }: { user: User; loadingUser: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(readSidebarOpen);
  return (
    <SidebarProvider
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        saveSidebarOpen(next);
      }}
    >
      <AppSidebar user={user} />
      <SidebarInset>
        <SiteHeader user={user} loading={loadingUser} />
        <main id="conteudo" className="flex flex-1 flex-col gap-4 p-4 md:p-6">
          {children}
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}
