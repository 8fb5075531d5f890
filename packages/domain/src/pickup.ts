export const PICKUP_STATUSES = ["Em trânsito", "Aguardando retirada", "Pedido retirado"] as const;
export type PickupStatus = (typeof PICKUP_STATUSES)[number];
export const PICKUP_TYPES = ["Envio realizado via Correios", "Disponível na loja"] as const;
export type PickupType = (typeof PICKUP_TYPES)[number];
