/** The year and half-year dropdowns a screen's lists are filtered by; the labels are the namespace's own. */
import { useTranslation } from 'react-i18next';
import { Select, type SelectOption } from './Select';

export interface HalfYear {
  year: number;
  ws: 1 | 2;
}

interface Props {
  /** The namespace with fields.year, fields.halfYear, halfYears.autumn and halfYears.spring. */
  ns: string;
  /** The dropdowns' ids are `${idPrefix}-year` and `${idPrefix}-ws`. */
  idPrefix: string;
  years: readonly SelectOption[];
  half: HalfYear | null;
  /** Disabled while there is nothing to choose (no years, no half-year yet). */
  disableEmpty?: boolean;
  /** The years or the half-year have not arrived yet: both say "Loading…", disabled. */
  loading?: boolean;
  onChange: (half: HalfYear) => void;
}

export function HalfYearSelects({ ns, idPrefix, years, half, disableEmpty = false, loading = false, onChange }: Props) {
  const { t } = useTranslation(ns);
  return (
    <>
      <Select
        id={`${idPrefix}-year`}
        label={t('fields.year')}
        options={years}
        value={half?.year ?? -1}
        blank={half === null}
        loading={loading}
        disabled={disableEmpty ? years.length === 0 : undefined}
        onChange={(year) => half && year > 0 && onChange({ year, ws: half.ws })}
      />
      <Select
        id={`${idPrefix}-ws`}
        label={t('fields.halfYear')}
        options={[
          { id: 1, name: t('halfYears.autumn') },
          { id: 2, name: t('halfYears.spring') },
        ]}
        value={half?.ws ?? -1}
        blank={half === null}
        loading={loading}
        disabled={disableEmpty ? half === null : undefined}
        onChange={(ws) => half && onChange({ year: half.year, ws: ws === 2 ? 2 : 1 })}
      />
    </>
  );
}
