/** Shown while the session loads. */
export function LoadingScreen() {
  return (
    <div className="flex min-h-svh items-center justify-center text-muted-foreground" role="status" aria-live="polite">
      Carregando...
    </div>
  );
}
