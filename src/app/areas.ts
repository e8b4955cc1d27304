/**
 * The areas of the signed-in portal: imported by the lazy Layout chunk, so their slices and sagas
 * join the store when the shell loads and stay out of the login page's download (see store.ts).
 */
import { chatSaga } from '../features/chat/chat.saga';
import { chatReducer } from '../features/chat/chat.slice';
import { newsSaga } from '../features/news/news.saga';
import { newsReducer } from '../features/news/news.slice';
import { registerArea } from './store';

registerArea('news', newsReducer, newsSaga);
registerArea('chat', chatReducer, chatSaga);
