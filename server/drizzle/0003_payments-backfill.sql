-- Orders cancelled before payments existed took no money: their payment is cancelled, not awaited.
UPDATE "orders" SET "payment_status" = 'cancelled' WHERE "status" = 'cancelled';
