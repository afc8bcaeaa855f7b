import { and, count, desc, eq, gte, ne, sql, type SQL } from 'drizzle-orm';
import {
  FEATURED_REVIEWS,
  REVIEWER_ROLE,
  REVIEW_QUALIFYING_ORDER_STATUS,
  newId,
  reviewAuthorName,
  type FeaturedReview,
  type MyReview,
  type Paged,
  type Review,
  type ReviewCreate,
  type ReviewStatus,
  type StaffReview,
  type StaffReviewListQuery,
} from '@shop/common';
import { recordAudit, type Actor } from '../audit/audit-log.js';
import type { Db } from '../../db/client.js';
import { offsetOf, toPage, type PageRequest } from '../../db/paging.js';
import { orderLines, orders, products, reviews, users, type ReviewRow } from '../../db/schema.js';
import { isStaff, type CurrentUser } from '../../plugins/auth.js';
import { conflict, forbidden, notFound } from '../../plugins/errors.js';
import { isVisibleToShoppers, visibleToShoppers } from '../products/shopper-visibility.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const productNotFound = () => notFound('PRODUCT_NOT_FOUND', 'Product not found');
const reviewNotFound = () => notFound('REVIEW_NOT_FOUND', 'Review not found');
export const reviewNotAllowed = () =>
  forbidden(
    'Only customers whose order with this product has been confirmed can review it',
    'REVIEW_NOT_ALLOWED',
  );

/** Staff accounts never review: the shop does not rate its own goods (docs/decisions/014-saved-items-and-reviews.md). */
export const writesReviews = (user: CurrentUser): boolean => user.role === REVIEWER_ROLE;

function toReviewDto(row: ReviewRow): Review {
  return {
    _id: row.id,
    rating: row.rating,
    text: row.text,
    author: row.author,
    createdAt: row.createdAt.toISOString(),
  };
}

function toStaffReviewDto(row: ReviewRow, productName: string): StaffReview {
  return {
    ...toReviewDto(row),
    status: row.status,
    updatedAt: row.updatedAt.toISOString(),
    product: { _id: row.productId, name: productName },
  };
}

/** Moves a product's running rating by one review: +1 when it is published, −1 when it leaves. */
async function moveRating(tx: Tx, productId: string, rating: number, direction: 1 | -1): Promise<void> {
  await tx
    .update(products)
    .set({
      ratingSum: sql`${products.ratingSum} + ${rating * direction}`,
      ratingCount: sql`${products.ratingCount} + ${direction}`,
    })
    .where(eq(products.id, productId));
}

export class ReviewService {
  constructor(private readonly db: Db) {}

