/**
 * The public donation page's own client: a few fetch calls to /api/give/… (contract18, giving
 * area). The admin app's client (Amplify, sessions, XSRF) is deliberately not used: this page has
 * no session and must load no admin code.
 */

export interface PublicFund {
  id: string;
  name: string;
  description: string;
}

export type ProviderName = 'stripe' | 'paypal';

/** How often a gift is taken: once, or a subscription charged monthly or annually. */
export const FREQUENCIES = ['once', 'monthly', 'annual'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export interface PublicPage {
  charity: { name: string; registration_number: string | null };
  title: string;
  intro: string;
  presets: string[];
  min_amount: string;
  max_amount: string;
  funds: PublicFund[];
  cover_fees: boolean;
  fee: { percent: string; fixed: string };
  providers: { provider: ProviderName; mode: 'test' | 'live' }[];
  gift_aid: { version: string; declaration: string; statement: string };
  /** The frequencies the connected providers support (issue 17); absent: one-off gifts only. */
  frequencies?: Frequency[];
}

export interface CheckoutRequest {
  amount: string;
  fund_id?: string;
  cover_fees: boolean;
  provider: ProviderName;
  first_name: string;
  last_name: string;
  email: string;
  consents: { email: boolean; post: boolean; phone: boolean; sms: boolean };
  gift_aid: boolean;
  house?: string;
  address_line1?: string;
  town?: string;
  postcode?: string;
  overseas: boolean;
  country?: string;
  tax_statement: boolean;
  website: string;
  /** Sent when the page offers frequencies; the API's default is `once`. */
  frequency?: Frequency;
  /** The landing page the gift was made on. */
  page_id?: string;
}

export interface CheckoutAnswer {
  intent_id: string;
  token: string;
  redirect_url: string;
}

export interface IntentStatus {
  status: 'open' | 'pending' | 'paid' | 'failed';
  received: boolean;
  amount: string;
  gift_aid: boolean;
  charity_name: string;
  /** A recurring gift's frequency, if the API says it (else the one the form remembered). */
  frequency?: Frequency;
}

/** What a donor's self-service link may do (GET /api/give/manage, issue 17 item 4). */
export const MANAGE_ACTIONS = ['pause', 'resume', 'amount', 'cancel'] as const;
export type ManageAction = (typeof MANAGE_ACTIONS)[number];

/** The donor's recurring gift as their self-service link shows it. */
export interface ManagedGift {
  charity_name: string;
  amount: string;
  currency: string;
  interval: 'month' | 'year';
  status: 'active' | 'failing' | 'paused' | 'cancelled' | 'incomplete' | 'expired';
  next_charge_date: string | null;
  paused_until: string | null;
  purpose: 'manage' | ManageAction;
  /** The actions this link's purpose and the gift's status allow, in this order. */
  actions: ManageAction[];
  expires_at: string | null;
}

/** The body of one self-service action: pause `{months}`, amount `{amount}`, cancel `{reason?}`. */
export interface ManageRequest {
  months?: number;
  amount?: string;
  reason?: string;
}

/** A refusal from the API: the status, its message and the errors of named fields (422). */
export class PublicApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

let language = 'en';

/** The page's language, sent as Accept-Language so the API's messages match it. */
export function setApiLanguage(locale: string): void {
  language = locale;
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(new URL(path, window.location.origin).href, {
      method,
      headers: {
        Accept: 'application/json',
        'Accept-Language': language,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
    });
  } catch {
    throw new PublicApiError(0, '');
  }
  const data: unknown = await response.json().catch(() => ({}));
  if (!response.ok) {
    const answer = (data ?? {}) as { message?: unknown; errors?: unknown };
    const errors =
      answer.errors && typeof answer.errors === 'object'
        ? (answer.errors as Record<string, string[]>)
        : {};
    throw new PublicApiError(
      response.status,
      typeof answer.message === 'string' ? answer.message : '',
      errors,
    );
  }
  return data as T;
}

const page = (slug: string) => `/api/give/${encodeURIComponent(slug)}`;
const intent = (slug: string, id: string, token: string, action = '') =>
  `${page(slug)}/intents/${encodeURIComponent(id)}${action}?token=${encodeURIComponent(token)}`;

const manage = (token: string, action = '') =>
  `/api/give/manage${action ? `/${action}` : ''}?token=${encodeURIComponent(token)}`;

export const giveApi = {
  page: (slug: string) => call<PublicPage>('GET', page(slug)),
  checkout: (slug: string, request: CheckoutRequest) =>
    call<CheckoutAnswer>('POST', `${page(slug)}/checkout`, request),
  intent: (slug: string, id: string, token: string) =>
    call<IntentStatus>('GET', intent(slug, id, token)),
  capture: (slug: string, id: string, token: string) =>
    call<IntentStatus>('POST', intent(slug, id, token, '/capture')),
  manage: (token: string) => call<ManagedGift>('GET', manage(token)),
  manageAction: (token: string, action: ManageAction, request: ManageRequest) =>
    call<ManagedGift>('POST', manage(token, action), request),
};
