/**
 * /lms/personalcard and /lms/personalcard/:userId (docs/areas/personalcard.md#for-users): the
 * person's card (a student's personal data, education history, contacts and issued documents; a
 * teacher's position, department and disciplines), the owner's change of the fields the university
 * allows with their history; an administrator's search, read-only view of any card and new
 * education-history events.
 */
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PersonalCard } from '@contract/personalcard';
import { Spinner } from '@components/Spinner';
import { formatDate, formatDateTime } from '@lib/dates';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { LoadFailed } from '@shared/request/LoadFailed';
import { selectUser } from '@shared/session/session';
import { AccountSearch } from './components/AccountSearch';
import { AddEventForm } from './components/AddEventForm';
import { CardSection, CardTable } from './components/CardSection';
import { ContactField } from './components/ContactField';
import { personalcardActions as A, selectPersonalCard } from './personalcard.slice';
import './personalcard.css';

/** A term and its value, the value left out when there is none. */
function Item({ term, value, testId }: { term: string; value: string | null | undefined; testId?: string }) {
  if (!value) return null;
  return (
    <div className="pc-item">
      <dt>{term}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

function Person({ card }: { card: PersonalCard }) {
  const { t, i18n } = useTranslation('personalcard');
  return (
    <section className="card pc-section pc-person" aria-labelledby="pc-person-title">
      {card.photo ? <img className="pc-photo" src={card.photo} alt={t('photo', { name: card.fullName })} width={96} height={96} /> : null}
      <div className="pc-person-data">
        <h2 id="pc-person-title" className="pc-section-title">
          {t('sections.person')}
        </h2>
        <dl className="pc-dl">
          <Item term={t('fields.fullName')} value={card.fullName} testId="pc-name" />
          <Item term={t('fields.birthDate')} value={card.birthDate ? formatDate(card.birthDate, i18n.language) : null} />
          <Item term={t('fields.gender')} value={t(`gender.${card.gender}`)} />
          <Item term={t('fields.code')} value={card.student?.code} />
        </dl>
      </div>
    </section>
  );
}

function Place({ card }: { card: PersonalCard }) {
  const { t } = useTranslation('personalcard');
  if (card.student)
    return (
      <CardSection name="study" title={t('sections.study')}>
        <dl className="pc-dl">
          <Item term={t('fields.group')} value={card.student.group} testId="pc-group" />
          <Item term={t('fields.speciality')} value={card.student.speciality} />
          <Item term={t('fields.faculty')} value={card.student.faculty} />
          <Item term={t('fields.educationForm')} value={card.student.educationForm} />
        </dl>
      </CardSection>
    );
  if (!card.teacher) return null;
  return (
    <CardSection name="work" title={t('sections.work')}>
      <dl className="pc-dl">
        <Item term={t('fields.position')} value={card.teacher.position} />
        <Item term={t('fields.department')} value={card.teacher.department} />
        <Item term={t('fields.faculty')} value={card.teacher.faculty} />
      </dl>
      <h3 className="pc-sub-title">{t('sections.disciplines')}</h3>
      {card.teacher.disciplines.length ? (
        <ul className="pc-list" data-testid="pc-disciplines">
          {card.teacher.disciplines.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('noDisciplines')}</p>
      )}
    </CardSection>
  );
}

function Contacts({ card }: { card: PersonalCard }) {
  const { t } = useTranslation('personalcard');
  return (
    <CardSection name="contacts" title={t('sections.contacts')}>
      <dl className="pc-dl pc-contacts">
        <ContactField field="phone" value={card.contacts.phone} editable={card.editable.includes('phone')} />
        <ContactField field="email" value={card.contacts.email} editable={card.editable.includes('email')} />
      </dl>
      {card.own ? <p className="muted small">{card.editable.length ? t('editableNote') : t('readOnlyNote')}</p> : null}
    </CardSection>
  );
}

function History({ card }: { card: PersonalCard }) {
  const { t, i18n } = useTranslation('personalcard');
  const events = card.student?.history ?? [];
  const head = { date: t('history.date'), kind: t('history.kind'), order: t('history.order'), groups: t('history.groups'), note: t('history.note') };
  return (
    <CardSection name="history" title={t('sections.history')}>
      {events.length ? (
        <CardTable className="pc-history-table" testId="pc-history" head={[head.date, head.kind, head.order, head.groups, head.note]}>
          {events.map((e) => (
            <tr key={e.id} data-testid="pc-event" data-kind={e.kind}>
              <td data-label={head.date}>{formatDate(e.date, i18n.language)}</td>
              <td data-label={head.kind} className="stack-title">
                {t(`kinds.${e.kind}`)}
              </td>
              <td data-label={head.order}>{t('history.orderOf', { number: e.orderNumber, date: formatDate(e.orderDate, i18n.language) })}</td>
              <td data-label={head.groups}>{e.groupFrom && e.groupTo ? `${e.groupFrom} → ${e.groupTo}` : (e.groupTo ?? e.groupFrom ?? '—')}</td>
              <td data-label={head.note}>{e.note ?? '—'}</td>
            </tr>
          ))}
        </CardTable>
      ) : (
        <p className="muted">{t('history.empty')}</p>
      )}
    </CardSection>
  );
}

function Documents({ card }: { card: PersonalCard }) {
  const { t, i18n } = useTranslation('personalcard');
  const s = card.student;
  if (!s) return null;
  return (
    <CardSection name="documents" title={t('sections.documents')}>
      {s.orders.length ? (
        <ul className="pc-list" data-testid="pc-orders">
          {s.orders.map((o) => (
            <li key={o.id}>
              {t('documents.order', {
                number: o.id,
                doc: o.docType,
                ordered: formatDate(o.orderedAt, i18n.language),
                issued: formatDate(o.issuedAt, i18n.language),
              })}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('documents.none')}</p>
      )}
      <p className="muted small">
        {s.transcriptsRevokedAt ? t('documents.revoked', { date: formatDate(s.transcriptsRevokedAt, i18n.language) }) : t('documents.transcripts')}
      </p>
    </CardSection>
  );
}

function Changes({ card }: { card: PersonalCard }) {
  const { t, i18n } = useTranslation('personalcard');
  const head = { at: t('changes.at'), field: t('changes.field'), old: t('changes.old'), new: t('changes.new'), by: t('changes.by') };
  return (
    <CardSection name="changes" title={t('sections.changes')}>
      {card.changes.length ? (
        <CardTable className="pc-changes-table" testId="pc-changes" head={[head.at, head.field, head.old, head.new, head.by]}>
          {card.changes.map((c, i) => (
            <tr key={`${c.at}-${i}`} data-testid="pc-change">
              <td data-label={head.at}>{formatDateTime(c.at, i18n.language)}</td>
              <td data-label={head.field} className="stack-title">
                {t(`fields.${c.field}`)}
              </td>
              <td data-label={head.old}>{c.oldValue || '—'}</td>
              <td data-label={head.new}>{c.newValue || '—'}</td>
              <td data-label={head.by}>{c.by}</td>
            </tr>
          ))}
        </CardTable>
      ) : (
        <p className="muted">{t('changes.empty')}</p>
      )}
    </CardSection>
  );
}

export default function PersonalCardScreen() {
  const { t } = useTranslation(['personalcard', 'cm']);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const param = useParams().userId;
  const userId = param && /^\d+$/.test(param) ? Number(param) : null;
  const { card } = useAppSelector(selectPersonalCard);
  useEffect(() => {
    dispatch(A.opened(userId));
  }, [dispatch, userId]);
  const data = card.data;
  const other = data && !data.own;
  return (
    <div className="pc-screen" aria-busy={!card.loaded && !card.error}>
      <div className="pc-head">
        <h1 className="pc-title">{other ? t('titleOf', { name: data.fullName }) : t('title')}</h1>
        {userId !== null && user?.admin ? (
          <Link className="btn btn-ghost" to="/personalcard">
            {t('ownCard')}
          </Link>
        ) : null}
      </div>
      {other ? <p className="pc-readonly muted">{t('readOnly')}</p> : null}
      {user?.admin ? <AccountSearch /> : null}
      {card.fetching && !data ? <Spinner /> : null}
      {card.error ? <LoadFailed failure={card.error} onRetry={() => dispatch(A.opened(userId))} /> : null}
      {data ? (
        <div className="pc-grid" data-testid="pc-card">
          <Person card={data} />
          <Place card={data} />
          <Contacts card={data} />
          {data.student ? <History card={data} /> : null}
          {data.student && data.groups ? <AddEventForm userId={data.userId} groups={data.groups} currentGroup={data.student.group} /> : null}
          <Documents card={data} />
          <Changes card={data} />
        </div>
      ) : null}
    </div>
  );
}
