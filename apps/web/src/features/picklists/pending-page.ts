/** 'Iniciar separação''s title and description: the screen's header, and its frame drawn at build time (app/screen-frame.tsx). */
export const PENDING_PICKLISTS_PAGE = {
  title: "Iniciar separação",
  description: "Inicie as listas de separação da loja, marque os produtos separados e finalize com o número da transferência.",
} as const;
