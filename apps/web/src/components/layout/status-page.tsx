import type { ReactNode } from "react";

/** The 403 / 404 / 503 pages: a large code, one sentence, and an action. */
export function StatusPage({ code, title, children }: { code: number; title: string; children?: ReactNode }) {
  return (
    <main className="flex min-h-[60svh] flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-7xl font-bold tracking-tight text-muted-foreground" aria-hidden="true">
        {code}
      </p>
      <h1 className="text-xl font-semibold">{title}</h1>
      {children}
    </main>
  );
}
