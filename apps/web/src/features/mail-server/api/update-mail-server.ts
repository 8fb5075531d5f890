import { mailServerSchema, type MailServerUpdate } from "@passo/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { EMAIL_OUTBOX_KEY } from "@/api/query-keys";
import { MAIL_SERVER_KEY } from "./get-mail-server";

const updateMailServerResponseSchema = z.object({ message: z.string(), serviceNotification: mailServerSchema });

/** PUT /api/service-notification/update/{id}: a password left out keeps the stored one. */
export const updateMailServer = async ({ id, body }: { id: string; body: MailServerUpdate }) =>
  updateMailServerResponseSchema.parse(await api.put(`/service-notification/update/${encodeURIComponent(id)}`, body));

export function useUpdateMailServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMailServer,
    onSuccess: ({ serviceNotification }) => {
      queryClient.setQueryData(MAIL_SERVER_KEY, serviceNotification);
      // Mail that waited for a configuration leaves the queue now.
      return queryClient.invalidateQueries({ queryKey: EMAIL_OUTBOX_KEY });
    },
  });
}
