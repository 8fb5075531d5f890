import { ADMIN, STORE, SUPERVISOR, homePath, type Role } from "@passo/domain/roles";
import type { ComponentType } from "react";
import type { ScreenTexts } from "@/components/layout/page";
import { OPEN_PAGES } from "./open-pages";
import type * as Icons from "./screen-icons";

// The screen registry: the one place a screen is declared. The router (app/screen-routes.tsx), the
// sidebar, the command search and the breadcrumb (app/shell.tsx), each screen's title and description
// (passed to its route module), the frames drawn at build time (app/screen-frame.tsx) and the build's
// report of what each route loads first (apps/web/scripts/route-js.mjs) all read it. A screen's module
// is app/routes<path>.tsx: its default export receives the screen's title and description.
// The open pages (/login…) are its first part, app/open-pages.ts, as they load before it.

/** An icon of app/screen-icons.ts, by name: the shell draws it. */
export type IconName = keyof typeof Icons;

/** A group of the menus: the sidebar's (unless `sidebar: false`), the command search's, the breadcrumb's first step. */
export interface MenuGroup {
  /** The sidebar's group header and the breadcrumb's first step. */
  title: string;
  /** The command search's group heading (the product spells these differently from the sidebar's). */
  commandGroup: string;
  icon: IconName;
  /** Open by default in the sidebar. */
  defaultOpen?: boolean;
  /** False: only in the command search's and the breadcrumb's (the account's pages). */
  sidebar?: boolean;
}

/** The menus' groups, in the order they show. */
export const MENU_GROUPS = {
  picklists: { title: "Lista de separação", commandGroup: "Lista de Separação", icon: "ClipboardList", defaultOpen: true },
  pickups: { title: "Retirada em loja", commandGroup: "Retirada em Loja", icon: "ShoppingBag" },
  returns: { title: "Devolução em loja", commandGroup: "Devoluções", icon: "Undo2" },
  // The dashboards and the reports, for both roles.
  analyses: { title: "Análises", commandGroup: "Análises", icon: "BarChart3" },
  settings: { title: "Configurações", commandGroup: "Configurações", icon: "Settings" },
  // The command search's 'Outros': pages that are not in the sidebar's flows.
  account: { title: "Conta", commandGroup: "Outros", icon: "KeyRound", sidebar: false },
} as const satisfies Record<string, MenuGroup>;

export type MenuGroupId = keyof typeof MENU_GROUPS;

export interface Screen extends ScreenTexts {
  /** The address; its module is app/routes<path>.tsx. */
  path: string;
  /** Who may open it: anyone else goes to /access-denied. */
  roles: readonly Role[];
  /** Its menu entry: the group, the label, the place in the group (the menus show the groups of the user's screens). */
  menu: { group: MenuGroupId; label: string; order: number };
  icon: IconName;
  /**
   * Its frame (header, title, description, loading state) is drawn at build time, for a phone's first paint:
   * every screen a store opens (a store's tablet is the slowest device that signs in).
   */
  frame?: boolean;
}

const EVERYONE = [ADMIN, STORE, SUPERVISOR] as const;
const ADMIN_ONLY = [ADMIN] as const;
const STORE_ONLY = [STORE] as const;
/** The office's read screens a Supervisor opens too, on its stores only, without a button that changes anything. */
const ADMIN_AND_SUPERVISOR = [ADMIN, SUPERVISOR] as const;
const SUPERVISOR_ONLY = [SUPERVISOR] as const;

