/**
 * The open journal's heading line: its name (discipline, lesson type, group), "Journal setup" and
 * "Help" folded behind their buttons, and the toolbar beside them; under it, when unfolded, the
 * setup (subgroups, planned topics, scale, the subgroup shown) and the help (the keys and the signs).
 * Then the closed half-year's note and the printed line under the title. All of it stays short: the
 * grid is what the teacher came for.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { JournalData } from '@contract/journal';
import type { JournalState } from '../journal.slice';
import { fullDate } from '../pivot';
import { JournalSetup } from './JournalSetup';
import { MarkLegend } from './MarkLegend';

interface Props {
  data: JournalData;
  state: JournalState;
  /** The subgroup whose rows the grid shows (-1: everyone), and its choice. */
  shown: number;
  onShow: (subgroup: number) => void;
  /** The keyboard's help (the grid's; none on a phone). */
  keys: boolean;
  /** The toolbar, on the heading's line. */
  children?: ReactNode;
}

export function JournalHead({ data, state, shown, onShow, keys, children }: Props) {
  const { t } = useTranslation(['journal', 'cm']);
  const info = data.info;
  const [setupOpen, setSetupOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  return (
    <>
      <div className="journal-head">
        <h2 id="journal-heading" className="journal-heading">
          {info.discipline} · {info.vid_zaniatiy} · {info.groupOrPotok}
          {info.subgroup ? ` · ${t('filters.subgroup', { n: info.subgroup })}` : ''}
        </h2>
        {info.readOnly ? null : (
          <button
            type="button"
            className="btn btn-ghost btn-small journal-fold"
            aria-expanded={setupOpen}
            aria-controls="journal-setup"
            onClick={() => setSetupOpen((v) => !v)}
          >
            {t('setup.group')}
          </button>
        )}
        {info.readOnly ? null : (
          <button
            type="button"
            className="btn btn-ghost btn-small journal-fold"
            aria-expanded={helpOpen}
            aria-controls="journal-help"
            onClick={() => setHelpOpen((v) => !v)}
          >
            {t('help.button')}
          </button>
        )}
        {children}
      </div>
      {!info.readOnly && setupOpen ? (
        <div id="journal-setup">
          <JournalSetup info={info} students={data.students} modules={state.lists.modules} shown={shown} onShow={onShow} />
        </div>
      ) : null}
      {!info.readOnly && helpOpen ? (
        <div id="journal-help" className="journal-help">
          {keys ? <p className="muted small">{t('status.hint')}</p> : null}
          <MarkLegend scale={info.scale} keys={keys} />
        </div>
      ) : null}
      {info.readOnly ? (
        <p className="journal-readonly" role="note">
          {t('period.readOnly', { date: fullDate(info.closesOn) })}
        </p>
      ) : null}
      <p className="journal-print-meta">
        {info.teacher} · {state.years.data.find((y) => y.id === info.id_a_year)?.name ?? info.id_a_year} · {t(`ws.${info.id_w_s}`)}
      </p>
    </>
  );
}
