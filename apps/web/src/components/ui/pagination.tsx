import type * as React from "react";
import * as Slot from "radix-ui/slot";
import { ChevronLeftIcon, ChevronRightIcon, MoreHorizontalIcon } from "lucide-react";

import { cn } from "@/lib/utils";
import { slotted } from "@/components/ui/slotted";
import { type ButtonProps, buttonVariants } from "@/components/ui/button";

const Pagination = slotted("nav", "pagination", "mx-auto flex w-full justify-center", { "aria-label": "Paginação" });
const PaginationContent = slotted("ul", "pagination-content", "flex flex-row items-center gap-1");
const PaginationItem = slotted("li", "pagination-item");

type PaginationLinkOwnProps = {
  /** The current page: highlighted and marked aria-current="page". */
  isActive?: boolean;
  size?: ButtonProps["size"];
  /** Render the single child (e.g. a router <Link>) instead of <a>/<button>. */
  asChild?: boolean;
};

/**
 * With an `href` it renders an <a>; without one a <button type="button"> for onClick-driven paging
 * (client-side tables). `disabled` works on the button form; links get aria-disabled instead.
 */
type PaginationLinkProps = PaginationLinkOwnProps &
  (
    | (React.ComponentProps<"a"> & { href: string; disabled?: boolean })
    | (React.ComponentProps<"button"> & { href?: undefined })
  );

function PaginationLink({ className, isActive, size = "icon", asChild = false, ...props }: PaginationLinkProps) {
  const shared = {
    "aria-current": isActive ? ("page" as const) : undefined,
    "data-slot": "pagination-link",
    "data-active": isActive ? "true" : undefined,
    className: cn(buttonVariants({ variant: isActive ? "outline" : "ghost", size }), className),
  };

  if (asChild) {
    return <Slot.Root {...shared} {...(props as React.HTMLAttributes<HTMLElement>)} />;
  }

  if (props.href !== undefined) {
    const { disabled, onClick, ...anchorProps } = props as React.ComponentProps<"a"> & { disabled?: boolean };
    return (
      <a
        {...shared}
        aria-disabled={disabled || undefined}
        tabIndex={disabled ? -1 : undefined}
        onClick={(event) => {
          if (disabled) {
            event.preventDefault();
            return;
          }
          onClick?.(event);
        }}
        {...anchorProps}
      />
    );
  }

  const { type = "button", ...buttonProps } = props as React.ComponentProps<"button">;
  return <button {...shared} type={type} {...buttonProps} />;
}

function PaginationPrevious({ className, children, ...props }: PaginationLinkProps) {
  return (
    <PaginationLink aria-label="Anterior" size="default" className={cn("gap-1 px-2.5 sm:pl-2.5", className)} {...props}>
      {children ?? (
        <>
          <ChevronLeftIcon aria-hidden="true" />
          <span className="hidden lg:block">Anterior</span>
        </>
      )}
    </PaginationLink>
  );
}

function PaginationNext({ className, children, ...props }: PaginationLinkProps) {
  return (
    <PaginationLink aria-label="Próximo" size="default" className={cn("gap-1 px-2.5 sm:pr-2.5", className)} {...props}>
      {children ?? (
        <>
          <span className="hidden lg:block">Próximo</span>
          <ChevronRightIcon aria-hidden="true" />
        </>
      )}
    </PaginationLink>
  );
}

const PaginationEllipsis = slotted("span", "pagination-ellipsis", "flex size-9 items-center justify-center", {
  children: (
    <>
      <MoreHorizontalIcon className="size-4" aria-hidden="true" />
      <span className="sr-only">Mais páginas</span>
    </>
  ),
});

export {
  Pagination,
  PaginationContent,
  PaginationLink,
  type PaginationLinkProps,
  PaginationItem,
  PaginationPrevious,
  PaginationNext,
  PaginationEllipsis,
};
