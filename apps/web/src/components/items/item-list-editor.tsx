import { useId, useState, type KeyboardEvent } from "react";
import { PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";

import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { toast } from "@/lib/toast";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";

/** The item list's toasts. */
export const ITEM_LIST_MESSAGES = {
  edited: "Item da lista editado com sucesso!",
  removed: "Item da lista removido com sucesso!",
} as const;

export interface ItemListEditorProps {
  items: readonly string[];
  onChange: (items: string[]) => void;
  /** Label of the text box. */
  label?: string;
  /** Heading of the table. */
  title?: string;
  placeholder?: string;
  disabled?: boolean;
  /** A validation message (react-hook-form's fieldState.error?.message). */
  error?: string;
  /** react-hook-form's field.onBlur: the list counts as touched once the text box is left. */
  onBlur?: () => void;
  className?: string;
}

/**
 * A list of product lines being written: a text box with 'Adicionar' and a table of the lines, each
 * editable and removable. Controlled; inside a react-hook-form use a Controller:
 *   <Controller name="listItems" control={control} render={({ field, fieldState }) => (
 *     <ItemListEditor items={field.value} onChange={field.onChange} onBlur={field.onBlur}
 *       error={fieldState.error?.message} />
 *   )} />
 */
export function ItemListEditor({
  items,
  onChange,
  label = "Adicionar produtos",
  title = "Lista de itens para separação",
  placeholder,
  disabled = false,
  error,
  onBlur,
  className,
}: ItemListEditorProps) {
  const textId = useId();
  const errorId = useId();
  const titleId = useId();
  const [text, setText] = useState("");
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);

  const add = () => {
    const item = text.trim();
    if (!item) return;
    onChange([...items, item]);
    setText("");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter writes a new line; Ctrl/Cmd + Enter adds the item.
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      add();
    }
  };

  return (
    <div className={cn("flex flex-col gap-4", className)}>
      <div className="flex flex-col gap-2">
        <Label htmlFor={textId}>{label}</Label>
        <Textarea
          id={textId}
          rows={3}
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
          className="field-sizing-fixed"
        />
        {error && (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <Button type="button" className="self-end" disabled={disabled} onClick={add}>
          <PlusIcon aria-hidden="true" />
          Adicionar
        </Button>
      </div>

      <div className="flex flex-col gap-2">
        <h3 id={titleId} className="text-sm font-medium">
          {title}
        </h3>
        <div className="rounded-md border">
          <Table aria-labelledby={titleId}>
            <TableHeader>
              <TableRow>
                <TableHead>Descrição do item</TableHead>
                <TableHead className="w-24 text-right">Ações</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={2} className="h-16 text-center text-muted-foreground">
                    Nenhum item adicionado.
                  </TableCell>
                </TableRow>
              ) : (
                items.map((item, index) => (
                  <TableRow key={`${index}-${item}`}>
                    <TableCell className="whitespace-normal break-words">{item}</TableCell>
                    <TableCell className="text-right">
                      <div className="flex justify-end gap-1">
                        <Button
                          variant="ghost"
                          size="icon"
                          className="size-8"
                          aria-label={`Editar item ${index + 1}`}
                          disabled={disabled}
                          onClick={() => setEditing(index)}
                        >
                          <PencilIcon aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          className="size-8 text-destructive hover:text-destructive"
                          aria-label={`Excluir item ${index + 1}`}
                          disabled={disabled}
                          onClick={() => setRemoving(index)}
                        >
                          <Trash2Icon aria-hidden="true" />
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </div>
      </div>

      <EditItemDialog
        item={editing === null ? undefined : items[editing]}
        onClose={() => setEditing(null)}
        onSave={(value) => {
          if (editing === null) return;
          onChange(items.map((current, index) => (index === editing ? value : current)));
          setEditing(null);
          toast.success(ITEM_LIST_MESSAGES.edited);
        }}
      />

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Tem certeza de que deseja excluir?"
        description="Esta ação é irreversível e os dados serão permanentemente excluídos."
        confirmLabel="Excluir"
        variant="destructive"
        onConfirm={() => {
          if (removing === null) return;
          onChange(items.filter((_, index) => index !== removing));
          toast.success(ITEM_LIST_MESSAGES.removed);
        }}
      />
    </div>
  );
}

function EditItemDialog({
  item,
  onClose,
  onSave,
}: {
  item: string | undefined;
  onClose: () => void;
  onSave: (value: string) => void;
}) {
  // The closing dialog keeps showing its item until its exit animation ends.
  const [shown, setShown] = useState(item);
  if (item !== undefined && item !== shown) setShown(item);

  return (
    <Dialog open={item !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {shown !== undefined && <EditItemForm key={shown} item={shown} onCancel={onClose} onSave={onSave} />}
      </DialogContent>
    </Dialog>
  );
}

function EditItemForm({
  item,
  onCancel,
  onSave,
}: {
  item: string;
  onCancel: () => void;
  onSave: (value: string) => void;
}) {
  const textId = useId();
  const [value, setValue] = useState(item);
  const trimmed = value.trim();

  return (
    <>
      <DialogHeader>
        <DialogTitle>Editar Item da Lista</DialogTitle>
        <DialogDescription>Altere a descrição do item e salve.</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-2">
        <Label htmlFor={textId}>Descrição do item</Label>
        <Textarea id={textId} rows={3} value={value} onChange={(event) => setValue(event.target.value)} />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
        <Button disabled={!trimmed} onClick={() => onSave(trimmed)}>
          Salvar
        </Button>
      </DialogFooter>
    </>
  );
}
