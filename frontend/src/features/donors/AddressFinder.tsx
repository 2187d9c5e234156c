import { useId, useState } from 'react';
import { Button } from '@/components/Button';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '@/lib/api-client';
import { isUkPostcode, normaliseUkPostcode } from './validation';

/** One address of the postcode lookup (GET /address-lookup, docs/api.md). */
export interface FoundAddress {
  house: string;
  line1: string;
  line2: string;
  town: string;
  county: string;
  postcode: string;
}

interface LookupAnswer {
  postcode: string;
  addresses: FoundAddress[];
}

type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'found'; answer: LookupAnswer };

export function addressLabel(address: FoundAddress): string {
  const street = [address.house, address.line1].filter(Boolean).join(' ');
  return [street, address.line2, address.town, address.postcode].filter(Boolean).join(', ');
}

/** "Find address" next to the postcode (issue 14): lists the postcode's addresses; choosing one
 * fills the address fields, which stay editable (manual entry is always available). */
export function AddressFinder(props: {
  postcode: string;
  onChoose: (address: FoundAddress) => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const selectId = useId();

  const find = async () => {
    const postcode = normaliseUkPostcode(props.postcode);
    if (!isUkPostcode(postcode)) {
      setState({ kind: 'error', message: t('donors.address_lookup.postcode_first') });
      return;
    }
    setState({ kind: 'loading' });
    try {
      const answer = await api.get<LookupAnswer>('/address-lookup', {
        query: { postcode },
        silent: true,
      });
      setState({ kind: 'found', answer });
    } catch (error) {
      const message =
        error instanceof ApiError && error.status !== 0 && error.message
          ? (error.fieldErrors?.postcode?.[0] ?? error.message)
          : t('donors.address_lookup.failed');
      setState({ kind: 'error', message });
    }
  };

  return (
    <div className="field" data-testid="address-finder">
      <div className="inline-actions">
        <Button onClick={() => void find()} disabled={state.kind === 'loading'}>
          {state.kind === 'loading'
            ? t('donors.address_lookup.finding')
            : t('donors.address_lookup.find')}
        </Button>
      </div>
      {state.kind === 'error' && (
        <p className="field-error" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'found' && state.answer.addresses.length === 0 && (
        <p className="field-hint" role="status">
          {t('donors.address_lookup.none', { postcode: state.answer.postcode })}
        </p>
      )}
      {state.kind === 'found' && state.answer.addresses.length > 0 && (
        <>
          <label htmlFor={selectId}>
            {t('donors.address_lookup.choose', { count: state.answer.addresses.length })}
          </label>
          <select
            id={selectId}
            defaultValue=""
            onChange={(event) => {
              const chosen = state.answer.addresses[Number(event.target.value)];
              if (chosen) props.onChoose(chosen);
            }}
          >
            <option value="" disabled>
              {t('donors.address_lookup.select')}
            </option>
            {state.answer.addresses.map((address, index) => (
              <option key={`${index}-${addressLabel(address)}`} value={index}>
                {addressLabel(address)}
              </option>
            ))}
          </select>
          <p className="field-hint">{t('donors.address_lookup.manual')}</p>
        </>
      )}
    </div>
  );
}
