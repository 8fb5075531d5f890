import type * as React from "react";
import { Toaster as Sonner, type ToasterProps as SonnerProps } from "sonner";

type ToasterProps = Omit<SonnerProps, "theme"> & {
  /** The app's theme setting; "system" follows prefers-color-scheme. */
  theme?: "light" | "dark" | "system";
};

/**
 * Mount once near the root: <Toaster theme={theme} />. Then call toast.success("Salvo") or
 * toast.error("…") of lib/toast.ts anywhere. Three at a time, 4 s each, at the bottom right, as the
 * spec has them; they rise by `--toast-lift` above a screen's action bar at the bottom of the screen
 * (lib/toast-clearance.ts), so that they never cover 'Iniciar', 'Finalizar' or the transfer number.
 */
function Toaster({
  theme = "system",
  position = "bottom-right",
  offset = { bottom: "calc(24px + var(--toast-lift, 0px))" },
  mobileOffset = { bottom: "calc(16px + var(--toast-lift, 0px))" },
  visibleToasts = 3,
  duration = 4000,
  gap = 14,
  richColors = true,
  containerAriaLabel = "Notificações",
  style,
  toastOptions,
  ...props
}: ToasterProps) {
  return (
    <Sonner
      theme={theme}
      position={position}
      offset={offset}
      mobileOffset={mobileOffset}
      visibleToasts={visibleToasts}
      duration={duration}
      gap={gap}
      richColors={richColors}
      containerAriaLabel={containerAriaLabel}
      className="toaster group"
      toastOptions={{ closeButtonAriaLabel: "Fechar notificação", ...toastOptions }}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--border-radius": "var(--radius)",
          ...style,
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster, type ToasterProps };
