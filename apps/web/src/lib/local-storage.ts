import { useEffect, useState, type Dispatch, type SetStateAction } from "react";
import type { ZodType } from "zod";

/**
 * The stored JSON value under `key`, or `initial` when it is missing, unreadable or fails `schema`.
 * Storage can throw (private mode, quota, disabled cookies): that is logged, never raised.
 */
export function readStored<T>(key: string, initial: T, schema?: ZodType<T>): T {
  let raw: string | null;
  try {
    raw = localStorage.getItem(key);
  } catch (error) {
    console.error(`Não foi possível ler "${key}" do armazenamento local.`, error);
    return initial;
  }
  if (raw === null) return initial;
  try {
    const value: unknown = JSON.parse(raw);
    if (!schema) return value as T;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    console.error(`Valor inválido em "${key}" no armazenamento local; usando o padrão.`, parsed.error.issues);
  } catch (error) {
    console.error(`Valor ilegível em "${key}" no armazenamento local; usando o padrão.`, error);
  }
  return initial;
}

export function writeStored(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.error(`Não foi possível salvar "${key}" no armazenamento local.`, error);
  }
}

/**
 * useState that starts from local storage (read once, on mount) and writes every change back.
 * `key` is fixed for the component's life.
 */
export function useLocalStorageState<T>(
  key: string,
  initial: T,
  schema?: ZodType<T>,
): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState(() => readStored(key, initial, schema));
  useEffect(() => {
    writeStored(key, value);
  }, [key, value]);
  return [value, setValue];
}
