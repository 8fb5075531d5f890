import { ChevronDown, ChevronRight, Footprints } from "lucide-react";
import { useState } from "react";
import { NavLink, useLocation } from "react-router";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSub,
  SidebarMenuSubButton,
  SidebarMenuSubItem,
  SidebarRail,
  useSidebar,
} from "@/components/ui/sidebar";
import { useAppConfig } from "@/lib/app-config";
import type { NavGroup } from "./navigation";
import { readGroupsState, saveGroupsState } from "./sidebar-state";

const PLATFORM = "Platform";

export function AppSidebar({ groups }: { groups: NavGroup[] }) {
  const config = useAppConfig();
  const { pathname } = useLocation();
  const [openGroups, setOpenGroups] = useState(readGroupsState);
  const { isMobile, setOpenMobile } = useSidebar();
  // On a phone the menu is a drawer over the screen: a tap on a link shows the screen it opens.
  const closeDrawer = () => {
    if (isMobile) setOpenMobile(false);
  };

  const isOpen = (title: string, defaultOpen = false) => openGroups[title] ?? defaultOpen;
  const toggle = (title: string, open: boolean) => {
    const next = { ...openGroups, [title]: open };
    setOpenGroups(next);
    saveGroupsState(next);
  };

  return (
    <Sidebar collapsible="icon">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" asChild>
              <NavLink to="/" onClick={closeDrawer}>
                <div className="flex aspect-square size-8 items-center justify-center rounded-lg bg-sidebar-primary text-sidebar-primary-foreground">
                  <Footprints className="size-4" aria-hidden="true" />
                </div>
                <div className="grid flex-1 text-left text-sm leading-tight">
                  <span className="truncate font-semibold">Passo</span>
                  {/* The company's line is there before its name comes, so that 'Passo' does not move. */}
                  <span className="truncate text-xs text-muted-foreground">{config.data?.companyName || "\u00a0"}</span>
                </div>
              </NavLink>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent asChild>
        <nav aria-label="Menu principal">
        <Collapsible open={isOpen(PLATFORM, true)} onOpenChange={(open) => toggle(PLATFORM, open)} className="group/platform">
        <SidebarGroup>
          <SidebarGroupLabel asChild>
            <CollapsibleTrigger>
              Platform
              <ChevronDown className="ml-auto transition-transform group-data-[state=closed]/platform:-rotate-90" aria-hidden="true" />
            </CollapsibleTrigger>
          </SidebarGroupLabel>
          <CollapsibleContent>
          <SidebarMenu>
            {groups.map((group) => (
              <Collapsible
                key={group.title}
                asChild
                open={isOpen(group.title, group.defaultOpen)}
                onOpenChange={(open) => toggle(group.title, open)}
                className="group/collapsible"
              >
                <SidebarMenuItem>
                  <CollapsibleTrigger asChild>
                    <SidebarMenuButton tooltip={group.title}>
                      <group.icon aria-hidden="true" />
                      <span>{group.title}</span>
                      <ChevronRight
                        className="ml-auto transition-transform duration-200 group-data-[state=open]/collapsible:rotate-90"
                        aria-hidden="true"
                      />
                    </SidebarMenuButton>
                  </CollapsibleTrigger>
                  <CollapsibleContent>
                    <SidebarMenuSub>
                      {group.items.map((item) => (
                        <SidebarMenuSubItem key={item.url}>
                          <SidebarMenuSubButton asChild isActive={pathname === item.url}>
                            <NavLink to={item.url} onClick={closeDrawer}>
                              <span>{item.title}</span>
                            </NavLink>
                          </SidebarMenuSubButton>
                        </SidebarMenuSubItem>
                      ))}
                    </SidebarMenuSub>
                  </CollapsibleContent>
                </SidebarMenuItem>
              </Collapsible>
            ))}
          </SidebarMenu>
          </CollapsibleContent>
        </SidebarGroup>
        </Collapsible>
        </nav>
      </SidebarContent>
      <SidebarRail />
    </Sidebar>
  );
}