/** Every screen that needs a session, in the order the build's report lists them. */
export const SCREENS: readonly Screen[] = [
  {
    // The spec's 'Alterar a senha', at the same address.
    path: "/change-password",
    roles: EVERYONE,
    menu: { group: "account", label: "Segurança da conta", order: 1 },
    icon: "KeyRound",
    title: "Segurança da conta",
    description: "A sua senha e a verificação em duas etapas.",
    frame: true,
  },
  {
    path: "/dashboards",
    roles: ADMIN_ONLY,
    menu: { group: "analyses", label: "Dashboards", order: 1 },
    icon: "LayoutDashboard",
    title: "Dashboards",
    description: "Acompanhe os números da rede no período escolhido, comparados ao período anterior.",
  },
  {
    path: "/reports-metrics",
    roles: ADMIN_AND_SUPERVISOR,
    menu: { group: "analyses", label: "Relatórios e métricas", order: 2 },
    icon: "BarChart3",
    title: "Relatórios e métricas",
    description: "Todos os números de cada loja no período escolhido. Clique numa coluna para ordenar.",
  },
  {
    path: "/picklist-create",
    roles: ADMIN_ONLY,
    menu: { group: "picklists", label: "Criar nova lista", order: 1 },
    icon: "FilePlus2",
    title: "Criar nova lista",
    description: "Preencha o formulário abaixo para criar a lista de separação.",
  },
  {
    path: "/picklist-process",
    roles: ADMIN_ONLY,
    menu: { group: "picklists", label: "Processos de separação", order: 2 },
    icon: "ListChecks",
    title: "Processos de separação",
    description: "Acompanhe as listas de separação enviadas às lojas.",
  },
  {
    path: "/picklist-shipment-history",
    roles: ADMIN_AND_SUPERVISOR,
    menu: { group: "picklists", label: "Histórico de envios", order: 3 },
    icon: "History",
    // The spec's spelling, kept to the letter (as the titles below).
    title: "Historico de envios",
    description: "Gerencie o histórico de envios e aplique os filtros conforme necessário.",
  },
  {
    path: "/pickup-new-order",
    roles: ADMIN_ONLY,
    menu: { group: "pickups", label: "Criar nova retirada", order: 1 },
    icon: "PackagePlus",
    title: "Criar nova retirada",
    description: "Preencha o formulário abaixo para criar a retirada em loja.",
  },
  {
    path: "/pickup-process",
    roles: ADMIN_ONLY,
    menu: { group: "pickups", label: "Processos de retirada", order: 2 },
    icon: "Truck",
    title: "Processos de retirada",
    description: "Acompanhe os pedidos em trânsito e os que aguardam retirada nas lojas.",
  },
  {
    path: "/pickup-history",
    roles: ADMIN_AND_SUPERVISOR,
    menu: { group: "pickups", label: "Histórico de retiradas", order: 3 },
    icon: "History",
    title: "Historico de envios",
    description: "Gerencie o histórico de retiradas e aplique os filtros conforme necessário.",
  },
  {
    path: "/return-new",
    roles: ADMIN_ONLY,
    menu: { group: "returns", label: "Criar nova devolução", order: 1 },
    icon: "FilePlus2",
    title: "Criar nova devolução",
    description: "Preencha o formulário abaixo para criar a devolução.",
  },
  {
    path: "/return-process",
    roles: ADMIN_ONLY,
    menu: { group: "returns", label: "Processos de devoluções", order: 2 },
    icon: "PackageOpen",
    title: "Processos de devoluçoes",
    description: "Acompanhe as devoluções pendentes e conclua as recebidas nas lojas.",
  },
  {
    path: "/return-history",
    roles: ADMIN_AND_SUPERVISOR,
    menu: { group: "returns", label: "Histórico de devoluções", order: 3 },
    icon: "History",
    title: "Historico de devolução",
    description: "Gerencie o histórico de devoluções e aplique os filtros conforme necessário.",
  },
  {
    path: "/settings-manage-users",
    roles: ADMIN_ONLY,
    menu: { group: "settings", label: "Gerenciar usuários", order: 1 },
    icon: "Users",
    title: "Gerenciar usuários",
    description: "Crie e gerencie as contas das lojas e dos administradores.",
  },
  {
    path: "/settings-manage-recipients",
    roles: ADMIN_ONLY,
    menu: { group: "settings", label: "Gerenciar destinatários", order: 2 },
    icon: "UserCog",
    title: "Gerenciar destinatários",
    description: "Cadastre os supervisores, gerentes e subgerentes que recebem as notificações das lojas.",
  },
  {
    // The catalog: products (one size of one model), their barcodes, the size grid, the import.
    path: "/settings-products",
    roles: ADMIN_ONLY,
    menu: { group: "settings", label: "Produtos", order: 3 },
    icon: "Barcode",
    title: "Produtos",
    description: "O catálogo da rede: cada produto é um tamanho de um modelo, com o seu SKU e os seus códigos de barras.",
  },
  {
    path: "/settings-notifications-stores",
    roles: ADMIN_ONLY,
    menu: { group: "settings", label: "Notificações", order: 4 },
    icon: "BellRing",
    title: "Notificações",
    description: "Defina, para cada loja, quem recebe os e-mails e de quais processos.",
  },
  {
    path: "/settings-service-notifications",
    roles: ADMIN_ONLY,
    menu: { group: "settings", label: "Serviço de notificação", order: 6 },
    icon: "MailCheck",
    title: "Serviço de notificação",
    description: "Configure o servidor de e-mail (SMTP) que envia as notificações.",
  },
  {
    path: "/settings-email-templates",
    roles: ADMIN_ONLY,
    menu: { group: "settings", label: "Modelos de e-mail", order: 5 },
    icon: "Mail",
    title: "Modelos de e-mail",
    description: "Edite o assunto e o conteúdo dos e-mails enviados às lojas, aos responsáveis e aos clientes.",
  },
  {
    path: "/settings-api-keys",
    roles: ADMIN_ONLY,
    menu: { group: "settings", label: "Chaves de API", order: 8 },
    icon: "KeySquare",
    title: "Chaves de API",
    description: "Dê a outros sistemas, como a plataforma de e-commerce, acesso às listas de separação, retiradas e devoluções.",
  },
  {
    path: "/settings-deadlines",
    roles: ADMIN_ONLY,
    menu: { group: "settings", label: "Prazos", order: 7 },
    icon: "Timer",
    title: "Prazos",
    description: "Defina quando o cliente é lembrado, quando a loja é cobrada e quando um pedido fica atrasado.",
  },
  {
    path: "/settings-audit-log",
    roles: ADMIN_ONLY,
    menu: { group: "settings", label: "Relatório de alterações", order: 9 },
    icon: "FileClock",
    title: "Relatório de alterações",
    description: "Veja quem alterou cada registro, quando e o quê. Filtre por período, usuário, tipo de registro e ação.",
  },
  {
    // LGPD art. 18: a customer's data by CPF, its download and its anonymisation.
    path: "/settings-customer-data",
    roles: ADMIN_ONLY,
    menu: { group: "settings", label: "Dados de cliente", order: 10 },
    icon: "UserSearch",
    title: "Dados de cliente",
    description: "Veja, baixe ou anonimize os dados de um cliente, a pedido dele (LGPD, art. 18).",
  },
  {
    // A Supervisor's first screen after signing in: its stores side by side, with the chain's median.
    path: "/dashboards-supervisor",
    roles: SUPERVISOR_ONLY,
    menu: { group: "analyses", label: "Dashboards", order: 1 },
    icon: "LayoutDashboard",
    title: "Dashboards",
    description: "Acompanhe os números das suas lojas no período escolhido, lado a lado com a mediana da rede.",
  },
  {
    path: "/dashboards-store",
    roles: STORE_ONLY,
    menu: { group: "analyses", label: "Dashboards", order: 1 },
    icon: "LayoutDashboard",
    title: "Dashboards",
    description: "Acompanhe os números da sua loja no período escolhido, ao lado da mediana da rede.",
    frame: true,
  },
  {
    path: "/reports-metrics-store",
    roles: STORE_ONLY,
    menu: { group: "analyses", label: "Relatórios e métricas", order: 2 },
    icon: "BarChart3",
    title: "Relatórios e métricas",
    description: "Os números da sua loja, semana a semana.",
    frame: true,
  },
  {
    path: "/picklist-pending",
    roles: STORE_ONLY,
    menu: { group: "picklists", label: "Iniciar separação", order: 1 },
    icon: "PackageCheck",
    title: "Iniciar separação",
    description: "Inicie as listas de separação da loja, marque os produtos separados e finalize com o número da transferência.",
    frame: true,
  },
  {
    path: "/picklist-history-store",
    roles: STORE_ONLY,
    menu: { group: "picklists", label: "Histórico de separações", order: 2 },
    icon: "History",
    title: "Histórico de separações",
    description: "Consulte as listas de separação da loja e aplique os filtros conforme necessário.",
    frame: true,
  },
  {
    // A store's first screen after signing in.
    path: "/pickup-pending",
    roles: STORE_ONLY,
    menu: { group: "pickups", label: "Iniciar retirada", order: 1 },
    icon: "Store",
    title: "Iniciar retirada",
    description: "Confirme o recebimento dos pedidos e a retirada pelo cliente ou por um terceiro autorizado.",
    frame: true,
  },
  {
    path: "/pickup-history-store",
    roles: STORE_ONLY,
    menu: { group: "pickups", label: "Histórico de retiradas", order: 2 },
    icon: "History",
    title: "Histórico de retiradas",
    description: "Consulte as retiradas da loja e aplique os filtros conforme necessário.",
    frame: true,
  },
  {
    path: "/return-store",
    roles: STORE_ONLY,
    menu: { group: "returns", label: "Receber devolução", order: 1 },
    icon: "Send",
    title: "Receber devolução",
    description: "Pesquise a devolução pelo CPF do cliente ou pelo número do pedido.",
    frame: true,
  },
  {
    path: "/return-history-store",
    roles: STORE_ONLY,
    menu: { group: "returns", label: "Histórico de devoluções", order: 2 },
    icon: "History",
    title: "Histórico de devoluções",
    description: "Consulte as devoluções recebidas ou recusadas pela loja e aplique os filtros conforme necessário.",
    frame: true,
  },
];

