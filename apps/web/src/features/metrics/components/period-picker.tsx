import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { periodOf, type Period, type PeriodKind } from "../period";

const KINDS: { value: PeriodKind; label: string }[] = [
  { value: "today", label: "Hoje" },
  { value: "7", label: "Últimos 7 dias" },
  { value: "30", label: "Últimos 30 dias" },
  { value: "range", label: "Escolher datas" },
];

/** Today, 7 days, 30 days or a range of days chosen by hand. */
export function PeriodPicker({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  const labelId = useId();
  const fromId = useId();
  const toId = useId();
  return (
    <div className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-end">
      <div className="flex flex-col gap-1.5">
        <Label id={labelId}>Período</Label>
        <Select value={value.kind} onValueChange={(kind) => onChange(kind === "range" ? { ...value, kind: "range" } : periodOf(kind as Exclude<PeriodKind, "range">))}>
          <SelectTrigger aria-labelledby={labelId} className="w-full md:w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {KINDS.map((kind) => (
              <SelectItem key={kind.value} value={kind.value}>
                {kind.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {value.kind === "range" && (
        <>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={fromId}>De</Label>
            <Input id={fromId} type="date" value={value.from} max={value.to} onChange={(e) => e.target.value && onChange({ ...value, from: e.target.value })} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={toId}>Até</Label>
            <Input id={toId} type="date" value={value.to} min={value.from} onChange={(e) => e.target.value && onChange({ ...value, to: e.target.value })} />
          </div>
        </>
      )}
    </div>
  );
}
