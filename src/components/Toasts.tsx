/** docs/product.md#shell: notifications top-right, light theme, closing after 5 seconds. */
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/dist/ReactToastify.css';

export const TOAST_AUTO_CLOSE_MS = 5000;

export default function Toasts() {
  return <ToastContainer position="top-right" theme="light" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />;
}
