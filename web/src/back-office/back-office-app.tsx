import './lib/locales';
import { Navigate, Route, Routes } from 'react-router';
import { BackOfficeLayout } from './shell/back-office-layout';
import { DashboardPage } from './dashboard/components/dashboard-page';
import { ProductsPage } from './products/components/products-page';
import { OrdersPage } from './orders/components/orders-page';
import { QuotesPage } from './quotes/components/quotes-page';
import { UsersPage } from './users/components/users-page';
import { ReviewsPage } from './reviews/components/reviews-page';
import { AuditPage } from './audit/components/audit-page';
import { DeliveriesPage } from './delivery/components/deliveries-page';
import { DeliverySettingsPage } from './delivery/components/delivery-settings-page';

/** The back office under /admin/* (lazy chunk; the router guards it with the staff roles). */
export default function BackOfficeApp() {
  return (
    <BackOfficeLayout>
      <Routes>
        <Route index element={<DashboardPage />} />
        <Route path="products" element={<ProductsPage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="quotes" element={<QuotesPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="reviews" element={<ReviewsPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="deliveries" element={<DeliveriesPage />} />
        <Route path="delivery-settings" element={<DeliverySettingsPage />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </BackOfficeLayout>
  );
}
