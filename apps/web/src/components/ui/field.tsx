import * as React from "react";

import { cn } from "@/lib/utils";
import { slotted } from "@/components/ui/slotted";
import { Label } from "@/components/ui/label";

type FieldContextValue = {
  controlId: string;
  labelId: string;
  descriptionId: string;
  errorId: string;
  invalid: boolean;
  hasLabel: boolean;
  hasDescription: boolean;
  hasError: boolean;
  setHasLabel: (value: boolean) => void;
  setHasDescription: (value: boolean) => void;
  setHasError: (value: boolean) => void;
};

const FieldContext = React.createContext<FieldContextValue | null>(null);

/** Registers a part (label, description, error) with the enclosing Field while it is mounted. */
function useRegister(setter: ((value: boolean) => void) | undefined, present = true) {
  React.useLayoutEffect(() => {
    if (!setter || !present) return;
    setter(true);
    return () => setter(false);
  }, [setter, present]);
}

/**
 * Ids and state of the enclosing <Field>, to wire a control by hand instead of with FieldControl:
 * `const { controlProps } = useField(); <MyControl {...controlProps} />`.
 */
function useField() {
  const context = React.useContext(FieldContext);
  if (!context) throw new Error("useField must be used within a <Field>.");
  const describedBy = [context.hasDescription && context.descriptionId, context.hasError && context.errorId]
    .filter(Boolean)
    .join(" ");
  return {
    ...context,
    controlProps: {
      id: context.controlId,
      "aria-invalid": context.invalid || undefined,
      "aria-describedby": describedBy || undefined,
    },
  };
}

/** Stacks several Fields (a form section). */
const FieldGroup = slotted("div", "field-group", "group/field-group flex w-full flex-col gap-6 *:data-[slot=field-group]:gap-4");

type FieldProps = React.ComponentProps<"div"> & {
  /** Marks the field invalid: aria-invalid on the control and a destructive label. With react-hook-form: fieldState.invalid. */
  invalid?: boolean;
  /** shadcn spelling of `invalid`; either works. */
  "data-invalid"?: boolean | "true" | "false";
  /** Id for the control (defaults to a generated one); FieldLabel's htmlFor points at it. */
  controlId?: string;
  /** "horizontal" puts the label beside the control (checkbox, switch rows). */
  orientation?: "vertical" | "horizontal";
};

/** The htmlFor of a FieldLabel that is a direct child, if any. */
function labelTarget(children: React.ReactNode): string | undefined {
  let target: string | undefined;
  React.Children.forEach(children, (child) => {
    if (target === undefined && React.isValidElement<{ htmlFor?: string }>(child) && child.type === FieldLabel) {
      target = child.props.htmlFor;
    }
  });
  return target;
}

