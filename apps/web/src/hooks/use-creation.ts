import { useMutation } from "@tanstack/react-query";
import { useRef } from "react";
import { ApiError } from "@/lib/api-client";
import { newIdempotencyKey } from "@/lib/idempotency";
import type { CreatedLink } from "@/lib/open-link";

/** A creation lost on the way (no answer, or the server's 503) is sent again by itself, twice at most. */
export function retryCreation(failures: number, error: unknown): boolean {
  return failures < 2 && error instanceof ApiError && (error.status === 0 || error.status === 503);
}

interface CreationOptions<TInput, TOutput> {
  create: (input: TInput, idempotencyKey: string) => Promise<TOutput>;
  /** What makes two submits "the same" (default: the input as JSON). */
  fingerprint?: (input: TInput) => string;
  onSuccess?: (data: TOutput, input: TInput) => unknown;
  /** Where the success toast leads: the new record. */
  createdLink?: (data: TOutput) => CreatedLink | undefined;
}

/**
 * A create mutation whose requests carry an Idempotency-Key: the same key while the person submits the
 * same content again (after a timeout, a lost connection, a second click), a new one once it was
 * created or the content changed. So a retried submit never creates twice.
 */
export function useCreation<TInput, TOutput>({ create, fingerprint = (input) => JSON.stringify(input), onSuccess, createdLink }: CreationOptions<TInput, TOutput>) {
  const last = useRef<{ fingerprint: string; key: string } | null>(null);
  const keyFor = (input: TInput) => {
    const current = fingerprint(input);
    if (last.current?.fingerprint !== current) last.current = { fingerprint: current, key: newIdempotencyKey() };
    return last.current.key;
  };
  return useMutation({
    mutationFn: (input: TInput) => create(input, keyFor(input)),
    retry: retryCreation,
    ...(createdLink ? { meta: { createdLink: (data: unknown) => createdLink(data as TOutput) } } : {}),
    onSuccess: (data, input) => {
      last.current = null;
      return onSuccess?.(data, input);
    },
  });
}
