/** What the dialogs sending a test's results (to a journal, to a grading sheet) do on opening: ask for their targets, and give the keyboard's focus to the first field once they arrive. */
import { useEffect, useRef } from 'react';

/** `request`: asks for the targets (stable for the test); `arrived`: they are here. Returns the ref of the first field. */
export function useSendDialog(request: () => void, arrived: boolean) {
  useEffect(request, [request]);
  // The dialog opens before its targets arrive: the focus goes to the first field once they do.
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (arrived) first.current?.focus();
  }, [arrived]);
  return first;
}
