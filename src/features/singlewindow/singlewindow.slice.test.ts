/** The single window's state: a saved order joins the list once; a registrar's move replaces the queue's row. */
import { describe, expect, it } from 'vitest';
import type { Order } from '@contract/singlewindow';
import { initialSingleWindowState, singlewindowActions as a, singlewindowReducer as reduce } from './singlewindow.slice';

const order = (id: number, status: 1 | 2 | 3 | 4 = 1): Order => ({
  id,
  date: '2026-11-26T10:00:00Z',
  status,
  id_doc: 1,
  type: 'Справка с места учёбы',
  region: 'Чуйская область',
  district: 'Сокулукский район',
  purpose: 'По месту требования',
  reason: null,
  canCancel: status === 1,
  downloadable: status === 3,
  paper: false,
  pickup: null,
  history: [],
});

describe('single window slice', () => {
  it('a save is busy until answered; the same order answered twice is listed once and the form resets', () => {
    let s = reduce(initialSingleWindowState, a.ordersLoaded([order(1)]));
    s = reduce(s, a.saveRequested({ id_doc: 1, id_region: 1, id_district: 1, id_naznachenie: 1 }));
    expect(s.save.busy).toBe(true);
    s = reduce(s, a.saveSucceeded(order(2)));
    s = reduce(s, a.saveSucceeded(order(2)));
    expect(s.orders.data.map((o) => o.id)).toEqual([2, 1]);
    expect(s.save).toMatchObject({ busy: false, error: null, savedAt: 2 });
  });

  it('a cancel replaces the order and frees its buttons', () => {
    let s = reduce(initialSingleWindowState, a.ordersLoaded([order(1)]));
    s = reduce(s, a.cancelRequested({ id: 1 }));
    expect(s.busyId).toBe(1);
    s = reduce(s, a.orderChanged(order(1, 4)));
    expect(s.busyId).toBeNull();
    expect(s.orders.data[0]).toMatchObject({ status: 4, canCancel: false });
  });
});
