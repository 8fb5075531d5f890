export const RETURN_STATUSES = [
  "Devolução pendente",
  "Devolvido em loja física",
  "Devolução concluída",
  "Devolução expirada",
  "Devolução recusada",
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
