import { ADMIN, STORE, type Role } from "@passo/domain/roles";
import {
  BellRing,
  ClipboardList,
  FileClock,
  FilePlus2,
  History,
  KeyRound,
  KeySquare,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  Mail,
  MailCheck,
  PackageCheck,
  PackageOpen,
  PackagePlus,
  Barcode,
  Send,
  Settings,
  ShoppingBag,
  Store,
  Timer,
  Truck,
  Undo2,
  UserCog,
  UserSearch,
  Users,
  BarChart3,
} from "lucide-react";

/** A menu entry: name, url, icon. Navigation is plain data: the sidebar, command menu and breadcrumb read it. */
export interface NavItem {
  title: string;
  url: string;
  icon: LucideIcon;
}

export interface NavGroup {
  /** The sidebar's group header. */
  title: string;
  /** The command menu's group heading (the product spells these differently from the sidebar's). */
  commandGroup: string;
  icon: LucideIcon;
  /** Open by default in the sidebar. */
  defaultOpen?: boolean;
  items: NavItem[];
}

/** The dashboards and the reports: a group of the sidebar and of the command menu, for both roles. */
const ANALYSES = "Análises";

/** 'Análises', the same two screens for both roles; a store's addresses end in "-store". */
function analysesGroup(suffix: "" | "-store"): NavGroup {
  return {
    title: ANALYSES,
    commandGroup: ANALYSES,
    icon: BarChart3,
    items: [
      { title: "Dashboards", url: `/dashboards${suffix}`, icon: LayoutDashboard },
      { title: "Relatórios e métricas", url: `/reports-metrics${suffix}`, icon: BarChart3 },
    ],
  };
}

export const adminNavigation: NavGroup[] = [
  {
    title: "Lista de separação",
    commandGroup: "Lista de Separação",
    icon: ClipboardList,
    defaultOpen: true,
    items: [
      { title: "Criar nova lista", url: "/picklist-create", icon: FilePlus2 },
      { title: "Processos de separação", url: "/picklist-process", icon: ListChecks },
      { title: "Histórico de envios", url: "/picklist-shipment-history", icon: History },
    ],
  },
  {
    title: "Retirada em loja",
    commandGroup: "Retirada em Loja",
    icon: ShoppingBag,
    items: [
      { title: "Criar nova retirada", url: "/pickup-new-order", icon: PackagePlus },
      { title: "Processos de retirada", url: "/pickup-process", icon: Truck },
      { title: "Histórico de retiradas", url: "/pickup-history", icon: History },
    ],
  },
  {
    title: "Devolução em loja",
    commandGroup: "Devoluções",
    icon: Undo2,
    items: [
      { title: "Criar nova devolução", url: "/return-new", icon: FilePlus2 },
      { title: "Processos de devoluções", url: "/return-process", icon: PackageOpen },
      { title: "Histórico de devoluções", url: "/return-history", icon: History },
    ],
  },
  analysesGroup(""),
  {
    title: "Configurações",
    commandGroup: "Configurações",
    icon: Settings,
    items: [
      { title: "Gerenciar usuários", url: "/settings-manage-users", icon: Users },
      { title: "Gerenciar destinatários", url: "/settings-manage-recipients", icon: UserCog },
      { title: "Produtos", url: "/settings-products", icon: Barcode },
      { title: "Notificações", url: "/settings-notifications-stores", icon: BellRing },
      { title: "Modelos de e-mail", url: "/settings-email-templates", icon: Mail },
      { title: "Serviço de notificação", url: "/settings-service-notifications", icon: MailCheck },
      { title: "Prazos", url: "/settings-deadlines", icon: Timer },
      { title: "Chaves de API", url: "/settings-api-keys", icon: KeySquare },
      { title: "Relatório de alterações", url: "/settings-audit-log", icon: FileClock },
      { title: "Dados de cliente", url: "/settings-customer-data", icon: UserSearch },
    ],
  },
];

export const storeNavigation: NavGroup[] = [
  {
    title: "Lista de separação",
    commandGroup: "Lista de Separação",
    icon: ClipboardList,
    defaultOpen: true,
    items: [
      { title: "Iniciar separação", url: "/picklist-pending", icon: PackageCheck },
      { title: "Histórico de separações", url: "/picklist-history-store", icon: History },
    ],
  },
  {
    title: "Retirada em loja",
    commandGroup: "Retirada em Loja",
    icon: ShoppingBag,
    items: [
      { title: "Iniciar retirada", url: "/pickup-pending", icon: Store },
      { title: "Histórico de retiradas", url: "/pickup-history-store", icon: History },
    ],
  },
  {
    title: "Devolução em loja",
    commandGroup: "Devoluções",
    icon: Undo2,
    items: [
      { title: "Receber devolução", url: "/return-store", icon: Send },
      { title: "Histórico de devoluções", url: "/return-history-store", icon: History },
    ],
  },
  analysesGroup("-store"),
];

/** The command menu's 'Outros' group: pages that are not in the sidebar's flows. */
export function otherNavigation(): NavItem[] {
  return [{ title: "Segurança da conta", url: "/change-password", icon: KeyRound }];
}

export function navigationFor(role: Role): NavGroup[] {
  return role === STORE ? storeNavigation : adminNavigation;
}

/** The breadcrumb's trail for a path: [group, page], or just [page]. */
export function breadcrumbFor(pathname: string, role: Role): string[] {
  if (pathname === "/") return [role === ADMIN ? "Processos de separação" : "Iniciar separação"];
  for (const group of navigationFor(role)) {
    const item = group.items.find((i) => i.url === pathname);
    if (item) return [group.title, item.title];
  }
  if (pathname === "/change-password") return ["Conta", "Segurança da conta"];
  return [];
}
