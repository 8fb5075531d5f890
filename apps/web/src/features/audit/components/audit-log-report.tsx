import {
  AUDIT_ACTIONS,
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITIES,
  AUDIT_ENTITY_LABELS,
  AUDIT_SYSTEM_USER,
  auditActorLabel,
  auditActorName,
  SYSTEM_ACTOR,
  type AuditAction,
  type AuditEntity,
} from "@passo/domain";
import { SearchIcon } from "lucide-react";
import { useId, useState } from "react";

import { DataTable, type DataTableColumn } from "@/components/data-table/data-table";
import { ExportCsvButton } from "@/components/export/export-csv-button";
import { CHOICE_ALL, ChoiceFilter } from "@/components/filters/choice-filter";
import { DateRangeFilter } from "@/components/filters/history-filters";
import { Combobox, type ComboboxOption } from "@/components/combobox";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useServerPagedQuery } from "@/hooks/use-paged-query";
import { formatDateTime } from "@/lib/dates";

import { auditLogQueryOptions, useAuditActors, type AuditLogEntry, type AuditLogQuery } from "../api/get-audit-log";
import { ChangedFields, RecordFields } from "./changed-fields";

const ALL = CHOICE_ALL;

interface Filters {
  from?: string;
  to?: string;
  user: string;
  entity: string;
  action: string;
}

const NO_FILTERS: Filters = { user: ALL, entity: ALL, action: ALL };

function toQuery(filters: Filters): AuditLogQuery {
  const query: AuditLogQuery = {};
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.user !== ALL) query.user = filters.user;
  if (filters.entity !== ALL) query.entity = filters.entity as AuditEntity;
  if (filters.action !== ALL) query.action = filters.action as AuditAction;
  return query;
}

const entityLabel = (entity: string) => AUDIT_ENTITY_LABELS[entity as AuditEntity] ?? entity;

const columns: readonly DataTableColumn<AuditLogEntry>[] = [
  {
    id: "at",
    header: "Data",
    className: "whitespace-nowrap",
    cell: (entry) => <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>,
  },
  { id: "actor", header: "Usuário", cell: (entry) => auditActorName(entry.actor) },
  { id: "entity", header: "Tipo de registro", cell: (entry) => entityLabel(entry.entity) },
  {
    id: "record",
    header: "Registro",
    cell: (entry) =>
      entry.label ?? (
        <span className="font-mono text-xs text-muted-foreground" title={entry.entityId}>
          {entry.entityId.slice(0, 8)}
        </span>
      ),
  },
  { id: "action", header: "Ação", cell: (entry) => AUDIT_ACTION_LABELS[entry.action as AuditAction] ?? entry.action },
  {
    id: "changes",
    header: "Alterações",
    className: "min-w-64 whitespace-normal",
    cell: (entry) =>
      Object.keys(entry.changes).length === 0 ? (
        <span className="text-muted-foreground">—</span>
      ) : entry.action === "create" || entry.action === "delete" ? (
        <RecordFields entry={entry} />
      ) : (
        <ChangedFields entry={entry} />
      ),
  },
];

/** The user filter: every user by name, and the system; searchable, a chain has many stores. */
function UserFilter({
  options,
  value,
  onChange,
  loading,
}: {
  options: ComboboxOption[];
  value: string;
  onChange: (user: string) => void;
  loading: boolean;
}) {
  const labelId = useId();
  return (
    <div>
      <span id={labelId} className="sr-only">
        Usuário
      </span>
      <Combobox
        aria-labelledby={labelId}
        value={value}
        onChange={onChange}
        options={options}
        loading={loading}
        loadingIn="trigger"
        placeholder="Todos os usuários"
        searchPlaceholder="Pesquise o usuário..."
        emptyText="Nenhum usuário encontrado."
        label="Usuários"
        className="md:w-56"
      />
    </div>
  );
}

const ENTITY_OPTIONS = AUDIT_ENTITIES.map((entity) => ({ value: entity, label: AUDIT_ENTITY_LABELS[entity] }));
const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] }));

/**
 * 'Relatório de alterações': who changed which record, when, and what, across every record;
 * filtered by period, user, kind of record and action, paged by the server, exported whole.
 */
export function AuditLogReport() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const query = toQuery(applied);
  const log = useServerPagedQuery((paging) => auditLogQueryOptions({ ...query, ...paging }), query);
  // Users, other systems' keys ('Nome (chave de API)'), and those deleted or revoked whose changes the log keeps.
  const actors = useAuditActors();
  const userOptions: ComboboxOption[] = [
    { value: ALL, label: "Todos os usuários" },
    { value: AUDIT_SYSTEM_USER, label: SYSTEM_ACTOR },
    ...(actors.data?.actors ?? []).map((actor) => ({ value: actor.id, label: auditActorLabel(actor) })),
  ].map((option) => ({ ...option, searchValue: `${option.label} ${option.value}` }));
  const set = (patch: Partial<Filters>) => setDraft((current) => ({ ...current, ...patch }));
  const apply = (filters: Filters) => {
    setApplied(filters);
    log.setPage(1);
  };

  return (
    <div className="flex flex-col gap-4">
      <form
        role="search"
        aria-label="Filtros"
        className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-center"
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft);
        }}
      >
        <DateRangeFilter from={draft.from} to={draft.to} onChange={(range) => set(range)} />
        <UserFilter options={userOptions} value={draft.user} onChange={(user) => set({ user })} loading={actors.isPending} />
        <ChoiceFilter label="Tipo de registro" allLabel="Todos os tipos de registro" value={draft.entity} onChange={(entity) => set({ entity })} options={ENTITY_OPTIONS} />
        <ChoiceFilter label="Ação" allLabel="Todas as ações" value={draft.action} onChange={(action) => set({ action })} options={ACTION_OPTIONS} />
        <div className="flex gap-2">
          <Button type="submit" disabled={log.query.isFetching}>
            {/* The spinner takes the icon's place: the button keeps its width, and the filters their rows. */}
            {log.query.isFetching ? <Spinner aria-hidden="true" /> : <SearchIcon aria-hidden="true" />}
            Buscar
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setDraft(NO_FILTERS);
              apply(NO_FILTERS);
            }}
          >
            Limpar Filtros
          </Button>
        </div>
      </form>
      <ExportCsvButton path="/audit/export" query={query} baseName="relatorio-de-alteracoes" />
      <DataTable
        columns={columns}
        rows={log.query.data?.entries}
        caption="Relatório de alterações"
        {...log.tableProps}
        emptyText="Nenhuma alteração encontrada."
        rowKey={(entry) => entry.id}
      />
    </div>
  );
}
