/**
 * The student's GPA by half-year as a bar chart: an inline SVG for the eye (hidden from screen
 * readers) and the same figures as a table for them (docs/areas/rating.md#for-users).
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { GpaPoint } from '@contract/rating';

const MAX_GPA = 4;
const BAR = 44;
const GAP = 22;
const HEIGHT = 160;
const TOP = 22;
const BOTTOM = 40;

export function GpaChart({ points }: { points: GpaPoint[] }) {
  const { t } = useTranslation('rating');
  const captionId = useId();
  const half = (p: GpaPoint) => t(p.id_w_s === 1 ? 'autumn' : 'spring');
  const width = Math.max(points.length * (BAR + GAP) + GAP, 200);
  const plot = HEIGHT - TOP - BOTTOM;
  return (
    <figure className="rt-chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="rt-section-title">
        {t('gpaTitle')}
      </figcaption>
      {points.length === 0 ? (
        <p className="muted">{t('gpaNone')}</p>
      ) : (
        <>
          <svg className="rt-svg" viewBox={`0 0 ${width} ${HEIGHT}`} width={width} height={HEIGHT} aria-hidden="true" focusable="false">
            {[0, 1, 2, 3, 4].map((g) => (
              <line key={g} className="rt-grid" x1={0} x2={width} y1={TOP + plot - (g / MAX_GPA) * plot} y2={TOP + plot - (g / MAX_GPA) * plot} />
            ))}
            {points.map((p, i) => {
              const h = (Math.min(p.gpa, MAX_GPA) / MAX_GPA) * plot;
              const x = GAP + i * (BAR + GAP);
              return (
                <g key={`${p.id_a_year}-${p.id_w_s}`}>
                  <rect className="rt-bar" x={x} y={TOP + plot - h} width={BAR} height={h} rx={4} />
                  <text className="rt-value" x={x + BAR / 2} y={TOP + plot - h - 6} textAnchor="middle">
                    {p.gpa.toFixed(2)}
                  </text>
                  <text className="rt-label" x={x + BAR / 2} y={HEIGHT - BOTTOM + 16} textAnchor="middle">
                    {p.name}
                  </text>
                  <text className="rt-label" x={x + BAR / 2} y={HEIGHT - BOTTOM + 32} textAnchor="middle">
                    {half(p)}
                  </text>
                </g>
              );
            })}
          </svg>
          <table className="sr-only">
            <caption>{t('gpaTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('halfYear')}</th>
                <th scope="col">{t('gpa')}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={`${p.id_a_year}-${p.id_w_s}`}>
                  <th scope="row">
                    {p.name}, {half(p)}
                  </th>
                  <td>{p.gpa.toFixed(2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