/** What the breadcrumb shows at '/', on the way to the role's first screen. */
const HOME_CRUMB = (role: Role) => (role === ADMIN ? "/picklist-process" : role === SUPERVISOR ? homePath(role) : "/picklist-pending");

export type LoadScreen = () => Promise<{ default: ComponentType<ScreenTexts> }>;

/** The route modules, one lazy chunk each; the screens' by their path (app/routes<path>.tsx). */
const ROUTE_MODULES = import.meta.glob<{ default: ComponentType<ScreenTexts> }>(["./routes/*.tsx", "!./routes/*.test.tsx"]);

/** A screen's module, loaded on first use. */
export function loadScreen(screen: Screen): LoadScreen {
  const load = ROUTE_MODULES[`./routes${screen.path}.tsx`];
  if (!load) throw new Error(`screens: no module app/routes${screen.path}.tsx for ${screen.path}`);
  return load;
}

export function screenAt(pathname: string): Screen | undefined {
  return SCREENS.find((s) => s.path === pathname);
}

/** The screens a role may open. */
export const screensFor = (role: Role) => SCREENS.filter((s) => s.roles.includes(role));

/** A menu of a role: its groups in order, each with its screens in order. */
export interface MenuSection {
  id: MenuGroupId;
  group: MenuGroup;
  screens: Screen[];
}

