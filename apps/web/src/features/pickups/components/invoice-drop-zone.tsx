import { MAX_NFE_XML_BYTES, MAX_UPLOAD_BYTES } from "@passo/domain";
import { FileTextIcon, UploadIcon, XIcon } from "lucide-react";
import { useState, type AriaAttributes, type DragEvent, type Ref } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

const SIZE_FORMAT = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });

/** A file's size as people read it: '340 KB', '1,2 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${SIZE_FORMAT.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${SIZE_FORMAT.format(bytes / 1024 / 1024)} MB`;
}

export interface InvoiceDropZoneProps {
  /** The file input's id, which the field's label names. */
  id: string;
  /** The chosen files: none, one (the PDF or the XML), or the two. */
  files: readonly File[];
  /** Files were chosen or dropped (all of them, as chosen), for the form to judge. */
  onChoose: (files: File[]) => void;
  /** One chosen file was removed. */
  onRemove: (file: File) => void;
  onBlur?: () => void;
  "aria-invalid"?: AriaAttributes["aria-invalid"];
  "aria-describedby"?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The NF-e field: a zone to click (or reach with Tab and open with Enter/Space) or to drop the PDF, the XML
 * or both on. Once chosen, it shows each file's name and size and a way to remove it.
 */
export function InvoiceDropZone({ id, files, onChoose, onRemove, onBlur, inputRef, ...aria }: InvoiceDropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const invalid = aria["aria-invalid"] === true || aria["aria-invalid"] === "true";

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = [...event.dataTransfer.files];
    if (dropped.length) onChoose(dropped);
  };

  return (
    <div
      data-dragging={dragging || undefined}
      aria-invalid={invalid || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      className={cn(
        "relative rounded-md border border-dashed border-input text-sm transition-colors",
        "has-[input:focus-visible]:border-ring has-[input:focus-visible]:ring-[3px] has-[input:focus-visible]:ring-ring/50",
        "data-[dragging]:border-primary data-[dragging]:bg-accent aria-invalid:border-destructive",
      )}
    >
      <input
        ref={inputRef}
        id={id}
        type="file"
        multiple
        accept="application/pdf,.pdf,application/xml,text/xml,.xml"
        className="peer sr-only"
        aria-invalid={invalid || undefined}
        aria-describedby={aria["aria-describedby"]}
        onBlur={onBlur}
        onChange={(event) => {
          const chosen = [...(event.target.files ?? [])];
          if (chosen.length) onChoose(chosen);
        }}
      />
      {files.length > 0 ? (
        <ul className="flex flex-col divide-y" aria-label="Arquivos da NF-e">
          {files.map((file) => (
            <li key={`${file.name}:${file.size}:${file.lastModified}`} className="flex items-center gap-3 p-3">
              <FileTextIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
              <label htmlFor={id} className="flex min-w-0 flex-1 cursor-pointer flex-col">
                <span className="truncate font-medium" title={file.name}>
                  {file.name}
                </span>
                <span className="text-xs text-muted-foreground">{formatFileSize(file.size)}</span>
              </label>
              <Button type="button" variant="ghost" size="sm" aria-label={`Remover ${file.name}`} onClick={() => onRemove(file)}>
                <XIcon aria-hidden="true" />
                Remover
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <label htmlFor={id} className="flex cursor-pointer flex-col items-center gap-1 px-3 py-5 text-center">
          <UploadIcon aria-hidden="true" className="size-5 text-muted-foreground" />
          <span className="font-medium">Selecione ou arraste o PDF ou o XML da NF-e</span>
          <span className="text-xs text-muted-foreground">
            PDF de até {MAX_UPLOAD_BYTES / 1024 / 1024} MB, XML de até {MAX_NFE_XML_BYTES / 1024 / 1024} MB (que preenche o formulário), ou os dois.
          </span>
        </label>
      )}
    </div>
  );
}
