/** Lower case without accents: 'usuario basico' finds 'Usuário básico'. */
export function normalizeForSearch(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
}

/** The rows any of whose `fields` contains the search text; all rows for an empty search. */
export function filterRows<Row>(rows: readonly Row[], search: string, fields: (row: Row) => readonly string[]): Row[] {
  const needle = normalizeForSearch(search);
  if (!needle) return [...rows];
  return rows.filter((row) => fields(row).some((field) => normalizeForSearch(field).includes(needle)));
}
