import { renderTemplate, type Company, type TemplateImage, type TemplateText } from "@passo/domain";
import { useMemo } from "react";
import { cn } from "@/lib/utils";

/**
 * The document an e-mail body is shown in. The body is whatever an administrator typed: it is shown
 * only inside an iframe with an empty `sandbox` (no scripts, no forms, no same-origin access).
 */
export function previewDocument(html: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="color-scheme" content="light"><style>body{margin:12px;font-family:Arial,Helvetica,sans-serif;color:#1f2937;background:#fff;overflow-wrap:anywhere}</style></head><body>${html}</body></html>`;
}

const NO_IMAGES: Readonly<Record<string, TemplateImage>> = {};

export interface TemplatePreviewProps {
  /** The subject and body with their {{placeholders}}. */
  template: TemplateText;
  /** The record the placeholders are filled from (a sample). */
  record: Record<string, unknown>;
  /** The images the e-mail is sent with, by variable (`{{pickupCodeQr}}`). */
  images?: Readonly<Record<string, TemplateImage>>;
  company: Company;
  timeZone: string;
  /** Names the frame for screen readers. */
  title: string;
  /** Shows the filled-in subject above the body. */
  showSubject?: boolean;
  /** Applied to the frame (its height, e.g.). */
  className?: string;
  /** A thumbnail: not focusable, not announced (the card names it). */
  decorative?: boolean;
}

/** An e-mail as its recipient would see it: renderTemplate, the server's own, with the record's values escaped. */
export function TemplatePreview({ template, record, images = NO_IMAGES, company, timeZone, title, showSubject = false, className, decorative = false }: TemplatePreviewProps) {
  const rendered = useMemo(() => renderTemplate(template, record, company, timeZone, images), [template, record, company, timeZone, images]);
  return (
    <div className="flex min-w-0 flex-col gap-2">
      {showSubject && (
        <p className="text-sm">
          <span className="font-medium">Assunto: </span>
          <span data-testid="preview-subject" className="break-words">
            {rendered.subject}
          </span>
        </p>
      )}
      {decorative ? (
        // A thumbnail: the e-mail laid out at twice the width, shown at half size.
        <div className={cn("relative overflow-hidden rounded-md border bg-white", className)}>
          <iframe
            title={title}
            sandbox=""
            srcDoc={previewDocument(rendered.html)}
            referrerPolicy="no-referrer"
            tabIndex={-1}
            aria-hidden="true"
            className="pointer-events-none absolute top-0 left-0 h-[200%] w-[200%] origin-top-left scale-50"
          />
        </div>
      ) : (
        <iframe
          title={title}
          sandbox=""
          srcDoc={previewDocument(rendered.html)}
          referrerPolicy="no-referrer"
          className={cn("w-full rounded-md border bg-white", className)}
        />
      )}
    </div>
  );
}
