export const PICKLIST_STATUSES = ["Não iniciado", "Em andamento", "Concluído", "Não concluído"] as const;
export type PicklistStatus = (typeof PICKLIST_STATUSES)[number];
export const DEFAULT_SENDER = "E-commerce";
