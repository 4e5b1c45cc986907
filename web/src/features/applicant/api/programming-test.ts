/** SPEC §7 "programming test login and upload (username, zip as base64)", and the applicant's own status. */
import {
  type ApplicantLoginRequest,
  ApplicantLoginResponseSchema,
  ApplicantSelfSchema,
  type SubmissionUploadRequest,
  SubmissionUploadResponseSchema,
} from '@strand/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { applicantRequest, readApplicantSignIn, saveApplicantSignIn } from './applicant-session';

export const applicantKeys = { me: ['applicant', 'me'] as const };

export function useApplicantLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplicantLoginRequest) =>
      apiRequest('/api/applicant/login', { method: 'POST', body, auth: false, schema: ApplicantLoginResponseSchema }),
    onSuccess: ({ token, expiresAt, applicant }) => {
      saveApplicantSignIn({ token, expiresAt });
      queryClient.setQueryData(applicantKeys.me, applicant);
    },
  });
}

/** The signed-in applicant and the current submission; not asked without a sign-in. */
export const getApplicantSelfQueryOptions = () =>
  queryOptions({
    queryKey: applicantKeys.me,
    queryFn: ({ signal }) => applicantRequest('/api/applicant/me', { schema: ApplicantSelfSchema, signal }),
    enabled: readApplicantSignIn() !== null,
    retry: false,
  });

export function useApplicantSelf() {
  return useQuery(getApplicantSelfQueryOptions());
}

export function useSubmitTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: SubmissionUploadRequest; idempotencyKey: string }) =>
      applicantRequest('/api/applicant/submissions', {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
        schema: SubmissionUploadResponseSchema,
      }),
    onSuccess: ({ submission }) => {
      queryClient.setQueryData(applicantKeys.me, (old: unknown) => {
        const parsed = ApplicantSelfSchema.safeParse(old);
        return parsed.success ? { ...parsed.data, submission } : old;
      });
      return queryClient.invalidateQueries({ queryKey: applicantKeys.me });
    },
  });
}

/** The file as standard base64, without the data: prefix a FileReader adds. */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
