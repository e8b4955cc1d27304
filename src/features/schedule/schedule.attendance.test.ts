import { afterEach, describe, expect, it } from 'vitest';
import type { EventChannel } from 'redux-saga';
import { attendanceWatch } from './schedule.saga';
import { scheduleActions } from './schedule.slice';

const channel = { take: () => undefined, flush: () => undefined, close: () => undefined } as unknown as EventChannel<true>;

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

afterEach(() => {
  delete (document as { visibilityState?: unknown }).visibilityState;
});

/** The effects attendanceWatch yields once it holds the view channel: a request (PUT) or only the wait (RACE). */
function firstStep(): string {
  const saga = attendanceWatch();
  saga.next();
  const step = saga.next(channel).value as { type: string; payload?: { action?: { type: string } } };
  saga.return(undefined);
  return step.type === 'PUT' ? `PUT ${step.payload?.action?.type}` : step.type;
}

describe("the student's open attendance", () => {
  it('is asked at once while the page is in view', () => {
    setVisibility('visible');
    expect(firstStep()).toBe(`PUT ${scheduleActions.attendanceRequested.type}`);
  });

  it('is not asked by the clock from a hidden tab: it waits to be shown again', () => {
    setVisibility('hidden');
    expect(firstStep()).toBe('RACE');
  });
});
