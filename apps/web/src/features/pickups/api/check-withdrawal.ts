import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

interface CheckWithdrawalResponse {
  authorized: boolean;
  name?: string;
  title: string;
  message: string;
  signatureRequired?: boolean;
}

/** The answer of the counter's check; `text` is the sentence the counter shows. */
export interface WithdrawalCheckResult {
  authorized: boolean;
  name?: string;
  title: string;
  text: string;
  /** The store requires the customer's signature before 'Confirmar retirada'. */
  signatureRequired?: boolean;
}

/**
 * POST /api/pickup/check-withdrawal/{id}: a store sees masked CPFs only, so the server compares
 * the typed CPF. The answer's `message` is renamed: it is the verdict shown in the dialog, not a
 * write's confirmation for the global success toast.
 */
export async function checkWithdrawal({ id, withdrawalCPF }: { id: string; withdrawalCPF: string }): Promise<WithdrawalCheckResult> {
  const { message, ...rest } = await api.post<CheckWithdrawalResponse>(`/pickup/check-withdrawal/${encodeURIComponent(id)}`, {
    withdrawalCPF,
  });
  return { ...rest, text: message };
}

export const useCheckWithdrawal = () => useMutation({ mutationFn: checkWithdrawal });
