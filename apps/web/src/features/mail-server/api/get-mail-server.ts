import { mailServerSchema } from "@passo/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";

const mailServerResponseSchema = z.object({ serviceNotification: z.array(mailServerSchema) });

/**
 * GET /api/service-notification/get: the single outgoing-mail record, the first item of the list it answers.
 * The password never comes back, only `hasPassword`.
 */
export async function getMailServer(signal?: AbortSignal) {
  const { serviceNotification } = mailServerResponseSchema.parse(
    await api.get("/service-notification/get", undefined, signal),
  );
  return serviceNotification[0] ?? null;
}

export const MAIL_SERVER_KEY = ["mail-server"] as const;

export const mailServerQueryOptions = () =>
  queryOptions({
    queryKey: MAIL_SERVER_KEY,
    queryFn: ({ signal }) => getMailServer(signal),
  });

export const useMailServer = () => useQuery(mailServerQueryOptions());
