import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PAGINATION_PAGES_NARROW,
  PAGINATION_PAGES_WIDE,
  PAGINATION_WIDE_MIN_PX,
} from '@/config/constants';

function useWide(): boolean {
  const query = `(min-width: ${PAGINATION_WIDE_MIN_PX}px)`;
  const [wide, setWide] = useState(() => window.matchMedia?.(query).matches ?? true);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const onChange = () => setWide(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return wide;
}

/** The window of page numbers around the current page. */
export function pageWindow(page: number, pageCount: number, limit: number): number[] {
  const size = Math.min(limit, pageCount);
  let start = Math.max(1, page - Math.floor(size / 2));
  start = Math.min(start, Math.max(1, pageCount - size + 1));
  return Array.from({ length: size }, (_, index) => start + index);
}

interface PaginationProps {
  page: number;
  pageCount: number;
  /** `null` when the list does not know its total (a filtered list pages by cursor). */
  total: number | null;
  onPage: (page: number) => void;
}

export function Pagination({ page, pageCount, total, onPage }: PaginationProps) {
  const { t } = useTranslation();
  const limit = useWide() ? PAGINATION_PAGES_WIDE : PAGINATION_PAGES_NARROW;
  if (pageCount < 1) return null;
  return (
    <nav className="pagination" aria-label={t('table.pagination')}>
      {total !== null && <span className="muted">{t('table.total', { count: total })}</span>}
      <button
        type="button"
        className="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('table.previous')}
      </button>
      {pageWindow(page, pageCount, limit).map((number) => (
        <button
          key={number}
          type="button"
          className={`button${number === page ? ' button--primary' : ''}`}
          aria-current={number === page ? 'page' : undefined}
          aria-label={t('table.page', { page: number })}
          onClick={() => onPage(number)}
        >
          {number}
        </button>
      ))}
      <button
        type="button"
        className="button"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        {t('table.next')}
      </button>
    </nav>
  );
}
