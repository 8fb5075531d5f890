import { useMemo, useRef, type ComponentProps } from "react";
import { cn } from "@/lib/utils";
import { tokenizeHtml, type HtmlTokenKind } from "../utils/html-tokens";

const TOKEN_CLASS: Record<HtmlTokenKind, string> = {
  text: "text-foreground",
  tag: "text-sky-700 dark:text-sky-300",
  attribute: "text-amber-700 dark:text-amber-300",
  value: "text-emerald-700 dark:text-emerald-300",
  punctuation: "text-muted-foreground",
  comment: "text-muted-foreground",
  placeholder: "text-fuchsia-700 dark:text-fuchsia-300",
  entity: "text-rose-700 dark:text-rose-300",
};

// Both layers must lay the text out identically: same font, size, line height, padding, no wrapping.
const LAYER = "m-0 p-3 font-mono text-[13px] leading-5 whitespace-pre [tab-size:2]";

export interface HtmlEditorProps extends Omit<ComponentProps<"textarea">, "value" | "onChange"> {
  value: string;
  onChange: (value: string) => void;
}

/**
 * The HTML body editor (350 px): a plain textarea, whose text is transparent, over a coloured copy
 * of the same text. Typing, selection, undo and screen readers are the textarea's own.
 */
export function HtmlEditor({ value, onChange, className, onScroll, ...props }: HtmlEditorProps) {
  const highlight = useRef<HTMLPreElement>(null);
  const tokens = useMemo(() => tokenizeHtml(value), [value]);

  return (
    <div
      className={cn(
        "relative h-[350px] overflow-hidden rounded-md border border-input bg-muted/30 shadow-xs transition-[color,box-shadow] dark:bg-input/30",
        "focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50",
        "has-[[aria-invalid=true]]:border-destructive has-[[aria-invalid=true]]:ring-destructive/20",
        className,
      )}
    >
      <pre
        ref={highlight}
        aria-hidden="true"
        // Extra room at the end so it can scroll as far as the textarea, whose scrollbars take space.
        className={cn(LAYER, "pointer-events-none absolute inset-0 overflow-hidden pr-8 pb-8")}
      >
        {tokens.map((token, index) => (
          <span key={index} className={TOKEN_CLASS[token.kind]}>
            {token.text}
          </span>
        ))}
        {/* A final empty line still takes its height. */}
        {value.endsWith("\n") && " "}
      </pre>
      <textarea
        {...props}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onScroll={(event) => {
          if (highlight.current) {
            highlight.current.scrollTop = event.currentTarget.scrollTop;
            highlight.current.scrollLeft = event.currentTarget.scrollLeft;
          }
          onScroll?.(event);
        }}
        wrap="off"
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        autoCorrect="off"
        className={cn(
          LAYER,
          "absolute inset-0 size-full resize-none overflow-auto border-0 bg-transparent text-transparent caret-foreground outline-none selection:bg-primary/25 selection:text-transparent",
        )}
      />
    </div>
  );
}
