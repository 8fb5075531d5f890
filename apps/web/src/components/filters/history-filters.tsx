import { useId } from "react";
import { format, parseISO } from "date-fns";
import { CalendarIcon, FilterIcon } from "lucide-react";
import type { DateRange } from "react-day-picker";

import { Combobox } from "@/components/combobox";
import { Button } from "@/components/ui/button";
import { Calendar } from "@/components/ui/calendar";
import { TypedDateInput } from "./typed-date-input";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { ALL, type HistoryFilterValues } from "@/hooks/use-history-filters";
import { dayKey } from "@/lib/dates";
import { cn } from "@/lib/utils";

export interface HistoryFiltersProps {
  value: HistoryFilterValues;
  onChange: (value: HistoryFilterValues) => void;
  /** 'Filtrar'. */
  onSubmit: () => void;
  /** 'Limpar Filtros'. */
  onClear: () => void;
  /** Spinner on 'Filtrar' while the results load. */
  submitting?: boolean;
  /** Set false to hide the date range. */
  dateRange?: boolean;
  /** The store filter's options; leave out to hide it (store-side screens). */
  stores?: readonly string[];
  /** The status filter's options; leave out to hide it. */
  statuses?: readonly string[];
  /** The search box's placeholder; leave out to hide it. */
  searchPlaceholder?: string;
  className?: string;
}

/** The filter bar of the history screens: date range, store, status, search, 'Filtrar', 'Limpar Filtros'. */
export function HistoryFilters({
  value,
  onChange,
  onSubmit,
  onClear,
  submitting = false,
  dateRange = true,
  stores,
  statuses,
  searchPlaceholder,
  className,
}: HistoryFiltersProps) {
  const searchId = useId();
  const set = (patch: Partial<HistoryFilterValues>) => onChange({ ...value, ...patch });

  return (
    <form
      role="search"
      aria-label="Filtros"
      className={cn("flex flex-col gap-3 md:flex-row md:flex-wrap md:items-center", className)}
      onSubmit={(event) => {
        event.preventDefault();
        // A form rendered inside a portal (a dialog) must not also submit an enclosing form.
        event.stopPropagation();
        onSubmit();
      }}
    >
      {searchPlaceholder !== undefined && (
        <div className="md:w-80">
          <Label htmlFor={searchId} className="sr-only">
            Pesquisa
          </Label>
          <Input
            id={searchId}
            type="search"
            placeholder={searchPlaceholder}
            value={value.search}
            onChange={(event) => set({ search: event.target.value })}
          />
        </div>
      )}
      {dateRange && <DateRangeFilter from={value.from} to={value.to} onChange={(range) => set(range)} />}
      {stores && <StoreFilter stores={stores} value={value.store} onChange={(store) => set({ store })} />}
      {statuses && <StatusFilter statuses={statuses} value={value.status} onChange={(status) => set({ status })} />}
      <div className="flex gap-2">
        {/* The spinner takes the icon's place: the button keeps its width, and the filters their rows. */}
        <Button type="submit" disabled={submitting}>
          {submitting ? <Spinner aria-hidden="true" /> : <FilterIcon aria-hidden="true" />}
          Filtrar
        </Button>
        <Button type="button" variant="outline" onClick={onClear}>
          Limpar Filtros
        </Button>
      </div>
    </form>
  );
}

function toDate(key: string | undefined): Date | undefined {
  return key ? parseISO(key) : undefined;
}

function showDay(key: string): string {
  return format(parseISO(key), "dd/MM/yyyy");
}

export function DateRangeFilter({
  from,
  to,
  onChange,
}: {
  from?: string;
  to?: string;
  onChange: (range: { from?: string; to?: string }) => void;
}) {
  const selected: DateRange | undefined = from ? { from: toDate(from), to: toDate(to) } : undefined;
  const text = from ? (to && to !== from ? `${showDay(from)} - ${showDay(to)}` : showDay(from)) : undefined;

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          className={cn("justify-start text-left font-normal md:w-64", !text && "text-muted-foreground")}
        >
          <CalendarIcon aria-hidden="true" />
          <span className="sr-only">Período: </span>
          {text ?? "Selecione o intervalo de datas"}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-auto p-0" align="start">
        <div className="grid grid-cols-2 gap-3 border-b p-3">
          <TypedDateInput
            key={`de-${from ?? ""}`}
            label="De"
            value={toDate(from)}
            check={(day) => (day > new Date() ? "Escolha hoje ou uma data passada." : null)}
            onDay={(day) => onChange({ from: dayKey(day), to: to && to >= dayKey(day) ? to : undefined })}
          />
          <TypedDateInput
            key={`ate-${to ?? ""}`}
            label="Até"
            value={toDate(to)}
            check={(day) =>
              day > new Date() ? "Escolha hoje ou uma data passada." : from && dayKey(day) < from ? "A data final deve ser depois da inicial." : null
            }
            onDay={(day) => onChange({ from: from ?? dayKey(day), to: dayKey(day) })}
          />
        </div>
        <Calendar
          mode="range"
          numberOfMonths={2}
          defaultMonth={selected?.from}
          selected={selected}
          disabled={{ after: new Date() }}
          onSelect={(range) =>
            onChange({
              from: range?.from ? dayKey(range.from) : undefined,
              to: range?.to ? dayKey(range.to) : undefined,
            })
          }
        />
      </PopoverContent>
    </Popover>
  );
}

function StoreFilter({
  stores,
  value,
  onChange,
}: {
  stores: readonly string[];
  value: string;
  onChange: (store: string) => void;
}) {
  const labelId = useId();
  const options = [{ value: ALL, label: "Todas as lojas" }, ...stores.map((store) => ({ value: store, label: store }))];

  return (
    <div>
      <span id={labelId} className="sr-only">
        Loja
      </span>
      <Combobox
        aria-labelledby={labelId}
        value={value}
        onChange={onChange}
        options={options}
        placeholder="Selecione a loja..."
        searchPlaceholder="Pesquise a loja..."
        emptyText="Nenhuma loja encontrada."
        label="Lojas"
        className="md:w-56"
      />
    </div>
  );
}

function StatusFilter({
  statuses,
  value,
  onChange,
}: {
  statuses: readonly string[];
  value: string;
  onChange: (status: string) => void;
}) {
  const labelId = useId();
  return (
    <div>
      <span id={labelId} className="sr-only">
        Status
      </span>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger aria-labelledby={labelId} className="w-full md:w-56">
          <SelectValue placeholder="Selecione o status..." />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>Todos os status</SelectItem>
          {statuses.map((status) => (
            <SelectItem key={status} value={status}>
              {status}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
