import {
  ApplicantListSchema,
  type InviteApplicantRequest,
  InviteApplicantResponseSchema,
  type SubmissionSummary,
} from '@strand/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, downloadFile } from '../../../lib/api-client';

const applicantsKey = ['staff', 'applicants'] as const;

export const getApplicantsQueryOptions = () =>
  queryOptions({
    queryKey: applicantsKey,
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/staff/applicants', { schema: ApplicantListSchema, signal })).applicants,
  });

export function useApplicants() {
  return useQuery(getApplicantsQueryOptions());
}

export function useInviteApplicant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteApplicantRequest) =>
      apiRequest('/api/staff/applicants', { method: 'POST', body, schema: InviteApplicantResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicantsKey }),
  });
}

/** Fetched with the staff session's token (never in a URL) and saved as a download. */
export const downloadSubmission = (submission: SubmissionSummary) =>
  downloadFile(`/api/staff/applicant-submissions/${submission.id}/file`, `submission-${submission.id}.zip`);