  /** Published reviews of a product shoppers can see (staff: any product), newest first. */
  async listForProduct(productId: string, page: PageRequest, asStaff: boolean): Promise<Paged<Review>> {
    const [product] = await this.db
      .select({ isDeleted: products.isDeleted, status: products.status, count: products.ratingCount })
      .from(products)
      .where(eq(products.id, productId));
    if (!product || (!asStaff && !isVisibleToShoppers(product))) throw productNotFound();
    const rows = await this.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.status, 'published')))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(page.limit)
      .offset(offsetOf(page));
    // The product's count is the number of its published reviews, kept with every change.
    return toPage(rows.map(toReviewDto), product.count, page);
  }

  /**
   * The home page's shopper voices: the newest published reviews of at least 4 stars with a text,
   * of products shoppers can see. No review, no block: the shop never shows invented praise.
   */
  async featured(limit: number): Promise<{ docs: FeaturedReview[] }> {
    const rows = await this.db
      .select({
        review: reviews,
        product: { _id: products.id, name: products.name, translations: products.translations },
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(
        and(
          eq(reviews.status, 'published'),
          gte(reviews.rating, FEATURED_REVIEWS.minRating),
          sql`length(trim(${reviews.text})) > 0`,
          visibleToShoppers,
        ),
      )
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit);
    return { docs: rows.map(({ review, product }) => ({ ...toReviewDto(review), product })) };
  }

  /** The caller's own review of a product, and whether they may write one now. */
  async mine(productId: string, user: CurrentUser): Promise<MyReview> {
    const [product] = await this.db
      .select({ isDeleted: products.isDeleted, status: products.status })
      .from(products)
      .where(eq(products.id, productId));
    if (!product || (!isStaff(user) && !isVisibleToShoppers(product))) throw productNotFound();
    const [own] = await this.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, user.id)));
    if (own) return { canReview: false, review: { ...toReviewDto(own), status: own.status } };
    const canReview =
      isVisibleToShoppers(product) &&
      writesReviews(user) &&
      (await this.hasBought(this.db, user.id, productId));
    return { canReview, review: null };
  }

  /**
   * Publishes a buyer's review and adds it to the product's rating in one transaction. The product
   * row is locked first, so concurrent reviews of one product queue up; the unique index on
   * (product, customer) makes a second review of the same product a 409, also under a race.
   */
  async create(productId: string, user: CurrentUser, input: ReviewCreate): Promise<Review> {
    return this.db.transaction(async (tx) => {
      const [product] = await tx
        .select({ isDeleted: products.isDeleted, status: products.status })
        .from(products)
        .where(eq(products.id, productId))
        .for('update');
      if (!product || !isVisibleToShoppers(product)) throw productNotFound();
      if (!writesReviews(user) || !(await this.hasBought(tx, user.id, productId))) throw reviewNotAllowed();
      const [row] = await tx
        .insert(reviews)
        .values({
          id: newId(),
          productId,
          userId: user.id,
          rating: input.rating,
          text: input.text,
          author: reviewAuthorName(user.fullName),
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict('REVIEW_EXISTS', 'You have already reviewed this product');
      await moveRating(tx, productId, row.rating, 1);
      return toReviewDto(row);
    });
  }

  /** Whether an order placed with the customer's phone holds the product and has been confirmed. */
  private async hasBought(executor: Db | Tx, userId: string, productId: string): Promise<boolean> {
    const rows = await executor
      .select({ orderId: orders.id })
      .from(users)
      .innerJoin(orders, eq(orders.phoneNumber, users.phoneNumber))
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(
        and(
          eq(users.id, userId),
          eq(orders.status, REVIEW_QUALIFYING_ORDER_STATUS),
          eq(orderLines.productId, productId),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  async listForStaff(query: StaffReviewListQuery): Promise<Paged<StaffReview>> {
    const conditions: SQL[] = [];
    if (query.status) conditions.push(eq(reviews.status, query.status));
    if (query.productId) conditions.push(eq(reviews.productId, query.productId));
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ review: reviews, productName: products.name })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .where(where)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(query.limit)
        .offset(offsetOf(query)),
      this.db.select({ total: count() }).from(reviews).where(where),
    ]);
    return toPage(
      rows.map(({ review, productName }) => toStaffReviewDto(review, productName)),
      total?.total ?? 0,
      query,
    );
  }

  /**
   * Hides or shows a review; the product's rating follows in the same transaction. Setting the
   * status a review already has changes nothing.
   */
  async setStatus(id: string, status: ReviewStatus, actor: Actor): Promise<StaffReview> {
    return this.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(reviews)
        .set({ status, updatedAt: sql`now()` })
        .where(and(eq(reviews.id, id), ne(reviews.status, status)))
        .returning();
      if (changed) {
        await moveRating(tx, changed.productId, changed.rating, status === 'published' ? 1 : -1);
        await recordAudit(tx, actor, {
          action: 'update',
          entity: 'review',
          entityId: id,
          before: { status: status === 'published' ? 'hidden' : 'published' },
          after: { status },
        });
      }
      const [current] = await tx
        .select({ review: reviews, productName: products.name })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .where(eq(reviews.id, id));
      if (!current) throw reviewNotFound();
      return toStaffReviewDto(current.review, current.productName);
    });
  }
}