export function menuFor(role: Role): MenuSection[] {
  const mine = screensFor(role);
  return (Object.keys(MENU_GROUPS) as MenuGroupId[])
    .map((id) => ({
      id,
      group: MENU_GROUPS[id] as MenuGroup,
      screens: mine.filter((s) => s.menu.group === id).sort((a, b) => a.menu.order - b.menu.order),
    }))
    .filter((section) => section.screens.length > 0);
}

/** The breadcrumb's trail for a path: [group, page], or just [page] at '/'. */
export function breadcrumbFor(pathname: string, role: Role): string[] {
  if (pathname === "/") return [screenAt(HOME_CRUMB(role))?.menu.label ?? ""];
  const screen = screensFor(role).find((s) => s.path === pathname);
  return screen ? [MENU_GROUPS[screen.menu.group].title, screen.menu.label] : [];
}

/**
 * A page's route as the build's report reads it (apps/web/scripts/route-js.mjs): its address, its module,
 * whether it needs a session, and who may open it (none for an open page; bench/lighthouse.mjs audits a store's).
 */
export interface RouteEntry {
  path: string;
  module: string;
  signedIn: boolean;
  roles: readonly Role[];
}

/** Every route, the open pages first; the build writes it to dist/routes.json (apps/web/scripts/prerender.mjs). */
export function routeEntries(): RouteEntry[] {
  const entry = (path: string, roles: readonly Role[]) => ({ path, module: `src/app/routes${path}.tsx`, signedIn: roles.length > 0, roles });
  return [...OPEN_PAGES.map((p) => entry(p.path, [])), ...SCREENS.map((s) => entry(s.path, s.roles))];
}

/** Every address the app answers, for resolving misspelled ones. */
export const KNOWN_PATHS = ["/", ...OPEN_PAGES.map((p) => p.path), ...SCREENS.map((s) => s.path)];

/**
 * The spec's menus link to the separation history under a spelling with an odd character.
 * Any address that equals a known path once accents and stray characters are
 * dropped resolves to that path.
 */
export function resolveMisspelledPath(pathname: string): string | undefined {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Keep it as typed.
  }
  const cleaned = decoded
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9/-]/g, "")
    .replace(/\/+$/, "");
  if (!cleaned || cleaned === pathname) return undefined;
  return KNOWN_PATHS.find((p) => p === cleaned);
}
