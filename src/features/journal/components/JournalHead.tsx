/** The open journal's heading (discipline, lesson type, group), its setup, the closed half-year's note and the printed line under the title. */
import { useTranslation } from 'react-i18next';
import type { JournalData } from '../../../../contract/journal';
import type { JournalState } from '../journal.slice';
import { fullDate } from '../pivot';
import { JournalSetup } from './JournalSetup';

interface Props {
  data: JournalData;
  state: JournalState;
  /** The subgroup whose rows the grid shows (-1: everyone), and its choice. */
  shown: number;
  onShow: (subgroup: number) => void;
}

export function JournalHead({ data, state, shown, onShow }: Props) {
  const { t } = useTranslation(['journal', 'cm']);
  const info = data.info;
  return (
    <>
      <div className="journal-head">
        <h2 id="journal-heading" className="journal-heading">
          {info.discipline} · {info.vid_zaniatiy} · {info.groupOrPotok}
          {info.subgroup ? ` · ${t('filters.subgroup', { n: info.subgroup })}` : ''}
        </h2>
        {info.readOnly ? null : <JournalSetup info={info} students={data.students} modules={state.lists.modules} shown={shown} onShow={onShow} />}
      </div>
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
