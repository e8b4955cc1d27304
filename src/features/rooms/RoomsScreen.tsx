/**
 * /lms/rooms (docs/areas/rooms.md#for-users): the rooms free now or at a chosen date and pair, with
 * filters (building, capacity, kind); a room's week; a teacher books a free room for a make-up lesson
 * or a consultation of his teaching load, and cancels his bookings before they start.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { Loaded } from '@shared/request/Loaded';
import { pending } from '@shared/request/loadable';
import { roomsActions as A, selectRooms } from './rooms.slice';
import { FreeList } from './components/FreeList';
import { FreeSearch } from './components/FreeSearch';
import { MyBookings } from './components/MyBookings';
import { RoomWeekPanel } from './components/RoomWeekPanel';
import './rooms.css';

export default function RoomsScreen() {
  const { t } = useTranslation('rooms');
  const dispatch = useAppDispatch();
  const { options, free, query, roomId } = useAppSelector(selectRooms);

  useEffect(() => {
    dispatch(A.opened());
  }, [dispatch]);

  const o = options.data;
  return (
    <div className="rm-screen" aria-busy={pending(options) || pending(free)}>
      <h1 className="rm-title">{t('title')}</h1>
      <Loaded of={[options]} onRetry={() => dispatch(A.opened())}>
        {o ? (
          <div className="rm-columns">
            <div className="rm-main">
              <FreeSearch options={o} query={query} />
              <Loaded of={[free]} onRetry={() => dispatch(A.searched(query))}>
                {free.data ? <FreeList free={free.data} options={o} openId={roomId} /> : null}
              </Loaded>
            </div>
            <div className="rm-side">
              {roomId !== null ? <RoomWeekPanel options={o} /> : null}
              {o.canBook ? <MyBookings /> : null}
            </div>
          </div>
        ) : null}
      </Loaded>
    </div>
  );
}
