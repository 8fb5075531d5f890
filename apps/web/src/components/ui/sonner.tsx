import type * as React from "react";
import { Toaster as Sonner, toast, type ToasterProps as SonnerProps } from "sonner";

type ToasterProps = Omit<SonnerProps, "theme"> & {
  /** The app's theme setting; "system" follows prefers-color-scheme. */
  theme?: "light" | "dark" | "system";
};

/**
 * Mount once near the root: <Toaster theme={theme} />. Then call toast.success("Salvo"),
 * toast.error("…"), toast.promise(…) anywhere. Three at a time, 4 s each, as the spec has them, but at
 * the top centre rather than the spec's bottom right: there they covered the actions the screens keep
 * at the bottom ('Iniciar', 'Finalizar', the transfer number in the store's sticky bar).
 */
function Toaster({
  theme = "system",
  position = "top-center",
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

export { Toaster, toast, type ToasterProps };
