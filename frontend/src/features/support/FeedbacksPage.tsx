import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type FilterDef } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { StatTiles } from '@/components/StatTiles';
import { showToast } from '@/components/toasts/store';
import { routeTitleKey } from '@/config/paths';
import { FEEDBACK_STATUSES, feedbackKeys, feedbacksApi, type Feedback } from './api';
import { feedbackColumns } from './columns';
import { FeedbackPanel } from './FeedbackPanel';

const STAT_KEYS = ['total', ...FEEDBACK_STATUSES, 'bug', 'feature'] as const;

/** Support Centre (platform administrators): every charity's tickets, stats and status. */
export default function FeedbacksPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [openId, setOpenId] = useState<string | null>(null);
  const stats = useQuery({ queryKey: feedbackKeys.stats, queryFn: feedbacksApi.stats });
  const columns = useMemo(
    () => feedbackColumns(t, i18n.language, (row) => setOpenId(row.id)),
    [t, i18n.language],
  );
  const filters: FilterDef[] = [
    {
      key: 'status',
      label: t('feedbacks.fields.status'),
      type: 'select',
      options: FEEDBACK_STATUSES.map((value) => ({
        value,
        label: t(`feedbacks.status.${value}`),
      })),
    },
  ];

  const refresh = (message: string) => {
    showToast({ type: 'success', title: t('common.success'), message });
    void client.invalidateQueries({ queryKey: feedbackKeys.all });
    void client.invalidateQueries({ queryKey: ['table', 'feedbacks'] });
  };

  return (
    <section>
      <PageHeader title={t(routeTitleKey('feedbacks'))} />
      <StatTiles
        label={t('feedbacks.stats')}
        tiles={STAT_KEYS.map((key) => ({
          key,
          label:
            key === 'bug' || key === 'feature'
              ? t(`support.types.${key}`)
              : key === 'total'
                ? t('feedbacks.total')
                : t(`feedbacks.status.${key}`),
          value: stats.data ? stats.data[key] : '–',
        }))}
      />
      <DataTable<Feedback>
        table="feedbacks"
        endpoint={feedbacksApi.endpoint}
        columns={columns}
        filters={filters}
        exportable={false}
        rowActions={() => [
          { key: 'view', label: t('feedbacks.view'), onClick: (row) => setOpenId(row.id) },
        ]}
      />
      {openId && (
        <FeedbackPanel
          id={openId}
          onClose={() => setOpenId(null)}
          onChanged={refresh}
          onDeleted={(message) => {
            setOpenId(null);
            refresh(message);
          }}
        />
      )}
    </section>
  );
}