function controlAria(own: ControlAria, field: ReturnType<typeof useField>, labelledBy: boolean): ControlAria {
  const describedBy =
    [field.controlProps["aria-describedby"], own["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  const named = own["aria-label"] !== undefined || own["aria-labelledby"] !== undefined;
  return {
    id: own.id ?? field.controlProps.id,
    "aria-invalid": own["aria-invalid"] ?? field.controlProps["aria-invalid"],
    "aria-describedby": describedBy,
    ...(labelledBy && !named && field.hasLabel ? { "aria-labelledby": field.labelId } : {}),
  };
}

/**
 * One labelled form control. FieldLabel, the control, FieldDescription and FieldError inside it are wired
 * together: label htmlFor → control id, aria-describedby → description + error, aria-invalid.
 *
 * The control is found either by wrapping it in <FieldControl>, or, shadcn style, by being a direct child
 * whose `id` equals the FieldLabel's `htmlFor` (then it gets aria-describedby / aria-invalid merged in).
 */
function Field({
  className,
  invalid: invalidProp,
  "data-invalid": dataInvalid,
  controlId,
  orientation = "vertical",
  children,
  ...props
}: FieldProps) {
  const invalid = invalidProp ?? (dataInvalid === true || dataInvalid === "true");
  const generatedId = React.useId();
  const baseId = controlId ?? labelTarget(children) ?? `field-${generatedId.replace(/:/g, "")}`;
  const [hasLabel, setHasLabel] = React.useState(false);
  const [hasDescription, setHasDescription] = React.useState(false);
  const [hasError, setHasError] = React.useState(false);

  const value = React.useMemo<FieldContextValue>(
    () => ({
      controlId: baseId,
      labelId: `${baseId}-label`,
      descriptionId: `${baseId}-description`,
      errorId: `${baseId}-error`,
      invalid,
      hasLabel,
      hasDescription,
      hasError,
      setHasLabel,
      setHasDescription,
      setHasError,
    }),
    [baseId, invalid, hasLabel, hasDescription, hasError],
  );

  return (
    <FieldContext.Provider value={value}>
      <div
        data-slot="field"
        data-invalid={invalid || undefined}
        data-orientation={orientation}
        className={cn(
          "group/field flex w-full gap-2",
          orientation === "vertical" ? "flex-col" : "flex-row flex-wrap items-center gap-x-3",
          "*:data-[slot=input]:w-full *:data-[slot=select-trigger]:w-full *:data-[slot=textarea]:w-full",
          className,
        )}
        {...props}
      >
        <FieldChildren>{children}</FieldChildren>
      </div>
    </FieldContext.Provider>
  );
}

/** Merges the field's aria attributes into the direct child whose id is the control id. */
function FieldChildren({ children }: { children: React.ReactNode }) {
  const field = useField();
  return React.Children.map(children, (child) => {
    if (!React.isValidElement<ControlAria>(child) || child.type === FieldControl) return child;
    if (child.props.id !== field.controlId) return child;
    return React.cloneElement(child, controlAria(child.props, field, false));
  });
}

function FieldLabel({ className, htmlFor, id, ...props }: React.ComponentProps<typeof Label>) {
  const context = React.useContext(FieldContext);
  useRegister(context?.setHasLabel);

  return (
    <Label
      data-slot="field-label"
      id={id ?? context?.labelId}
      htmlFor={htmlFor ?? context?.controlId}
      className={cn("w-fit group-data-[invalid=true]/field:text-destructive", className)}
      {...props}
    />
  );
}

type ControlAria = {
  id?: string;
  "aria-invalid"?: React.AriaAttributes["aria-invalid"];
  "aria-describedby"?: string;
  "aria-labelledby"?: string;
  "aria-label"?: string;
};

/**
 * Wraps exactly one control element (Input, Textarea, SelectTrigger, Checkbox, Switch, RadioGroup, a
 * Calendar's trigger button…) and gives it the field's id, aria-invalid and aria-describedby (merged with
 * the child's own). Elements that a <label for> cannot name (e.g. RadioGroup) also get aria-labelledby.
 */
function FieldControl({ children }: { children: React.ReactElement }) {
  const field = useField();
  if (!React.isValidElement<ControlAria>(children)) return children;
  return React.cloneElement(children, controlAria(children.props, field, true));
}

function FieldDescription({ className, id, ...props }: React.ComponentProps<"p">) {
  const context = React.useContext(FieldContext);
  useRegister(context?.setHasDescription);

  return (
    <p
      data-slot="field-description"
      id={id ?? context?.descriptionId}
      className={cn("text-sm font-normal text-muted-foreground", className)}
      {...props}
    />
  );
}

type FieldErrorProps = React.ComponentProps<"div"> & {
  /** react-hook-form errors, e.g. errors={[fieldState.error]}; one message per line, duplicates removed. */
  errors?: Array<{ message?: string } | undefined>;
};

/**
 * The validation message: role="alert" (announced when it appears) and the id that the control's
 * aria-describedby points to. Renders nothing when there is no message. `children` win over `errors`.
 */
function FieldError({ className, children, errors, id, ...props }: FieldErrorProps) {
  const context = React.useContext(FieldContext);

  const messages = [
    ...new Set((errors ?? []).map((error) => error?.message).filter((message): message is string => !!message)),
  ];
  let content: React.ReactNode = children;
  if (content === undefined || content === null || content === false || content === "") {
    if (messages.length === 1) content = messages[0];
    else if (messages.length > 1)
      content = (
        <ul className="ml-4 flex list-disc flex-col gap-1">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      );
    else content = null;
  }
  const hasContent = content !== null;
  useRegister(context?.setHasError, hasContent);

  if (!hasContent) return null;

  return (
    <div
      role="alert"
      data-slot="field-error"
      id={id ?? context?.errorId}
      className={cn("text-sm font-normal text-destructive", className)}
      {...props}
    >
      {content}
    </div>
  );
}

export { Field, FieldControl, FieldDescription, FieldError, FieldGroup, FieldLabel, useField, type FieldProps };
