/** The route table (docs/product.md#shell). Every screen is its own lazy chunk. */
import { Route, Routes } from 'react-router-dom';
import { lazyScreen } from '../components/lazyScreen';
import { RequireSession } from './RequireSession';
import { ROUTES } from './routeRegistry';

const LoginPage = lazyScreen(() => import('./pages/LoginPage'), 'login');
const OfflineScreen = lazyScreen(() => import('../features/offline/OfflineScreen'), 'offline');
const Layout = lazyScreen(() => import('./Layout'), 'layout');
const ProfileScreen = lazyScreen(() => import('../features/profile/ProfileScreen'), 'profile');
const ChangePasswordScreen = lazyScreen(() => import('../features/password/ChangePasswordScreen'), 'change-password');
const NewsScreen = lazyScreen(() => import('../features/news/NewsScreen'), 'news');
const NotFoundPage = lazyScreen(() => import('./pages/NotFoundPage'), 'not-found');
/** The chat brings its own columns into the shell (ChatLayout renders Layout with them). */
const ChatLayout = lazyScreen(() => import('./ChatLayout'), 'chat');

export function AppRoutes() {
  return (
    <Routes>
      <Route path={ROUTES.login} element={<LoginPage />} />
      <Route path={ROUTES.offline} element={<OfflineScreen />} />
      <Route
        element={
          <RequireSession>
            <Layout />
          </RequireSession>
        }
      >
        <Route index element={<ProfileScreen />} />
        <Route path={ROUTES.changePassword} element={<ChangePasswordScreen />} />
        <Route path={ROUTES.news} element={<NewsScreen />} />
      </Route>
      <Route
        path={ROUTES.chat}
        element={
          <RequireSession>
            <ChatLayout />
          </RequireSession>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
