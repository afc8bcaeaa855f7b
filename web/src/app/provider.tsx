import { BrowserRouter } from 'react-router';
import { Provider } from 'react-redux';
import { ToastContainer } from 'react-toastify';
import { TOAST_CLOSE_MS } from '@shop/common';
import { store } from './store';
import { AppRoutes } from './router';

export function App() {
  return (
    <Provider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <ToastContainer
        position="top-right"
        autoClose={TOAST_CLOSE_MS}
        pauseOnHover
        draggable
        draggablePercent={80}
      />
    </Provider>
  );
}
export { takeBootProducts } from './boot-data';
