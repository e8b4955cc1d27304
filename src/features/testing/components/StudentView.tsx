/** The student's side: his tests, the attempt he takes (its id in the address, so a reload resumes it), its review. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '@components/Spinner';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { LoadFailed } from '@shared/request/LoadFailed';
import { attemptActions as A } from '../attempt.slice';
import { selectAttempt } from '../testing.slice';
import { AttemptView } from './AttemptView';
import { MyTests } from './MyTests';
import { ReviewView } from './ReviewView';

export function StudentView() {
  const { t } = useTranslation('testing');
  const dispatch = useAppDispatch();
  const { paper, review, preview, ended } = useAppSelector(selectAttempt);
  const [params, setParams] = useSearchParams();
  const inAddress = Number(params.get('attempt')) || null;
  const current = paper.data && !preview ? paper.data.id_attempt : null;
  useEffect(() => {
    if (inAddress && !paper.data && !paper.fetching && !review.data && !review.fetching) dispatch(A.resumeRequested(inAddress));
    // Only on arriving with an attempt in the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (current && current !== inAddress) setParams({ attempt: String(current) }, { replace: true });
  }, [current, inAddress, setParams]);
  const back = () => {
    setParams({}, { replace: true });
    dispatch(A.closed());
  };
  if (review.data || review.fetching || review.error) {
    return (
      <>
        {ended ? (
          <p className="ts-ended" role="status" data-testid="ts-ended">
            {t(ended === 'time' ? 'attempt.timeOverSubmitted' : 'attempt.submitted')}
          </p>
        ) : null}
        {review.error ? <LoadFailed failure={review.error} onRetry={back} /> : review.data ? <ReviewView review={review.data} /> : <Spinner />}
        <button type="button" className="btn btn-ghost" onClick={back}>
          {t('backToList')}
        </button>
      </>
    );
  }
  if (paper.data) return <AttemptView paper={paper.data} />;
  if (paper.fetching) return <Spinner />;
  return (
    <>
      {paper.error ? (
        <p className="ts-err" role="alert">
          {describeFailure(t, paper.error)}
        </p>
      ) : null}
      <MyTests />
    </>
  );
}
