import type { ScreenTexts } from "@/components/layout/page";

/** A screen's title and description, as the screen registry gives them, for rendering a screen's component on its own. */
export const SCREEN_TEXTS: ScreenTexts = { title: "Título da tela", description: "Descrição da tela." };
