import type { ReactNode } from "react";
import { PageHeader } from "./page-header";

/** A screen: its header (title, subtitle, main action), then its content. */
export function Page({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PageHeader title={title} description={description} actions={actions} />
      {children}
    </div>
  );
}
