import { anonymizeResultSchema, customerDataSchema, type CustomerData } from "@passo/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/**
 * GET /api/customers/{cpf}/data, as the contract has it. Asked as a mutation, so the answer lives in the
 * screen's state only: the CPF is never in the address bar, the history or a cached query.
 */
export const getCustomerData = async (cpf: string): Promise<CustomerData> =>
  customerDataSchema.parse(await api.get(`/customers/${encodeURIComponent(cpf)}/data`));

export const useCustomerData = () => useMutation({ mutationFn: getCustomerData });

/** POST /api/customers/{cpf}/anonymize: 409 while the customer has an open pickup or return. */
export const anonymizeCustomer = async (cpf: string) =>
  anonymizeResultSchema.parse(await api.post(`/customers/${encodeURIComponent(cpf)}/anonymize`));

export const useAnonymizeCustomer = () => useMutation({ mutationFn: anonymizeCustomer });
