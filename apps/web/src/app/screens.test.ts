// @vitest-environment node
import { ADMIN, STORE, SUPERVISOR, type Role } from "@passo/domain/roles";
import { describe, expect, it } from "vitest";
import { SCREEN_FRAMES } from "./screen-frame";
import { breadcrumbFor, menuFor, resolveMisspelledPath, SCREENS } from "./screens";
import { navigationFor } from "./shell";

/** A role's menus as [group, [label, address]…], the command search's heading beside the sidebar's. */
const menus = (role: Role) =>
  menuFor(role).map(({ group, screens }) => [group.title, group.commandGroup, screens.map((s) => [s.menu.label, s.path])]);

describe("the screen registry", () => {
  it("gives the administrator the spec's menus, in order", () => {
    expect(menus(ADMIN)).toEqual([
      ["Lista de separação", "Lista de Separação", [["Criar nova lista", "/picklist-create"], ["Processos de separação", "/picklist-process"], ["Histórico de envios", "/picklist-shipment-history"]]],
      ["Retirada em loja", "Retirada em Loja", [["Criar nova retirada", "/pickup-new-order"], ["Processos de retirada", "/pickup-process"], ["Histórico de retiradas", "/pickup-history"]]],
      ["Devolução em loja", "Devoluções", [["Criar nova devolução", "/return-new"], ["Processos de devoluções", "/return-process"], ["Histórico de devoluções", "/return-history"]]],
      ["Análises", "Análises", [["Dashboards", "/dashboards"], ["Relatórios e métricas", "/reports-metrics"]]],
      [
        "Configurações",
        "Configurações",
        [
          ["Gerenciar usuários", "/settings-manage-users"],
          ["Gerenciar destinatários", "/settings-manage-recipients"],
          ["Produtos", "/settings-products"],
          ["Notificações", "/settings-notifications-stores"],
          ["Modelos de e-mail", "/settings-email-templates"],
          ["Serviço de notificação", "/settings-service-notifications"],
          ["Prazos", "/settings-deadlines"],
          ["Chaves de API", "/settings-api-keys"],
          ["Relatório de alterações", "/settings-audit-log"],
          ["Dados de cliente", "/settings-customer-data"],
        ],
      ],
      ["Conta", "Outros", [["Segurança da conta", "/change-password"]]],
    ]);
  });

  it("gives a store the spec's menus, in order", () => {
    expect(menus(STORE)).toEqual([
      ["Lista de separação", "Lista de Separação", [["Iniciar separação", "/picklist-pending"], ["Histórico de separações", "/picklist-history-store"]]],
      ["Retirada em loja", "Retirada em Loja", [["Iniciar retirada", "/pickup-pending"], ["Histórico de retiradas", "/pickup-history-store"]]],
      ["Devolução em loja", "Devoluções", [["Receber devolução", "/return-store"], ["Histórico de devoluções", "/return-history-store"]]],
      ["Análises", "Análises", [["Dashboards", "/dashboards-store"], ["Relatórios e métricas", "/reports-metrics-store"]]],
      ["Conta", "Outros", [["Segurança da conta", "/change-password"]]],
    ]);
  });

  it("gives a Supervisor the screens it reads, and no screen that creates, processes or configures", () => {
    expect(menus(SUPERVISOR)).toEqual([
      ["Lista de separação", "Lista de Separação", [["Histórico de envios", "/picklist-shipment-history"]]],
      ["Retirada em loja", "Retirada em Loja", [["Histórico de retiradas", "/pickup-history"]]],
      ["Devolução em loja", "Devoluções", [["Histórico de devoluções", "/return-history"]]],
      ["Análises", "Análises", [["Dashboards", "/dashboards-supervisor"], ["Relatórios e métricas", "/reports-metrics"]]],
      ["Conta", "Outros", [["Segurança da conta", "/change-password"]]],
    ]);
    expect(breadcrumbFor("/", SUPERVISOR)).toEqual(["Dashboards"]);
  });

  it("keeps 'Segurança da conta' out of the sidebar, in the command search's 'Outros', and opens 'Lista de separação'", () => {
    const navigation = navigationFor(ADMIN);
    expect(navigation.groups.map((g) => g.title)).not.toContain("Conta");
    expect(navigation.others.commandGroup).toBe("Outros");
    expect(navigation.others.items.map((i) => i.title)).toEqual(["Segurança da conta"]);
    expect(navigation.groups.filter((g) => g.defaultOpen).map((g) => g.title)).toEqual(["Lista de separação"]);
    for (const group of [...navigation.groups, navigation.others]) {
      expect(group.icon, group.title).toBeTruthy();
      for (const item of group.items) expect(item.icon, item.title).toBeTruthy();
    }
  });

  it("draws each breadcrumb from the menus: group and page; the role's first screen at '/'; nothing elsewhere", () => {
    expect(breadcrumbFor("/pickup-history", ADMIN)).toEqual(["Retirada em loja", "Histórico de retiradas"]);
    expect(breadcrumbFor("/return-store", STORE)).toEqual(["Devolução em loja", "Receber devolução"]);
    expect(breadcrumbFor("/change-password", STORE)).toEqual(["Conta", "Segurança da conta"]);
    expect(breadcrumbFor("/", ADMIN)).toEqual(["Processos de separação"]);
    expect(breadcrumbFor("/", STORE)).toEqual(["Iniciar separação"]);
    expect(breadcrumbFor("/picklist-pending", ADMIN)).toEqual([]);
    expect(breadcrumbFor("/nowhere", ADMIN)).toEqual([]);
  });

  it("keeps the spec's titles to the letter, where they differ from the menus'", () => {
    const title = (path: string) => SCREENS.find((s) => s.path === path)?.title;
    expect(title("/picklist-shipment-history")).toBe("Historico de envios");
    expect(title("/pickup-history")).toBe("Historico de envios");
    expect(title("/return-process")).toBe("Processos de devoluçoes");
    expect(title("/return-history")).toBe("Historico de devolução");
  });

  it("declares each address once, for the roles of today", () => {
    expect(new Set(SCREENS.map((s) => s.path)).size).toBe(SCREENS.length);
    expect(SCREENS.filter((s) => s.roles.includes(ADMIN) && s.roles.includes(STORE)).map((s) => s.path)).toEqual(["/change-password"]);
  });

  it("marks the frames drawn at build time: every screen a store opens", () => {
    expect(Object.keys(SCREEN_FRAMES).sort()).toEqual(SCREENS.filter((s) => s.roles.includes(STORE)).map((s) => s.path).sort());
    expect(SCREEN_FRAMES["/picklist-pending"]?.title).toBe("Iniciar separação");
    expect(SCREEN_FRAMES["/pickup-pending"]?.title).toBe("Iniciar retirada");
  });

  it("resolves a misspelled known address, and nothing else", () => {
    expect(resolveMisspelledPath("/picklist-shipment-hist%C3%B3ry")).toBe("/picklist-shipment-history");
    expect(resolveMisspelledPath("/Login")).toBe("/login");
    expect(resolveMisspelledPath("/nowhere")).toBeUndefined();
  });
});
