/** 'Iniciar retirada''s title and description (a store's first screen): the screen's header, and its frame drawn at build time (app/screen-frame.tsx). */
export const PENDING_PICKUPS_PAGE = {
  title: "Iniciar retirada",
  description: "Confirme o recebimento dos pedidos e a retirada pelo cliente ou por um terceiro autorizado.",
} as const;
