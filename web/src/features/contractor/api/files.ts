/** A work order's attachments (list, download, upload) and its PDF. */
import {
  type ContractorAttachment,
  ContractorAttachmentListSchema,
  ContractorUploadResultSchema,
} from '@strand/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, fetchBlob, newIdempotencyKey, saveBlob, uploadForm } from '../../../lib/api-client';
import { contractorKeys } from './work-orders';

const attachmentsKey = (workOrderId: number) => ['contractor', 'attachments', workOrderId] as const;

export const getAttachmentsQueryOptions = (workOrderId: number) =>
  queryOptions({
    queryKey: attachmentsKey(workOrderId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/contractor/work-orders/${workOrderId}/attachments`, {
        schema: ContractorAttachmentListSchema,
        signal,
      }),
  });

export function useAttachments(workOrderId: number) {
  return useQuery(getAttachmentsQueryOptions(workOrderId));
}

/** viewAttachment: downloads the file under its name. */
export async function downloadAttachment(workOrderId: number, attachment: ContractorAttachment): Promise<void> {
  const blob = await fetchBlob(`/api/contractor/work-orders/${workOrderId}/attachments/${attachment.nCount}`);
  saveBlob(blob, attachment.vcFileName);
}

/** viewPDF: the PDF as an object URL the caller opens (and revokes). */
export async function workOrderPdfUrl(workOrderId: number): Promise<string> {
  const blob = await fetchBlob(`/api/contractor/work-orders/${workOrderId}/pdf`);
  return URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
}

export interface UploadInput {
  files: File[];
  fileName: string;
  fileDescription: string;
  /** Kept by the form across retries of one submission, so a retry never stores the files twice. */
  key?: string;
}

export function useUploadAttachments(workOrderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, fileName, fileDescription, key }: UploadInput) => {
      const form = new FormData();
      if (fileName.trim()) form.append('FileName', fileName.trim());
      if (fileDescription.trim()) form.append('FileDescription', fileDescription.trim());
      for (const [i, file] of files.entries()) form.append(`file_${i}`, file, file.name);
      return uploadForm(
        `/api/contractor/work-orders/${workOrderId}/attachments`,
        form,
        ContractorUploadResultSchema,
        key ?? newIdempotencyKey(),
      );
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: attachmentsKey(workOrderId) });
      await queryClient.invalidateQueries({ queryKey: contractorKeys.workOrder(workOrderId) });
    },
  });
}
