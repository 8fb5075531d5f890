import type { ReactNode } from "react";
import { cn } from "@/lib/utils";
import { PageHeader } from "./page-header";

/** A screen's title and description, as the screen registry (app/screens.ts) gives them to its route module. */
export interface ScreenTexts {
  title: string;
  description: string;
}

/** A screen: its header (title, subtitle, main action), then its content. */
export function Page({
  title,
  description,
  actions,
  className,
  children,
}: {
  title: string;
  description: string;
  actions?: ReactNode;
  /** A narrower screen's width, e.g. a form's. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("flex min-w-0 flex-col gap-6", className)}>
      <PageHeader title={title} description={description} actions={actions} />
      {children}
    </div>
  );
}
