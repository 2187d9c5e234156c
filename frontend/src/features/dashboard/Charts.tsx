import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { formatMoney } from '@/lib/format';
import type { Dashboard } from './api';

interface Bar {
  label: string;
  value: number;
  text: string;
}

const WIDTH = 480;
const BAR_GAP = 4;

/*
 * Text sits in HTML, never inside the scaled SVG: an SVG viewBox shrinks its text with the card
 * (10 units rendered at 6–7 px in a narrow card). The SVGs only draw bars and stretch to fit.
 */

/** Vertical bars (months): an SVG with a title per bar, HTML labels, a hidden table for readers. */
function ColumnChart({ title, bars }: { title: string; bars: Bar[] }) {
  const height = 200;
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const width = (WIDTH - BAR_GAP * bars.length) / Math.max(1, bars.length);
  return (
    <Card as="figure" className="chart" testId="chart">
      <figcaption>
        <h2>{title}</h2>
      </figcaption>
      <svg
        className="chart__columns"
        viewBox={`0 0 ${WIDTH} ${height}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={title}
        width="100%"
      >
        {bars.map((bar, index) => {
          const barHeight = (bar.value / max) * height;
          return (
            <rect
              key={bar.label}
              x={index * (width + BAR_GAP)}
              y={height - barHeight}
              width={width}
              height={barHeight}
              fill="var(--brand)"
              rx={2}
            >
              <title>{`${bar.label}: ${bar.text}`}</title>
            </rect>
          );
        })}
      </svg>
      <ol className="chart__axis" aria-hidden="true">
        {bars.map((bar) => (
          <li key={bar.label} className="chart__label">
            {bar.label}
          </li>
        ))}
      </ol>
      <DataList bars={bars} title={title} />
    </Card>
  );
}

/** Horizontal bars (types, methods): label, bar, amount. */
function BarList({ title, bars, empty }: { title: string; bars: Bar[]; empty: string }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <Card as="figure" className="chart" testId="chart">
      <figcaption>
        <h2>{title}</h2>
      </figcaption>
      {bars.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        // A picture (role img, its numbers in the hidden table below), so rows are plain boxes:
        // list items inside role="img" lose their list and axe flags them.
        <div className="chart__rows" role="img" aria-label={title}>
          {bars.map((bar) => (
            <div key={bar.label} className="chart__row">
              <span className="chart__label">{bar.label}</span>
              <svg viewBox="0 0 100 16" preserveAspectRatio="none" aria-hidden="true">
                <rect x={0} y={0} width={(100 * bar.value) / max} height={16} fill="var(--focus)">
                  <title>{`${bar.label}: ${bar.text}`}</title>
                </rect>
              </svg>
              <span className="chart__label money">{bar.text}</span>
            </div>
          ))}
        </div>
      )}
      <DataList bars={bars} title={title} />
    </Card>
  );
}

function DataList({ bars, title }: { bars: Bar[]; title: string }) {
  return (
    <table className="visually-hidden">
      <caption>{title}</caption>
      <tbody>
        {bars.map((bar) => (
          <tr key={bar.label}>
            <th scope="row">{bar.label}</th>
            <td>{bar.text}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The dashboard charts, in their own lazy chunk. Plain SVG: three bar charts do not justify a
 * chart library's 40–100 kB (gzip) even lazily.
 */
export default function Charts({ series }: { series: Dashboard['series'] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const tag = locale === 'es' ? 'es-ES' : 'en-GB';
  const month = (iso: string) =>
    new Intl.DateTimeFormat(tag, { month: 'short' }).format(new Date(`${iso}-01T00:00:00`));
  const money = (total: string) => formatMoney(total, locale);
  return (
    <div className="chart-grid">
      <ColumnChart
        title={t('dashboard.charts.per_month')}
        bars={series.per_month.map((item) => ({
          label: month(item.month),
          value: Number(item.total),
          text: money(item.total),
        }))}
      />
      <BarList
        title={t('dashboard.charts.by_type')}
        empty={t('dashboard.charts.empty')}
        bars={series.by_type.map((item) => ({
          label: item.name || t('dashboard.charts.no_type'),
          value: Number(item.total),
          text: money(item.total),
        }))}
      />
      <BarList
        title={t('dashboard.charts.by_method')}
        empty={t('dashboard.charts.empty')}
        bars={series.by_method.map((item) => ({
          label: t(`donations.methods.${item.method}`, { defaultValue: item.method }),
          value: Number(item.total),
          text: money(item.total),
        }))}
      />
    </div>
  );
}
