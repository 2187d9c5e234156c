import { useQuery } from '@tanstack/react-query';
import { forwardRef, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '@/lib/useDebounced';
import { donorKeys, donorsApi, type Donor } from './api';

/** How long the look-up waits after the last key: short, since people type here all day. */
export const LOOKUP_DEBOUNCE_MS = 250;

export interface DonorChoice {
  id: string;
  name: string;
}

interface DonorLookupProps {
  value: DonorChoice | null;
  onChange: (choice: DonorChoice | null) => void;
  label: string;
  /** Keys the look-up does not use itself (e.g. Enter to move to the next row). */
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  invalid?: boolean;
  describedBy?: string;
  hideLabel?: boolean;
  placeholder?: string;
}

function describe(donor: Donor): string {
  return [donor.name, donor.email, donor.postcode].filter(Boolean).join(' · ');
}

/** Donor look-up as you type (name, email, phone or postcode); arrows and Enter pick one. */
export const DonorLookup = forwardRef<HTMLInputElement, DonorLookupProps>(
  function DonorLookup(props, ref) {
    const { t } = useTranslation();
    const id = useId();
    const [text, setText] = useState<string | null>(null);
    const [open, setOpen] = useState(false);
    const [active, setActive] = useState(0);
    const shown = text ?? props.value?.name ?? '';
    const query = useDebounced((text ?? '').trim(), LOOKUP_DEBOUNCE_MS);
    const { data, isFetching } = useQuery({
      queryKey: donorKeys.lookup(query),
      queryFn: () => donorsApi.lookup(query),
      enabled: open && query.length > 0,
      staleTime: 10_000,
    });
    const options = query ? (data?.data ?? []) : [];

    const choose = (donor: Donor) => {
      props.onChange({ id: donor.id, name: donor.name });
      setText(null);
      setOpen(false);
    };

    const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
      if (open && options.length > 0) {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          const step = event.key === 'ArrowDown' ? 1 : -1;
          setActive((current) => (current + step + options.length) % options.length);
          return;
        }
        if (event.key === 'Enter' && options[active]) {
          event.preventDefault();
          choose(options[active]);
          return;
        }
      }
      if (event.key === 'Escape' && open) {
        setOpen(false);
        return;
      }
      props.onKeyDown?.(event);
    };

    return (
      <div className="lookup">
        <label htmlFor={id} className={props.hideLabel ? 'visually-hidden' : undefined}>
          {props.label}
        </label>
        <input
          ref={ref}
          id={id}
          role="combobox"
          aria-expanded={open && options.length > 0}
          aria-controls={`${id}-options`}
          aria-autocomplete="list"
          aria-invalid={props.invalid || undefined}
          aria-describedby={props.describedBy}
          autoComplete="off"
          placeholder={props.placeholder ?? t('donors.lookup_placeholder')}
          value={shown}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
            if (!event.target.value) props.onChange(null);
          }}
          onBlur={() => window.setTimeout(() => setOpen(false), 150)}
          onKeyDown={onKeyDown}
        />
        {open && query && (
          <ul id={`${id}-options`} role="listbox" className="lookup__options">
            {isFetching && options.length === 0 && <li className="muted">{t('common.loading')}</li>}
            {!isFetching && options.length === 0 && (
              <li className="muted">{t('donors.lookup_none')}</li>
            )}
            {options.map((donor, index) => (
              <li
                key={donor.id}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(donor);
                }}
              >
                {describe(donor)}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  },
);
