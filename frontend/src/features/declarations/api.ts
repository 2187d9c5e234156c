import { api } from '@/lib/api-client';
import { uploadDocument } from '@/lib/documents';
import { formCall } from '@/lib/form-errors';

export const DECLARATION_METHODS = ['written', 'online', 'oral'] as const;
export type DeclarationMethod = (typeof DECLARATION_METHODS)[number];
export const DECLARATION_SCOPES = ['this_donation', 'future', 'past_4_years'] as const;
export type DeclarationScope = (typeof DECLARATION_SCOPES)[number];
export type DeclarationStatus = 'active' | 'awaiting_confirmation' | 'cancelled' | 'void';

export interface DeclarationInput {
  method: DeclarationMethod;
  scope: DeclarationScope[];
  date_given: string;
  donation_id: string | null;
  statement_version: string;
  confirmation_sent_on: string | null;
  evidence_key: string | null;
}

export interface Declaration extends DeclarationInput {
  id: string;
  donor_id: string;
  cancelled_on: string | null;
  cancellation_reason: string | null;
  /** null when a user entered it; "import:<id>" when an import created it */
  source: string | null;
  status: DeclarationStatus;
  oral_window_ends: string | null;
  created_at: string;
}

export interface EvidenceLink {
  url: string;
  filename: string;
  expires_in: number;
}

const base = (donorId: string) => `/donors/${encodeURIComponent(donorId)}/declarations`;
const one = (donorId: string, id: string) => `${base(donorId)}/${encodeURIComponent(id)}`;

export const declarationKeys = {
  list: (donorId: string) => ['declarations', donorId] as const,
};

export const declarationsApi = {
  list: (donorId: string) => api.get<{ data: Declaration[] }>(base(donorId)),
  create: (donorId: string, input: DeclarationInput) =>
    formCall(() => api.post<Declaration>(base(donorId), { ...input }, { silent: true })),
  cancel: (donorId: string, id: string, input: { cancelled_on: string; reason: string }) =>
    formCall(() =>
      api.post<Declaration>(`${one(donorId, id)}/cancel`, { ...input }, { silent: true }),
    ),
  confirm: (donorId: string, id: string, sentOn: string) =>
    formCall(() =>
      api.post<Declaration>(
        `${one(donorId, id)}/confirmation`,
        { sent_on: sentOn },
        { silent: true },
      ),
    ),
  /** A short-lived link to the declaration's evidence file (404 with a reason when there is none). */
  evidence: (donorId: string, id: string) =>
    api.get<EvidenceLink>(`${one(donorId, id)}/evidence`, { silent: true }),
  /** Asks for a presigned PUT, sends the file straight to S3, and answers the key to record. */
  uploadEvidence: (donorId: string, file: File): Promise<string> =>
    uploadDocument(`${base(donorId)}/evidence`, file),
};
