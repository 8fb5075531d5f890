import type * as React from "react";
import { ChevronRightIcon, MoreHorizontalIcon } from "lucide-react";

import { cn } from "@/lib/utils";
import { slotted } from "@/components/ui/slotted";
import { slottedAsChild } from "@/components/ui/slotted-as-child";

const Breadcrumb = slotted("nav", "breadcrumb", undefined, { "aria-label": "Navegação estrutural" });
const BreadcrumbList = slotted(
  "ol",
  "breadcrumb-list",
  "flex flex-wrap items-center gap-1.5 text-sm break-words text-muted-foreground sm:gap-2.5",
);
const BreadcrumbItem = slotted("li", "breadcrumb-item", "inline-flex items-center gap-1.5");

/** Use asChild to render a router <Link>. */
const BreadcrumbLink = slottedAsChild(
  "a",
  "breadcrumb-link",
  "rounded-sm transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50",
);

const BreadcrumbPage = slotted("span", "breadcrumb-page", "font-normal text-foreground", { "aria-current": "page" });

function BreadcrumbSeparator({ children, className, ...props }: React.ComponentProps<"li">) {
  return (
    <li
      data-slot="breadcrumb-separator"
      role="presentation"
      aria-hidden="true"
      className={cn("[&>svg]:size-3.5", className)}
      {...props}
    >
      {children ?? <ChevronRightIcon />}
    </li>
  );
}

const BreadcrumbEllipsis = slotted("span", "breadcrumb-ellipsis", "flex size-9 items-center justify-center", {
  children: (
    <>
      <MoreHorizontalIcon className="size-4" aria-hidden="true" />
      <span className="sr-only">Mais</span>
    </>
  ),
});

export {
  Breadcrumb,
  BreadcrumbList,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbPage,
  BreadcrumbSeparator,
  BreadcrumbEllipsis,
};
