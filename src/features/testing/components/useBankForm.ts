/**
 * What the bank's question and test forms share: the validation library loaded ahead, whether a save
 * is under way, and the form closing (`onDone`) once the save it sent is done (the bank's count of
 * saves grows past the one seen when it was sent). The form calls `sent()` as it sends.
 */
import { useEffect, useRef } from 'react';
import { usePreloadYup } from '@lib/validation';
import { useAppSelector } from '@shared/hooks';
import { selectBank } from '../testing.slice';

export function useBankForm(onDone: () => void) {
  const { saving, saved } = useAppSelector(selectBank);
  const sentAt = useRef<number | null>(null);
  usePreloadYup();
  useEffect(() => {
    if (sentAt.current !== null && saved > sentAt.current) onDone();
  }, [saved, onDone]);
  return {
    saving,
    sent: () => {
      sentAt.current = saved;
    },
  };
}
