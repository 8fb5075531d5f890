import { Page, type ScreenTexts } from "@/components/layout/page";
import { Skeleton } from "@/components/ui/skeleton";
import { useDeadlines } from "../api/get-deadlines";
import { DeadlinesForm } from "./deadlines-form";

/** 'Prazos', once loaded. */
/** The screen, under its title and description (the screen registry's). */
export function DeadlinesSettings({ title, description }: ScreenTexts) {
  const deadlines = useDeadlines();
  return (
    <Page title={title} description={description}>
      {deadlines.isPending ? (
        <Skeleton role="status" aria-label="Carregando..." className="h-80 rounded-xl" />
      ) : deadlines.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Não foi possível carregar os prazos.
        </p>
      ) : (
        <DeadlinesForm deadlines={deadlines.data} />
      )}
    </Page>
  );
}
