import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SEARCH_MAX_RESULTS } from '@/config/constants';
import { api } from '@/lib/api-client';
import { useUser } from '@/lib/auth-store';
import { isAdmin } from '@/lib/permissions';
import { useDebounced } from '@/lib/useDebounced';

interface SearchResult {
  type: string;
  title: string;
  url: string;
}

async function search(q: string): Promise<SearchResult[]> {
  try {
    const result = await api.get<{ data: SearchResult[] }>('/search', {
      query: { q },
      silent: true,
    });
    return (result.data ?? []).slice(0, SEARCH_MAX_RESULTS);
  } catch (error) {
    // Spec §8: a search failure is only logged.
    console.error('Search failed', error);
    return [];
  }
}

/** Admins search charities, everyone else donors; one keyword, debounced 500 ms. */
export function GlobalSearch() {
  const { t } = useTranslation();
  const user = useUser();
  const id = useId();
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const query = useDebounced(text.trim());
  const { data = [], isFetching } = useQuery({
    queryKey: ['search', query],
    queryFn: () => search(query),
    enabled: query.length > 0,
  });
  const placeholder = isAdmin(user) ? t('search.placeholder_admin') : t('search.placeholder');

  return (
    <div className="global-search" onBlur={() => window.setTimeout(() => setFocused(false), 150)}>
      <label htmlFor={id} className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        placeholder={placeholder}
        onFocus={() => setFocused(true)}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={`${id}-hint`}
      />
      {focused && (
        <div className="global-search__results" role="listbox" aria-label={t('search.results')}>
          <p id={`${id}-hint`} className="muted">
            {t('search.hint')}
          </p>
          {isFetching && <p className="muted">{t('common.loading')}</p>}
          {!isFetching && query && data.length === 0 && (
            <p className="muted">{t('search.no_results')}</p>
          )}
          {data.map((result) => (
            <Link
              key={`${result.type}-${result.url}`}
              to={result.url}
              role="option"
              aria-selected={false}
            >
              <span className="badge badge--gray">{result.type}</span> {result.title}
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
